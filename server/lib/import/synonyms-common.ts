/**
 * Header names each field is known by, best first. A name starting with '~' is a weak synonym: an
 * exact match only makes a medium-confidence suggestion. `veto` words stop a partial match ('First
 * Name' is not a last name; 'FY24 Actual' is not the proposed amount).
 */
export interface FieldWords {
  names: string[];
  veto?: string[];
}

export const FISCAL_YEAR: FieldWords = {
  names: ['fiscal year', 'fy', '~year', '~fiscal yr', '~budget year'],
};
export const NOTES: FieldWords = { names: ['notes', 'note', 'comments', 'comment', 'remarks', 'memo'] };

/** A fund's column: MUNIS exports name the account string's fund segment 'fund' (0100: the general fund). */
export const FUND: FieldWords = {
  names: ['fund', 'fund code', 'fund number', 'fund no'],
  veto: ['description', 'name'],
};
