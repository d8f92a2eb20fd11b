import { describe, expect, it } from 'vitest';
import { excludedNote } from './year-state';

describe('excludedNote', () => {
  // The Teacher Salaries donut (270 in the demo's FY26) differs from Salary Verification's band of
  // the Teachers work group (238) and COLA's Active employees (235): it says what it counts.
  it('says the donut counts the year’s employee lines by work group or position, not FTE', () => {
    const note = excludedNote('teachers', 7, 5, 'FY26');
    expect(note).toBe(
      'Counts FY26 employee lines (people, not FTE) whose work group or position names teachers, with a salary above $0. 7 teachers in ranges of fewer than 5 people are not shown.',
    );
    expect(excludedNote('paraeducators', 0, 5, 'FY26')).toMatch(
      /^Counts FY26 employee lines \(people, not FTE\).* Ranges of fewer than 5 people are not shown\.$/,
    );
  });
});
