import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, SECTIONS } from './dashboard-settings';
import { dashboardYears } from './index';

describe('dashboard settings', () => {
  it('reads what was stored and ignores anything malformed or unknown', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(JSON.stringify({ hidden: ['salaries', 'nope', 3], decimals: 2 }))).toEqual({
      hidden: ['salaries'],
      decimals: 2,
    });
    expect(readSettings(JSON.stringify({ hidden: 'all', decimals: 7 }))).toEqual(DEFAULT_SETTINGS);
  });

  it('lets every card on the page be hidden, the spending, staffing and ledger cards too', () => {
    const hidden = ['nss', 'perPupil', 'staffing', 'actuals'];
    expect(readSettings(JSON.stringify({ hidden })).hidden).toEqual(hidden);
    expect(SECTIONS.map((s) => s.label)).toEqual([
      'Budget vs town guidance',
      'Employee totals',
      'Net School Spending',
      'Spending per Pupil',
      'Staffing',
      'Spent to Date',
      'Budget by category',
      'Budget by building',
      'Salary distribution',
      'Headcount by location',
    ]);
  });

  it('offers one year before the current fiscal year and five after', () => {
    expect(dashboardYears(2026)).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031]);
  });
});
