/* ------------------------------------------------------------------------------------------------
 * The one pattern matcher of rules people write: the position crosswalk's globs and regular
 * expressions (server/lib/crosswalk.ts) and the function-code rules' globs (shared/code-patterns.ts).
 * A rule is written by a person and matched against every title of a payroll, so no pattern may make
 * a match take more than a bounded amount of work, whatever the title:
 *
 * - a glob ('*' any run of characters, none included; '?' exactly one; the rest literal, covering
 *   the whole value, ignoring case) is matched by splitting it at its stars: the first piece must
 *   begin the value, the last must end it, and each piece between is found at its leftmost place
 *   after the one before (taking the leftmost place never loses a match, so nothing is retried).
 *   The work is at most the value's length times the longest piece, never exponential in the stars;
 * - a regular expression is run by RE2 (re2js, pure JavaScript): time linear in the value whatever
 *   the expression ('^(a|a)*$' included). RE2 has no backreferences and no lookaround; a pattern
 *   using them is refused with a message saying so. Linear, but not always cheap: an expression
 *   whose automaton is large (such as '(a|b)*a(a|b){20}') costs some microseconds per character, so
 *   a caller matching many values also bounds their length (the crosswalk: MAX_MATCHED_TITLE).
 * ---------------------------------------------------------------------------------------------- */
import { RE2JS } from 're2js';

/** One piece of a glob between stars: its text and whether it holds a '?' (then compared by hand). */
interface Piece {
  text: string;
  wild: boolean;
}

/** Whether `piece` matches `value` at `at` ('?' standing for any one character). */
function pieceAt(value: string, at: number, piece: Piece): boolean {
  if (at < 0 || at + piece.text.length > value.length) {
    return false;
  }
  if (!piece.wild) {
    return value.startsWith(piece.text, at);
  }
  for (let i = 0; i < piece.text.length; i += 1) {
    const c = piece.text[i];
    if (c !== '?' && c !== value[at + i]) {
      return false;
    }
  }
  return true;
}

/** Where `piece` first matches `value` from `from` on, ending by `end`, or -1. */
function findPiece(value: string, piece: Piece, from: number, end: number): number {
  const last = end - piece.text.length;
  if (!piece.wild) {
    const at = value.indexOf(piece.text, from);
    return at >= 0 && at <= last ? at : -1;
  }
  for (let at = from; at <= last; at += 1) {
    if (pieceAt(value, at, piece)) {
      return at;
    }
  }
  return -1;
}

/**
 * A compiled glob: whether a value matches it (whole value, ignoring case and surrounding spaces).
 * The glob is taken as written (trimmed); a glob without wildcards compares the whole value.
 */
export function compileGlob(glob: string): (value: string) => boolean {
  const pieces = glob
    .trim()
    .toLowerCase()
    .split('*')
    .map((text) => ({ text, wild: text.includes('?') }));
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const middle = pieces.slice(1, -1).filter((p) => p.text);
  const least = pieces.reduce((n, p) => n + p.text.length, 0);
  return (raw) => {
    const value = raw.trim().toLowerCase();
    if (value.length < least) {
      return false;
    }
    if (pieces.length === 1) {
      return value.length === first.text.length && pieceAt(value, 0, first);
    }
    const end = value.length - last.text.length;
    if (!pieceAt(value, 0, first) || !pieceAt(value, end, last)) {
      return false;
    }
    let at = first.text.length;
    for (const piece of middle) {
      const found = findPiece(value, piece, at, end);
      if (found < 0) {
        return false;
      }
      at = found + piece.text.length;
    }
    return true;
  };
}

/** Whether `value` matches `glob` (see compileGlob); compile once when matching many values. */
export const globMatches = (glob: string, value: string): boolean => compileGlob(glob)(value);

/** RE2's words for what it cannot read, and what to tell the person who wrote the pattern. */
const RE2_LIMITS: [RegExp, string][] = [
  [
    /invalid escape sequence: `\\(?:[1-9]|k)/,
    'backreferences (\\1, \\k<name>) are not supported: the matcher runs in time proportional to the title and cannot look back at what a group matched',
  ],
  [
    /invalid or unsupported Perl syntax: `\(\?[=!]|invalid named capture: `\(\?<[=!]/,
    'lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported: match the text itself instead',
  ],
  [/invalid escape sequence: `\\u/, 'write a character by its code as \\x{00e9}, not \\u00e9'],
  [/invalid repeat count/, 'a repeat count ({n} or {n,m}) is at most 1000'],
  [/invalid nested repetition operator/, 'a repetition cannot be repeated directly (write (?:a+)+ or a+)'],
  [/expression too large/, 'the expression is too large: write it shorter or with smaller repeat counts'],
];

/**
 * Why RE2 cannot compile `source`, in words a person can act on, to follow the pattern in a
 * sentence ("'(a)\1' cannot be used: backreferences …"), or null when it compiles.
 */
export function regexProblem(source: string): string | null {
  try {
    RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
    return null;
  } catch (err) {
    const message = (err as Error).message.replace(/^error parsing regexp: /, '');
    const known = RE2_LIMITS.find(([re]) => re.test(message));
    return known ? `cannot be used: ${known[1]}` : `is not a valid regular expression: ${message}`;
  }
}

/**
 * A compiled regular expression, searched in the value (trimmed), ignoring case, in linear time.
 * Throws on a pattern regexProblem refuses.
 */
export function compileRegex(source: string): (value: string) => boolean {
  const re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  return (value) => re.test(value.trim());
}
