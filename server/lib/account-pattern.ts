/* ------------------------------------------------------------------------------------------------
 * Account patterns: where the fund, the DESE function code, the object code and the location sit
 * inside a ledger account string. One parser for the ledger import, budget vs actual and anything
 * else that splits an account ('0100-3-300-4220-01-1-74-2-535006' -> fund 0100, function 4220,
 * object 535006).
 * Imports nothing, so schemas' users, the web app and the CLI can call it too.
 *
 * A pattern is the account's segments, written with the account's own separators ('-', '.', '/',
 * ' ' or '_'), each segment one of:
 *   FUND     the fund code (one segment), matched to a fund's code in any letter case
 *   FUNC     the DESE function code: 4 digits
 *   OBJECT   the object code (what is bought: salaries, supplies): letters or digits
 *   LOC      the location (building) code, matched to a building's code
 *   x, xxx   exactly that many letters or digits, ignored (a run of x's)
 *   ...      any number of segments (none included), ignored; at most once in a pattern
 *   a word   any other lower-case word ('fund', 'org'): one segment of any length, ignored
 * Lunenburg's MUNIS accounts: 'FUND-x-xxx-FUNC-...-OBJECT' (0100-3-300-2305-03-2-10-1-511001: fund
 * 0100). Before FUND existed the default wrote the fund as the ignored word 'fund'
 * ('fund-x-xxx-FUNC-...-OBJECT'), which migration 20261203000100 moved to this one.
 *
 * Why the bounds: every segment but '...' matches in one way (a segment runs to the next separator),
 * so with one '...' an account is tried at most once per way of splitting it there: work at most
 * the square of its length. Each further '...' would multiply that by the length again (six of them
 * held the server for seconds on one long account). An account is at most MAX_ACCOUNT_LENGTH
 * characters (a real one is under 60); a longer one is not read, and the import says which rows.
 * ---------------------------------------------------------------------------------------------- */

/** What an account string holds, as the pattern reads it. */
export interface AccountParts {
  /** The FUND segment as written ('0100'), or null when the pattern has no FUND. */
  fundCode: string | null;
  functionCode: string | null;
  objectCode: string | null;
  locationCode: string | null;
}

export type AccountParse = ({ ok: true } & AccountParts) | { ok: false; reason: string };

export interface AccountPattern {
  /** The pattern as written (trimmed). */
  text: string;
  parse(account: string): AccountParse;
}

/** Lunenburg's MUNIS layout; a new installation starts with it. */
export const DEFAULT_ACCOUNT_PATTERN = 'FUND-x-xxx-FUNC-...-OBJECT';
export const MAX_ACCOUNT_PATTERN_LENGTH = 200;
/** The longest account string read (trimmed); a ledger's accounts are under 60 characters. */
export const MAX_ACCOUNT_LENGTH = 100;

const SEPARATOR = /[-./_ ]/;
const SEGMENT = '[0-9A-Za-z]+';
const TOKENS = ['FUND', 'FUNC', 'OBJECT', 'LOC'] as const;
type Token = (typeof TOKENS)[number];

/** A refused pattern: the reason, for a 400 naming the field. */
export class AccountPatternError extends Error {}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression piece of one segment, and the token it captures (if any). */
function segmentSource(segment: string): { source: string; token: Token | null } {
  if ((TOKENS as readonly string[]).includes(segment)) {
    return {
      source: segment === 'FUNC' ? '([0-9]{4})' : `(${SEGMENT})`,
      token: segment as Token,
    };
  }
  if (/^x+$/.test(segment)) {
    return { source: `[0-9A-Za-z]{${segment.length}}`, token: null };
  }
  if (/^[a-z][a-z0-9]*$/.test(segment)) {
    return { source: SEGMENT, token: null };
  }
  throw new AccountPatternError(
    `'${segment}' is not a segment: use FUND, FUNC, OBJECT, LOC, x's (one per character), ... (any segments, once at most) or a lower-case word (one segment)`,
  );
}

/**
 * The pattern's segments, each with the separator after it ('' for the last). '...' is a segment
 * of its own even beside '.' separators ('xx.FUNC....' is xx, FUNC, ...).
 */
