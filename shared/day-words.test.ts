import { describe, expect, it } from 'vitest';
import { americanDate, longDate } from './day-words';

describe('how a day is written', () => {
  // QA: Budget Stages wrote a vote '12 March 2027' beside the app's 'Mar 12, 2027' (formatDay), and
  // the stage line on every grid and the comparison kept the first way after the screen changed.
  it('writes a day the staff way everywhere (screens, CLI, server messages)', () => {
    expect(longDate('2027-03-12')).toBe('Mar 12, 2027');
    expect(longDate('2026-09-01T04:00:00.000Z')).toBe('Sep 1, 2026');
  });

  it("writes the resident page's day with the month spelled out", () => {
    expect(americanDate('2027-03-12')).toBe('March 12, 2027');
  });
});
