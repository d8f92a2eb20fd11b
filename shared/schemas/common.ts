import { z } from 'zod';
import { MAX_MONEY, MAX_MONEY_TEXT, toCents, unitsOf } from '@shared/money';

export const ROLES = ['ADMIN', 'FINANCE', 'VIEW_ONLY'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const EMPLOYEE_STATUSES = ['Active', 'Retiring', 'Inactive'] as const;
export const SCENARIO_TYPES = ['operating', 'proposed'] as const;
export const GOAL_TYPES = ['DOLLAR', 'PERCENT', 'BOTH'] as const;
export const CONTRACT_STATUSES = ['NEGOTIATING', 'SETTLED', 'EXPIRED'] as const;
export const VERSION_STATUSES = ['DRAFT', 'FINAL', 'ARCHIVED'] as const;
export const BUILDING_TYPES = ['preschool', 'elementary', 'middle', 'high', 'special'] as const;
export const LINK_TYPES = ['website', 'document', 'video'] as const;

/** PostgreSQL's largest integer: the id columns are integer, so no row has an id beyond it. */
export const MAX_ID = 2_147_483_647;
/**
 * The audit log's ids are bigint. JSON and JavaScript hold whole numbers exactly up to 2^53 - 1, so
 * that is the largest such id the API reads.
 */
export const MAX_AUDIT_ID = Number.MAX_SAFE_INTEGER;
const ID_MESSAGE = 'Expected a positive whole number';
/**
 * An id past the column is refused at the edge: sent to the database it would fail the statement
 * (a 500), and no row could answer to it anyway.
 */
export const idTooLarge = (max = MAX_ID) => `Too large for an id (ids go up to ${max})`;

/**
 * A positive integer id as text in a path or a query string (or as a number, from the CLI): digits
 * only. Number('1e3') is 1000 and Number(' 7') is 7, so a coercing parse would act on another row
 * than the one named; '1e3', '0x10', '7.0', '+7' and ' 7' are refused instead. `message` refuses
 * what is not a positive whole number (`missing`, when given, an absent one); an id too large for
 * the column is refused as too large.
 */
export const idTextWith = (message: string, options: { max?: number; missing?: string } = {}) => {
  const max = options.max ?? MAX_ID;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,30}$/)
          .transform(Number),
      ],
      { error: (issue) => (issue.input === undefined ? (options.missing ?? message) : message) },
    )
    .pipe(z.number().int(message).positive(message).max(max, idTooLarge(max)));
};

export const idText = idTextWith(ID_MESSAGE);
/** An audit log id (bigint) as text or a number, e.g. where the security log pages back from. */
export const auditIdText = idTextWith(ID_MESSAGE, { max: MAX_AUDIT_ID });

/**
 * A positive integer id in a JSON body: a number (text is refused: the screens send numbers),
 * within the integer id columns. `message` replaces zod's wording for what is not a positive whole
 * number, `typeMessage` for what is not a number at all (a missing id, a name); an id too large for
 * the column is refused as too large.
 */
export const idNumberWith = (message?: string, typeMessage = message) =>
  z
    .number(typeMessage === undefined ? undefined : { error: typeMessage })
    .int(message)
    .positive(message)
    .max(MAX_ID, idTooLarge());

/** A positive integer id in a JSON body, with zod's own wording for what is not one. */
export const idNumber = idNumberWith();

/** An id as the key of a JSON object (line id -> percent kept): digits without a leading zero. */
export const idKey = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,29}$/, message)
    .refine((key) => Number(key) <= MAX_ID, idTooLarge());

/** A positive integer id in a path, e.g. /auth/users/:id. */
export const idParams = z.strictObject({ id: idText });

/** The years a date typed into the app may fall in: hire dates, departures, settlements. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2199;

/**
 * Whether `s` is a real calendar day written 'YYYY-MM-DD' between MIN_DATE_YEAR and MAX_DATE_YEAR:
 * 2025-02-30 is refused, and so is year 0000, which PostgreSQL refuses with an error that would
 * otherwise reach the user as a 500.
 */
export function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) {
    return false;
  }
  const year = Number(m[1]);
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) {
    return false;
  }
  // A month or day out of any range (2025-13-45) makes no date at all, and toISOString throws on it.
  const date = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
}

