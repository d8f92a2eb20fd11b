import { describe, expect, it } from 'vitest';
import { excludedNote } from './year-state';
import { noStaffText } from './staff-source';

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

  // A planned year's salary cards count the people the staff cards do: the roster's holders.
  it('says a planned year counts the roster’s holders at their budgeted salaries', () => {
    const from = { source: 'roster' as const, roster: { budgetYearId: 1, fiscalYear: 2026 } };
    expect(excludedNote('teachers', 3, 5, 'FY27', from)).toBe(
      "Budgeted FY27 salaries of the FY26 roster's position holders (people, not FTE) whose work group or position names teachers, above $0. 3 teachers in ranges of fewer than 5 people are not shown.",
    );
    expect(excludedNote('paraeducators', 0, 5, 'FY26', { source: 'lines', roster: null })).toMatch(
      /^Counts FY26 employee lines/,
    );
  });

  it('says only what is hidden for a year with no one to count (the card says why: noStaffText)', () => {
    expect(excludedNote('teachers', 0, 5, 'FY31', { source: 'none', roster: null })).toBe(
      'Ranges of fewer than 5 people are not shown.',
    );
    expect(noStaffText(2031)).toBe(
      'FY31 has no employee lines, and no roster of positions budgets its salaries.',
    );
  });
});
