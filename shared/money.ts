// Over 300 lines: money has one home by rule, and test/money-scan.test.ts guards this file's exports.
/* ------------------------------------------------------------------------------------------------
 * Money: the one module that parses amounts, does cents arithmetic and formats dollars, for the
 * server, the web app and the CLI (schemas import it, so it imports nothing). Amounts are integer
 * cents (BigInt) or exact decimal text while they are computed; a JSON number of dollars with at
 * most 2 decimals only where they cross the API (see `moneyOut` in shared/schemas/common.ts).
 *
 * A JSON number such as 311865755.60 reaches JavaScript as the nearest double; its shortest decimal
 * text (what String() writes) is exactly the digits a person typed whenever they typed at most 15
 * significant digits, which every amount a numeric(14,2) column holds does. So decimal places are
 * counted on that text and arithmetic is done on integer units, never by testing `v * 100` in
 * floating point, which refused about one valid amount in ten above $134,217,728.
 * test/money-scan.test.ts keeps this the only place that does any of it.
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

/**
 * Cents of an amount the API or the database gave (always whole cents); a RangeError otherwise,
 * since a fraction of a cent there is a bug to surface, not a value to round.
 */
export function centsOf(dollars: number | string): bigint {
  const cents = toCents(dollars);
  if (cents === null) {
    throw new RangeError(`Not an amount in whole cents: ${dollars}`);
  }
  return cents;
}

/**
 * The nearest cent of a number computed outside our control (a spreadsheet formula's float result,
 * 1234.5699999999999 -> 123457n), rounded once on its decimal text, halves away from zero.
 */
export function nearestCents(value: number): bigint {
  const text = decimalText(value);
  if (text === null) {
    throw new RangeError(`Not a finite amount: ${value}`);
  }
  return centsOf(roundDecimal(text));
}

/** Integer units back to the number closest to their decimal value: fromUnits(31186575560n, 2) === 311865755.6. */
export function fromUnits(units: bigint, places: number): number {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return Number(`${negative ? '-' : ''}${text}`);
}

/** Cents to dollars (the nearest number; exact for every numeric(14,2) amount). */
export const fromCents = (cents: bigint | number): number => fromUnits(BigInt(cents), 2);

/**
 * Dollars of an amount's decimal text, through whole cents: the database's numeric text ('1250.50'
 * -> 1250.5). Text that is not whole cents reads as 0, as a missing figure does on every total.
 */
export const moneyFromText = (text: string): number => fromCents(toCents(text) ?? 0n);

/** Cents as two-decimal dollar text, for SQL parameters and stored text: 120000050n -> '1200000.50'. */
export function centsText(cents: bigint | number): string {
  const units = BigInt(cents);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The exact sum of dollar amounts (each whole cents), through cents: 0.1 + 0.2 is 0.3. */
export function sumDollars(amounts: Iterable<number | string>): number {
  let cents = 0n;
  for (const amount of amounts) {
    cents += centsOf(amount);
  }
  return fromCents(cents);
}

/** n / d rounded to the nearest integer, halves away from zero (d must not be 0). */
export function divideRounded(n: bigint, d: bigint): bigint {
  const sign = n < 0n !== d < 0n ? -1n : 1n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = an / ad;
  return sign * (2n * (an % ad) >= ad ? q + 1n : q);
}

/**
 * Rounds a plain decimal string to `places` decimals, half away from zero, exactly (BigInt, no
 * floats): '1.005' -> '1.01', '-2.5' with 0 places -> '-3', '7' -> '7.00'.
 */
export function roundDecimal(text: string, places = 2): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) {
    throw new Error(`Not a decimal: ${text}`);
  }
  const [, sign, intPart, fracPart = ''] = m;
  const padded = fracPart.padEnd(places + 1, '0');
  const keep = BigInt(`${intPart || '0'}${padded.slice(0, places)}`);
  const roundUp = Number(padded[places]) >= 5;
  const units = keep + (roundUp ? 1n : 0n);
  const digits = units.toString().padStart(places + 1, '0');
  const whole = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return units === 0n ? (places ? `0.${'0'.repeat(places)}` : '0') : `${sign}${whole}`;
}

/* ---------------------------------------------------------------------------------------------
 * Parsing what people write.
 * ------------------------------------------------------------------------------------------- */

/** What a typed amount means: its cents, or why it cannot be read. */
export type MoneyText = { ok: true; cents: bigint } | { ok: false; error: string };

// Millions and thousands move the decimal point instead of multiplying a float: '1.2M' is
// 1.2 x 10^8 cents, read as 1.2 in units of 10^-8 (unitsOf is exact on decimal text).
const SCALE_PLACES: Record<string, number> = { '': 2, k: 5, m: 8 };

/**
 * Reads an amount as people type it into a form: '1200000', '1,200,000', '$1,200,000.50', '1.2M',
 * '$850K'. Exact to the cent; more precision than a cent is refused rather than rounded, as the
 * server does.
 */
