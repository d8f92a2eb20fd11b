import { describe, expect, it } from 'vitest';
import { placementCountsText } from './placement-counts-words';

describe('placementCountsText: what a suggestion of placements did', () => {
  const counts = { exact: 0, suggested: 2644, unmatched: 3118 };
  it('groups thousands and names the tolerance', () => {
    expect(placementCountsText({ ...counts, belowCurrent: { count: 0, amount: 0 } })).toBe(
      '0 on their exact salary, 2,644 on the nearest cell (within 10%), 3,118 left unplaced',
    );
  });

  // 651 Boston teachers paid above the Lunenburg schedule's top cell were placed on it, and their
  // next-year salaries fell by $3,040,879.88 with no word.
  it('says how many suggested cells put next year below this year, and by how much', () => {
    expect(placementCountsText({ ...counts, belowCurrent: { count: 651, amount: 3040879.88 } })).toBe(
      "0 on their exact salary, 2,644 on the nearest cell (within 10%), 3,118 left unplaced. 651 suggested placements put next year's salary below this year's ($3,040,879.88 less in all): check them before confirming",
    );
    expect(placementCountsText({ ...counts, belowCurrent: { count: 1, amount: 0.01 } })).toMatch(
      /1 suggested placement puts next year's salary below this year's \(\$0\.01 less in all\): check it before confirming$/,
    );
  });
});
