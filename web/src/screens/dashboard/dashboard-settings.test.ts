import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings } from './dashboard-settings';
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

  it('offers one year before the current fiscal year and five after', () => {
    expect(dashboardYears(2026)).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031]);
  });
});
