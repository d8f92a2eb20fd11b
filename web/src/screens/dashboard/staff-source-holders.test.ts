import { describe, expect, it } from 'vitest';
import { staffSourceCaption } from './staff-source';

/**
 * The Employee card's caption of a planned year names the people who hold the roster's filled
 * positions, each once: fewer people than positions when someone holds two, one when one does.
 */
const roster = {
  budgetYearId: 1,
  fiscalYear: 2026,
  filled: 507,
  vacant: 12,
  frozen: 0,
  holders: 507,
  unpriced: 0,
};

describe('staffSourceCaption of a roster whose holders hold more than one position', () => {
  it('says there are fewer people than filled positions', () => {
    expect(staffSourceCaption({ source: 'roster', roster: { ...roster, holders: 506 } }, 2027)).toBe(
      'Budgeted positions of the FY26 roster: 507 filled (506 people), 12 vacant.',
    );
  });

  it('says one person for two filled positions held by one', () => {
    expect(staffSourceCaption({ source: 'roster', roster: { ...roster, filled: 2, holders: 1 } }, 2027)).toBe(
      'Budgeted positions of the FY26 roster: 2 filled (1 person), 12 vacant.',
    );
  });
});