/**
 * The code of the 409 that refuses a write into a year a budget stage locked or a close closed
 * (its words: lockedYearMessage): screens tell that refusal by this, never by its wording.
 */
export const YEAR_LOCKED = 'YEAR_LOCKED';

/** Every error answer has this shape: a human message, an UPPER_SNAKE code, and details if any. */
export const errorSchema = z.object({
  error: z.string(),
  /** CONFLICT, VALIDATION_FAILED, NOT_FOUND, ... and YEAR_LOCKED for a locked or closed year. */
  code: z.string(),
  details: z.array(z.unknown()).optional(),
});

export const messageSchema = z.object({ message: z.string() });

/** ISO 8601 timestamp strings in every response. */
export const isoDate = z.string().nullable();

/* ------------------------------------------------------------------------------------------------
 * Money: parsing, cents arithmetic and formatting live in shared/money.ts (the one home); these
 * are the zod shapes money takes at the API's edge, in both directions.
 * ---------------------------------------------------------------------------------------------- */

export {
  MAX_MONEY,
  MAX_MONEY_CENTS,
  MAX_MONEY_TEXT,
  decimalText,
  divideRounded,
  fromCents,
  fromUnits,
  toCents,
  unitsOf,
} from '@shared/money';

/**
 * Money in every response: a JSON number of dollars with at most 2 decimals (311865755.6 is
 * $311,865,755.60). The server reads it from PostgreSQL's numeric text or writes it from integer
 * cents, never from a floating-point sum, so it is exact to the cent for any amount numeric(14,2)
 * holds (far below 2^53 cents); a client sums such amounts through cents (toCents). Named `Money`
 * in the OpenAPI document (server/openapi.ts). The test servers hold every response to it, so an
 * amount with a fraction of a cent (a float sum or an unrounded average) fails the test that sent it.
 */
export const moneyOut = z
  .number()
  .refine((v) => toCents(v) !== null, 'Money is a whole number of cents')
  .meta({
    id: 'Money',
    description:
      'US dollars as a JSON number with at most 2 decimals (1234.5 is $1,234.50). Exact to the cent: ' +
      'the server reads it from numeric(14,2) columns or writes it from integer cents, never from a ' +
      'floating-point sum; a client adding amounts converts each to whole cents first.',
  });

/**
 * An import's reconciliation shows a file's amounts exactly as the file wrote them, which may be
 * finer than a cent ('1234.565', rounded to '1234.57' when stored): decimal text, so the extra
 * digits reach the person reconciling. Named `FileDecimal` in the OpenAPI document; it is not how
 * the API sends money (see moneyOut), only how it quotes a file.
 */
export const fileDecimal = z
  .string()
  .regex(/^-?\d+\.\d{2,}$/)
  .meta({
    id: 'FileDecimal',
    description:
      "An amount exactly as an imported file wrote it, as decimal text with at least 2 decimals ('1234.565'): " +
      'only the import reconciliation quotes files this way; money the workbench holds is a Money.',
  });

/**
 * Dollars in a request: a JSON number with at most 2 decimals within numeric(14,2), checked on its
 * exact decimal text. Too many decimals are refused, never rounded: the person typing can say what
 * they meant, and a silently moved cent is the kind of difference an audit has to explain.
 */
export function moneyInput(
  options: { negative?: boolean; label?: string; typeMessage?: string; negativeMessage?: string } = {},
) {
  const label = options.label ?? 'Amount';
  const schema = z.number({ error: options.typeMessage ?? 'Enter an amount in dollars' }).finite();
  return (
    options.negative
      ? schema.min(-MAX_MONEY, `${label} is too large (at most ${MAX_MONEY_TEXT} either way)`)
      : schema.min(0, options.negativeMessage ?? 'Amounts cannot be negative')
  )
    .max(MAX_MONEY, `${label} is too large (at most ${MAX_MONEY_TEXT})`)
    .refine((v) => toCents(v) !== null, 'Use at most 2 decimal places');
}

/** A percent from 0 to 100 with at most 2 decimals (COLA rates, percent kept, floors), checked on exact text. */
export function isPercent(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 100 &&
    unitsOf(value, 2) !== null
  );
}

/** A scenario (COLA or cut) needs a name. */
export const SCENARIO_NAME_MESSAGE = 'Scenario name cannot be empty';