function segmentsOf(text: string): { segment: string; separator: string }[] {
  const out: { segment: string; separator: string }[] = [];
  let i = 0;
  while (i < text.length) {
    let segment: string;
    if (text.startsWith('...', i)) {
      segment = '...';
      i += 3;
    } else {
      let j = i;
      while (j < text.length && !SEPARATOR.test(text[j])) {
        j += 1;
      }
      segment = text.slice(i, j);
      i = j;
    }
    if (!segment) {
      throw new AccountPatternError('Two separators with no segment between them');
    }
    const separator = i < text.length ? text[i] : '';
    i += separator.length;
    if (separator && i === text.length) {
      throw new AccountPatternError('The pattern ends with a separator');
    }
    out.push({ segment, separator });
  }
  return out;
}

/**
 * Compiles a pattern, or throws AccountPatternError saying what is wrong: blank, too long, no FUNC,
 * a token twice, an unknown segment, '...' more than once, or separators with nothing between.
 */
export function compileAccountPattern(raw: string): AccountPattern {
  const text = raw.trim();
  if (!text) {
    throw new AccountPatternError(`Write the account pattern, e.g. ${DEFAULT_ACCOUNT_PATTERN}`);
  }
  if (text.length > MAX_ACCOUNT_PATTERN_LENGTH) {
    throw new AccountPatternError(`An account pattern has at most ${MAX_ACCOUNT_PATTERN_LENGTH} characters`);
  }
  const order: Token[] = [];
  let source = '^';
  let previous = { segment: '', separator: '' };
  const segments = segmentsOf(text);
  const anyRuns = segments.filter((p) => p.segment === '...').length;
  if (anyRuns > 1) {
    throw new AccountPatternError(
      `The account pattern '${text.length > 60 ? `${text.slice(0, 60)}…` : text}' writes '...' ${anyRuns} times: write it at most once (it stands for any number of segments; name the others with x's or a word)`,
    );
  }
  for (const { segment, separator } of segments) {
    if (segment === '...') {
      if (separator) {
        // Any number of segments, each followed by this separator.
        source += `(?:${SEGMENT}${escape(separator)})*`;
      } else if (previous.separator) {
        // Last: the separator before it goes with the segments it stands for, which may be none.
        source = source.slice(0, -escape(previous.separator).length);
        source += `(?:${escape(previous.separator)}${SEGMENT}(?:[-./_ ]${SEGMENT})*)?`;
      } else {
        source += `(?:${SEGMENT}(?:[-./_ ]${SEGMENT})*)?`;
      }
    } else {
      const piece = segmentSource(segment);
      if (piece.token) {
        if (order.includes(piece.token)) {
          throw new AccountPatternError(`${piece.token} appears twice`);
        }
        order.push(piece.token);
      }
      source += piece.source + escape(separator);
    }
    previous = { segment, separator };
  }
  if (!order.includes('FUNC')) {
    throw new AccountPatternError('The pattern must say where the DESE function code is: FUNC');
  }
  const re = new RegExp(`${source}$`);
  return {
    text,
    parse(account: string): AccountParse {
      const value = account.trim();
      if (!value) {
        return { ok: false, reason: 'no account number' };
      }
      if (value.length > MAX_ACCOUNT_LENGTH) {
        return {
          ok: false,
          reason: `account '${value.slice(0, 30)}…' is ${value.length} characters long: an account is at most ${MAX_ACCOUNT_LENGTH}`,
        };
      }
      const m = re.exec(value);
      if (!m) {
        return { ok: false, reason: `account '${value}' does not match the pattern ${text}` };
      }
      const at = (token: Token) => {
        const k = order.indexOf(token);
        return k < 0 ? null : m[k + 1];
      };
      return {
        ok: true,
        fundCode: at('FUND'),
        functionCode: at('FUNC'),
        objectCode: at('OBJECT'),
        locationCode: at('LOC'),
      };
    },
  };
}

/** The problem with a pattern, or null when it compiles. */
export function accountPatternProblem(raw: string): string | null {
  try {
    compileAccountPattern(raw);
    return null;
  } catch (err) {
    if (err instanceof AccountPatternError) {
      return err.message;
    }
    throw err;
  }
}