export function parseMoneyText(text: string): MoneyText {
  const compact = text.trim().replace(/[\s$]/g, '').toLowerCase();
  if (!compact) {
    return { ok: false, error: 'Enter an amount' };
  }
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?([km]?)$/.exec(compact);
  if (!match || (!match[1] && !match[2])) {
    return { ok: false, error: 'Enter an amount in dollars, e.g. 1,200,000 or 1.2M' };
  }
  const decimal = `${(match[1] ?? '0').replace(/,/g, '')}${match[2] ?? ''}`;
  const cents = unitsOf(decimal, SCALE_PLACES[match[3]]);
  if (cents === null) {
    return { ok: false, error: 'Use at most 2 decimal places (whole cents)' };
  }
  if (cents <= 0n) {
    return { ok: false, error: 'Enter an amount above zero' };
  }
  if (cents > MAX_MONEY_CENTS) {
    return { ok: false, error: `The amount is too large (at most ${MAX_MONEY_TEXT})` };
  }
  return { ok: true, cents };
}

/**
 * Money read from a file: `value` to the cent (null with no `problem`: blank); `exact` is the
 * file's own value when it had more than two decimals and rounding changed it ('1234.565' for a
 * value of '1234.57'), so the caller can warn and the reconciliation can list the difference.
 */
export interface WrittenMoney {
  value: string | null;
  problem?: string;
  exact?: string;
}

/** numeric(14,2) holds at most 12 digits before the point. */
const MAX_INTEGER_DIGITS = 12;

function tooLarge(decimal: string): boolean {
  const point = decimal.indexOf('.');
  const intLength = (point < 0 ? decimal.length : point) - (decimal.startsWith('-') ? 1 : 0);
  // Leading zeros only matter in the rare long case.
  return (
    intLength > MAX_INTEGER_DIGITS && decimal.replace(/^-?0+/, '').split('.')[0].length > MAX_INTEGER_DIGITS
  );
}

/** A plain decimal ('-1234.565') rounded to the cent, with the exact value beside it when rounding changed it. */
export function roundMoney(decimal: string): WrittenMoney {
  const plain = decimal.replace(/^(-?)\./, '$10.');
  const value = roundDecimal(plain);
  if (tooLarge(value)) {
    return { value: null, problem: 'is too large' };
  }
  const point = plain.indexOf('.');
  const changed = point >= 0 && /[1-9]/.test(plain.slice(point + 3));
  return changed ? { value, exact: plain.replace(/0+$/, '') } : { value };
}

// Thousands groups must be groups of three, so '1,23' is refused rather than read as 123.
const PLAIN = /^\d+(?:\.\d*)?$|^\.\d+$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
// An accounting zero: '-', '$ -', '—'.
const DASH_ZERO = /^\$?\s*[-\u2013\u2014]+\s*\$?$/;

/**
 * A number written with or without thousands separators, as plain decimal text: '1,500.25' ->
 * '1500.25', '.5' -> '0.5'. Null for anything else ('1,50', '1e3', '-5', '$5'): the caller reads signs.
 */
export function ungroupedDecimal(text: string): string | null {
  return PLAIN.test(text) || GROUPED.test(text) ? text.replace(/,/g, '').replace(/^\./, '0.') : null;
}

/**
 * Money as finance offices write it (trimmed text), to an exact decimal string with two places:
 * '$1,234.50' -> '1234.50'; '1,234' -> '1234.00'; '(1,234.00)', '-$500', '$-500', '1,234.00-' and
 * '1,234 CR' -> negative; '-' and '$ -' (accounting zeros) -> '0.00'; blank -> null. More than two
 * decimals are rounded half away from zero, exactly, and the written value is returned as `exact`.
 * Text, percentages and error values (#DIV/0!) are problems, not zeros.
 */
export function parseWrittenMoney(raw: string): WrittenMoney {
  if (!raw) {
    return { value: null };
  }
  if (DASH_ZERO.test(raw)) {
    return { value: '0.00' };
  }
  let text = raw
    .replace(/\s+/g, '')
    .replace(/usd/i, '')
    .replace(/\u2212/g, '-');
  let negative = false;
  const paren = /^\((.*)\)$/.exec(text);
  if (paren) {
    negative = true;
    text = paren[1];
  }
  if (/cr$/i.test(text)) {
    negative = true;
    text = text.slice(0, -2);
  }
  if (/^.+-$/.test(text)) {
    negative = true;
    text = text.slice(0, -1);
  }
  const lead = /^\$?-\$?/.exec(text);
  if (lead) {
    negative = !negative;
    text = text.slice(lead[0].length);
  }
  const plain = ungroupedDecimal(text.replace(/^\$/, ''));
  if (plain === null) {
    return { value: null, problem: 'is not an amount' };
  }
  // roundDecimal gives '0.00', never '-0.00'.
  return roundMoney(negative ? `-${plain}` : plain);
}

/* ---------------------------------------------------------------------------------------------
 * Formatting (US dollars). Display only: the figures come exact from the server.
 * ------------------------------------------------------------------------------------------- */

