import { describe, expect, it } from 'vitest';
import { countedWord, staffSourceCaption } from './staff-source';

const roster = {
  budgetYearId: 1,
  fiscalYear: 2026,
  filled: 640,
  vacant: 5,
  frozen: 0,
  holders: 640,
  unpriced: 0,
};

describe('staffSourceCaption', () => {
  it('says a planned year counts the budgeted positions of the roster before it', () => {
    expect(staffSourceCaption({ source: 'roster', roster }, 2027)).toBe(
      'Budgeted positions of the FY26 roster: 640 filled, 5 vacant.',
    );
    expect(countedWord({ source: 'roster' })).toBe('Positions');
  });

  it('names holders that differ from filled positions, frozen and unpriced ones', () => {
    const caption = staffSourceCaption(
      { source: 'roster', roster: { ...roster, filled: 1200, holders: 1210, frozen: 2, unpriced: 1 } },
      2027,
    );
    expect(caption).toBe(
      'Budgeted positions of the FY26 roster: 1,200 filled (1,210 people), 5 vacant (1 unpriced, not in the salaries); 2 frozen, not counted.',
    );
  });

  it('says plainly when a year has neither employee lines nor a roster', () => {
    expect(staffSourceCaption({ source: 'none', roster: null }, 2031)).toBe(
      'FY31 has no employee lines, and no roster of positions budgets its salaries.',
    );
  });

  it('says nothing of a year counted from its own employee lines', () => {
    expect(staffSourceCaption({ source: 'lines', roster: null }, 2026)).toBeNull();
    expect(countedWord({ source: 'lines' })).toBe('Employees');
  });
});
