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
});
