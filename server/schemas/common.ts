import { z } from 'zod';

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

/** PostgreSQL's largest integer: the id columns are integer. */
export const MAX_ID = 2_147_483_647;
const ID_MESSAGE = 'Expected a positive whole number';
/**
 * A positive integer id as text in a path or a query string (or as a number, from the CLI): digits
 * only. Number('1e3') is 1000 and Number(' 7') is 7, so a coercing parse would act on another row
 * than the one named; '1e3', '0x10', '7.0', '+7' and ' 7' are refused instead.
 */
export const idTextWith = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).positive(message).max(MAX_ID, message));

export const idText = idTextWith(ID_MESSAGE);

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
  return new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
}

/** Every error answer has this shape (DESIGN section 3). */
export const errorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.unknown()).optional(),
});

export const messageSchema = z.object({ message: z.string() });

/** ISO 8601 timestamp strings in every response. */
export const isoDate = z.string().nullable();

/* ------------------------------------------------------------------------------------------------
 * Money and other exact decimals. A JSON number such as 311865755.60 reaches JavaScript as the
 * nearest double; its shortest decimal text (what String() and JSON.stringify write) is exactly the
 * digits a person typed whenever they typed at most 15 significant digits, which every amount a
 * numeric(14,2) column holds does. So decimal places are counted on that text and arithmetic is
 * done on integer units (BigInt cents), never by testing `v * 100` in floating point, which refused
 * about one valid amount in ten above $134,217,728.
 * ---------------------------------------------------------------------------------------------- */

/** The largest amount a numeric(14,2) column holds, in cents, dollars and text. */
export const MAX_MONEY_CENTS = 99_999_999_999_999n;
export const MAX_MONEY = 999_999_999_999.99;
export const MAX_MONEY_TEXT = '999,999,999,999.99';

/**
 * The plain decimal text of a finite number, without exponent: 1e-7 -> '0.0000001',
 * 1.5e21 -> '1500000000000000000000', 311865755.6 -> '311865755.6'. Null for NaN and infinities.
 */
export function decimalText(value: number): string | null {
  if (!Number.isFinite(value)) {
    return null;
  }
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!m) {
    return null;
  }
  const [, sign, int, frac = '', exp = '0'] = m;
  let digits = int + frac;
  let point = int.length + Number(exp);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A number, or a plain decimal text such as PostgreSQL's '1250000.25', as integer units of
 * 10^-places (cents for 2), exactly; null when it has more than `places` decimals or is not a finite
 * number. unitsOf(311865755.6, 2) === 31186575560n.
 */
export function unitsOf(value: number | string, places: number): bigint | null {
  const text =
    typeof value === 'number' ? decimalText(value) : /^-?\d+(?:\.\d+)?$/.test(value) ? value : null;
  if (text === null) {
    return null;
  }
  const [whole, rawFraction = ''] = text.split('.');
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > places) {
    return null;
  }
  return BigInt(`${whole}${fraction.padEnd(places, '0')}`);
}

/** Cents of a dollar amount with at most 2 decimals, exactly; null otherwise. */
export const toCents = (dollars: number | string): bigint | null => unitsOf(dollars, 2);

/** Integer units back to the number closest to their decimal value: fromUnits(31186575560n, 2) === 311865755.6. */
export function fromUnits(units: bigint, places: number): number {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return Number(`${negative ? '-' : ''}${text}`);
}

/** Cents to dollars (the nearest number; exact for every numeric(14,2) amount). */
export const fromCents = (cents: bigint): number => fromUnits(cents, 2);

/** n / d rounded to the nearest integer, halves away from zero (d must not be 0). */
export function divideRounded(n: bigint, d: bigint): bigint {
  const sign = n < 0n !== d < 0n ? -1n : 1n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = an / ad;
  return sign * (2n * (an % ad) >= ad ? q + 1n : q);
}

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

/** SPEC section 5: a scenario (COLA or cut) needs a name. */
export const SCENARIO_NAME_MESSAGE = 'Scenario name cannot be empty';
