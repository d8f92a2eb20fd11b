import { describe, expect, it } from 'vitest';
import { rulesDisagreeText } from './import';

describe('what an import says of lines two function-code rules disagreed on', () => {
  it('names only the disagreements there were, one line or many', () => {
    expect(rulesDisagreeText({ codeConflicts: 0, fundConflicts: 0 })).toBeNull();
    expect(rulesDisagreeText({ codeConflicts: 0, fundConflicts: 1 })).toBe(
      'Function-code rules give 1 line different funds: those keep what the file gave them.',
    );
    expect(rulesDisagreeText({ codeConflicts: 1200, fundConflicts: 2 })).toBe(
      'Function-code rules give 1,200 lines different codes and 2 lines different funds: those keep what the file gave them.',
    );
  });

  it('counts a payroll’s open positions apart from its lines: they are vacant positions', () => {
    expect(rulesDisagreeText({ codeConflicts: 0, openPositionCodeConflicts: 1, fundConflicts: 0 })).toBe(
      'Function-code rules give 1 open position different codes: those keep what the file gave them.',
    );
    expect(rulesDisagreeText({ codeConflicts: 3, openPositionCodeConflicts: 2, fundConflicts: 0 })).toBe(
      'Function-code rules give 3 lines and 2 open positions different codes: those keep what the file gave them.',
    );
  });
});
