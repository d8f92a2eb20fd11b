/* ------------------------------------------------------------------------------------------------
 * The patterns of function-code rules: a position title or an account, exact or
 * a glob. '*' stands for any run of characters (none included), '?' for exactly one; everything
 * else is itself. Matching ignores case and the value's surrounding spaces and covers the whole
 * value: 'Teacher*' finds 'Teacher - Grade 3' but not 'Art Teacher'; '0100-3-300-0300-*' finds
 * every account of that function segment. One rule in TypeScript (matchesPattern, for the web
 * app's preview and the tests: the crosswalk's glob matcher, shared/pattern-match.ts, whose
 * work is bounded whatever the stars) and in SQL (globToLike, used by server/domains/massachusetts/queries/function-code-rules;
 * PostgreSQL's LIKE gives up on a '%' as soon as the rest cannot match, so it is not exponential
 * either).
 * ---------------------------------------------------------------------------------------------- */
import { globMatches } from './pattern-match';

export const MAX_PATTERN_LENGTH = 200;

export type PatternKind = 'position' | 'account';

/** Characters an account pattern may hold: letters, digits, the separators accounts use, wildcards. */
const ACCOUNT_CHARACTERS = /^[0-9A-Za-z\-./_ *?]+$/;

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether a value is a pattern (holds a wildcard) rather than an exact title or account. */
export const isPattern = (text: string): boolean => /[*?]/.test(text);

/**
 * What is wrong with a rule's title or account pattern, naming it, or null when it is usable: blank,
 * too long, control characters, nothing but wildcards (it would match every line), or (accounts)
 * a character no account holds.
 */
export function patternProblem(kind: PatternKind, raw: string): string | null {
  const text = raw.trim();
  const what = kind === 'position' ? 'position title' : 'account';
  if (!text) {
    return `Write the ${what} or a pattern such as ${kind === 'position' ? "'Teacher*'" : "'0100-3-300-2305-*'"}`;
  }
  if (text.length > MAX_PATTERN_LENGTH) {
    return `The ${what} pattern '${text.slice(0, 40)}…' is longer than ${MAX_PATTERN_LENGTH} characters`;
  }
  if (CONTROL.test(text)) {
    return `The ${what} pattern '${text.replace(CONTROL, '?')}' holds a control character`;
  }
  if (!/[^*?\s]/.test(text)) {
    return `The ${what} pattern '${text}' is only wildcards: it would match every line. Name part of the ${what}`;
  }
  if (kind === 'account' && !ACCOUNT_CHARACTERS.test(text)) {
    const bad = [...text].find((c) => !ACCOUNT_CHARACTERS.test(c));
    return `The account pattern '${text}' holds '${bad}': use letters, digits, the separators - . / _ and space, and the wildcards * and ?`;
  }
  return null;
}

/** The SQL LIKE pattern of a glob (ILIKE it, default escape '\'): %, _ and \ are escaped first. */
export function globToLike(glob: string): string {
  return glob
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%')
    .replace(/\?/g, '_');
}

/** Whether a value matches a rule's text: exactly (ignoring case and spaces), or as a glob. */
export function matchesPattern(text: string, value: string | null | undefined): boolean {
  if (value === null || value === undefined) {
    return false;
  }
  const v = value.trim().toLowerCase();
  const t = text.trim().toLowerCase();
  if (!isPattern(t)) {
    return v === t;
  }
  return globMatches(t, v);
}
