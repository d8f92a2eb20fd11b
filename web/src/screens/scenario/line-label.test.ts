import { describe, expect, it } from 'vitest';
import { lineLabel } from './line-label';

const line = (accountDesc: string | null, building: string | null) => ({
  id: 7,
  accountDesc,
  accountLine: '01-120-2305-5110',
  building: building ? { name: building } : null,
});

describe('lineLabel', () => {
  it('puts the building on its own line, keeping what tells two lines of a building apart', () => {
    const school = 'Center Street Elementary School';
    expect(lineLabel(line(`Teachers Salaries - ${school}`, school))).toEqual({
      main: 'Teachers Salaries',
      place: school,
      whole: `Teachers Salaries - ${school}`,
    });
    expect(lineLabel(line(`Teachers Salaries - ${school} (Title I, Part A)`, school)).main).toBe(
      'Teachers Salaries (Title I, Part A)',
    );
  });

  it('keeps a description that does not name its building whole', () => {
    expect(lineLabel(line('Paraprofessionals Salaries - District Wide', null))).toEqual({
      main: 'Paraprofessionals Salaries - District Wide',
      place: 'District Wide',
      whole: 'Paraprofessionals Salaries - District Wide',
    });
    expect(lineLabel(line('Copier lease', 'Hillside Elementary School')).main).toBe('Copier lease');
    expect(lineLabel(line(null, null)).main).toBe('01-120-2305-5110');
  });
});
