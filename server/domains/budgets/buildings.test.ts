import { describe, expect, it } from 'vitest';
import { normaliseBuildingName } from '@server/lib/building-match';
import { buildingMatcher } from './buildings';

const BUILDINGS = [
  { id: 1, name: 'Millbrook High School', code: 'MHS' },
  { id: 2, name: 'Hillside Elementary School', code: 'HSE' },
  { id: 3, name: 'Hillcrest Elementary School', code: null },
  { id: 4, name: "St. Mary's Pre-School", code: 'SMP' },
  { id: 5, name: 'Center Street Elementary School', code: 'CSE' },
  { id: 6, name: 'Whitcomb Middle School', code: 'WMS' },
];
const match = buildingMatcher(BUILDINGS);
const at = (locationCode: string | null, department: string | null = null) =>
  match({ locationCode, department });

describe('normaliseBuildingName', () => {
  it('ignores case and punctuation and spells out abbreviations', () => {
    expect(normaliseBuildingName('Millbrook HS')).toBe('millbrook high school');
    expect(normaliseBuildingName('  MILLBROOK  High-School. ')).toBe('millbrook high school');
    expect(normaliseBuildingName('St Marys Preschool')).toBe(normaliseBuildingName("St. Mary's Pre-School"));
    expect(normaliseBuildingName('Center St. Elem. Sch')).toBe('center street elementary school');
    expect(normaliseBuildingName('Arts & Sciences')).toBe('arts and sciences');
  });
});

describe('buildingMatcher', () => {
  it('matches a location code to a building code first, ignoring case and spaces', () => {
    expect(at(' mhs ')).toEqual({ buildingId: 1, method: 'code' });
    expect(at('HSE', 'Whitcomb Middle School')).toEqual({ buildingId: 2, method: 'code' });
  });

  it('matches the same name from the location code or the department', () => {
    expect(at('Millbrook HS')).toEqual({ buildingId: 1, method: 'name' });
    expect(at('X9', 'Whitcomb MS')).toEqual({ buildingId: 6, method: 'name' });
    expect(at(null, 'Center St Elementary School')).toEqual({ buildingId: 5, method: 'name' });
  });

  it('matches a unique whole-word name prefix of a location code only', () => {
    expect(at('HILLSIDE')).toEqual({ buildingId: 2, method: 'name-prefix' });
    expect(at('WHITCOMB')).toEqual({ buildingId: 6, method: 'name-prefix' });
    expect(at('Hillside Elem')).toEqual({ buildingId: 2, method: 'name-prefix' });
  });

  it('links nothing that is ambiguous, too short, partial-word or unknown', () => {
    expect(at('DW')).toBeNull();
    expect(at('HILL')).toBeNull(); // 'hill' is not a whole word of either Hill... school
    expect(at('MILL')).toBeNull();
    expect(at(null, 'Mathematics')).toBeNull();
    expect(at(null, 'Millbrook')).toBeNull(); // prefixes apply to location codes, not departments
    expect(at('')).toBeNull();
    const twins = buildingMatcher([
      { id: 1, name: 'Oak School', code: null },
      { id: 2, name: 'Oak School', code: null },
    ]);
    expect(twins({ locationCode: 'Oak School', department: null })).toBeNull();
  });
});
