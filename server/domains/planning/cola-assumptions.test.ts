import { describe, expect, it } from 'vitest';
import { colaYearSourcesOf } from './cola-assumptions';

// The RIF gap's and the multi-year projection's warnings count employees as people read counts:
// 'Custodians (1,113)' and '24,417 employees have no work group', not '24417'.
describe('colaYearSourcesOf warnings', () => {
  it('group the counts of employees they name', () => {
    const { colaWarnings } = colaYearSourcesOf(2027, [
      {
        workGroupId: 7,
        workGroup: 'Custodians',
        colaSource: 'NONE',
        colaPercentage: null,
        employees: 1113,
        colaAmount: '0.00',
      },
      {
        workGroupId: null,
        workGroup: null,
        colaSource: 'NONE',
        colaPercentage: null,
        employees: 24417,
        colaAmount: '0.00',
      },
    ]);
    expect(colaWarnings).toEqual([
      'FY27 assumes 0% COLA for Custodians (1,113): no contract, COLA scenario setting or long-term COLA assumption covers FY27.',
      'FY27: 24,417 employees have no work group, so no COLA is applied to them.',
    ]);
  });
});
