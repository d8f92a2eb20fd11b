import type { ImportResult } from '@shared/schemas/import';

/** An import result's rule effects when no function-code or fund rule applied (the wizard's tests). */
export const NO_RULE_EFFECTS: ImportResult['fromRules'] = {
  functionCodes: 0,
  openPositionCodes: 0,
  funds: 0,
  codeConflicts: 0,
  openPositionCodeConflicts: 0,
  fundConflicts: 0,
};