// Written from the figures' decimal text, not with Intl.NumberFormat: a browser loads ICU's number
// data on the first Intl formatter it makes (tens of milliseconds, and nine were made as this module
// loaded), and every screen formats money before its first rows are drawn. The rounding is Intl's:
// halves away from zero on the number's shortest decimal text. A figure that rounds to zero has no
// sign ('0.00', not Intl's '-0.00').

/** Thousands separators in decimal text: '-1234567.5' -> '-1,234,567.5'. */
export function grouped(decimal: string): string {
  const [whole, fraction] = decimal.split('.');
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

/**
 * A number with exactly `places` decimals and thousands separators, as Intl.NumberFormat('en-US')
 * writes it: formatFixed(-1234.5, 2) -> '-1,234.50'. '' for NaN and infinities.
 */
export function formatFixed(value: number, places: number): string {
  const text = decimalText(value);
  return text === null ? '' : grouped(roundDecimal(text, places));
}

/**
 * A number with at most `places` decimals (none written when they are zeros) and thousands
 * separators, as toLocaleString('en-US') writes it (3 places): 50000 -> '50,000', 2.5 -> '2.5'.
 */
export function formatNumber(value: number, places = 3): string {
  const fixed = formatFixed(value, places);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** '-$1,234.50' from '-1,234.50'. */
const withDollar = (figure: string) => (figure.startsWith('-') ? `-$${figure.slice(1)}` : `$${figure}`);

type Amount = number | null | undefined;
const blank = (value: Amount): value is null | undefined => value === null || value === undefined;

/** Whole US dollars (no cents): '$1,235'. */
export function formatMoney(value: Amount): string {
  return blank(value) || !Number.isFinite(value) ? '' : withDollar(formatFixed(value, 0));
}

/** Dollars and cents, where every cent is shown: '$1,234.56'. */
export function formatMoneyCents(value: Amount): string {
  return blank(value) || !Number.isFinite(value) ? '' : withDollar(formatFixed(value, 2));
}

/**
 * An amount echoed back beside the box it was typed in: whole dollars when it has no cents, else every
 * cent ('$508,685' beside 508684.50 read as if the box had rounded what was typed).
 */
export function formatMoneyAsTyped(value: Amount): string {
  if (blank(value) || !Number.isFinite(value)) {
    return '';
  }
  return nearestCents(value) % 100n === 0n ? formatMoney(value) : formatMoneyCents(value);
}

/**
 * Exact decimal text as dollars, every digit kept and at least the cents, with no float involved:
 * '1030000000000.00' -> '$1,030,000,000,000.00', '-1234.565' -> '-$1,234.565', '5' -> '$5.00'.
 */
export function formatDecimalMoney(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole, fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  return `${negative ? '-' : ''}$${grouped(whole)}.${fraction.padEnd(2, '0')}`;
}

/** Dollars and cents without the sign, for right-aligned text tables: 1234.5 -> '1,234.50'. */
export function formatAmount(value: Amount): string {
  return blank(value) ? '' : formatFixed(value, 2);
}

/** '$1,911.6' style: a sign only when the rounded figure is not zero, thousands separators. */
function dollars(value: number, scale: number, decimals: number, suffix: string): string {
  return `${withDollar(formatFixed(value / scale, decimals))}${suffix}`;
}

/**
 * Dollars in millions for dashboards: 87,834,567 -> '$87.8M' with 1 decimal,
 * '$87.83M' with 2, 1,911,555,602 -> '$1,911.6M'; negative amounts keep their sign ('-$1.2M').
 */
export function formatMillions(value: Amount, decimals: 1 | 2 = 1): string {
  if (blank(value) || !Number.isFinite(value)) {
    return '';
  }
  return dollars(value, 1_000_000, decimals, 'M');
}

/** The fewest decimals (at most 3) that write every value exactly. */
function decimalsFor(values: readonly number[]): number {
  const exact = (d: number) =>
    values.every((v) => Math.abs(v * 10 ** d - Math.round(v * 10 ** d)) < 1e-6 * Math.max(1, Math.abs(v)));
  return [0, 1, 2].find(exact) ?? 3;
}

/**
 * Labels for the ticks of a money axis, all in one unit: millions from a million (with at least the
 * dashboard's 1 decimal), thousands from a thousand, else dollars, with the decimals the steps need.
 * Small budgets read '$0, $250K, $500K' instead of '$0.0M' at every tick.
 */
export function formatMoneyTicks(ticks: readonly number[]): string[] {
  const top = Math.max(0, ...ticks.map((t) => Math.abs(t)));
  const [scale, suffix] = top >= 1_000_000 ? [1_000_000, 'M'] : top >= 1_000 ? [1_000, 'K'] : [1, ''];
  const needed = decimalsFor(ticks.map((t) => t / scale));
  const decimals = suffix === 'M' ? Math.max(1, needed) : needed;
  return ticks.map((t) => (t === 0 ? '$0' : dollars(t, scale, decimals, suffix)));
}
