import { describe, expect, it } from 'vitest';
import { lockedYearMessage, stageCaption } from './budget-stages';

// The refusal is quoted beside the screens' own words ('No file can be imported into FY26'), so it
// names the year as they do: one spelling of a year in one alert.
describe('lockedYearMessage', () => {
  it('names a voted year as the screens do (FY26)', () => {
    expect(lockedYearMessage(2026, 'SCHOOL_COMMITTEE_ADOPTED')).toBe(
      'FY26 is School Committee Adopted: its lines cannot change until an administrator reopens it with a reason',
    );
  });

  it('names a closed year, and the year whose appropriation closed it, as the screens do', () => {
    expect(lockedYearMessage(2026, 'REVISED', true, 2028)).toBe(
      "FY26 is closed (Revised: FY28 is appropriated, two years on): it is read-only history, and nothing in it can change until an administrator reopens it with a reason (Budget Stages, 'Reopen the closed year')",
    );
    expect(lockedYearMessage(2005, 'DRAFT', true)).toMatch(/^FY05 is closed \(Draft\): /);
  });
});

describe('stageCaption', () => {
  it('names the year whose appropriation closed this one as the screens do', () => {
    const state = { stage: 'DRAFT', date: null, reopened: false, closed: true, locked: true } as const;
    expect(stageCaption({ ...state, closedBy: 2028 })).toBe(
      "Draft, closed since FY28's appropriation: read-only history",
    );
  });
});
