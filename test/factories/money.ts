/** Sums money strings exactly, in cents, the way a person with a ledger would. */
export function sumCents(values: (string | null | undefined)[]): number {
  return values.reduce((n, v) => {
    if (v === null || v === undefined) {
      return n;
    }
    const [whole, frac = ''] = v.replace('-', '').split('.');
    const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    return n + (v.startsWith('-') ? -cents : cents);
  }, 0);
}

/** Exact cents from a numeric the driver returned (at most two decimals). */
export const toCents = (n: number | string | null): bigint | null =>
  n === null ? null : BigInt(Math.round(Number(n) * 100));

/** cents × (1 + bp / 10,000), rounded half away from zero to the cent, as PostgreSQL's round does. */
export function grow(cents: bigint, bp: bigint): bigint {
  const scaled = cents * (10000n + bp);
  const whole = scaled / 10000n;
  return (scaled % 10000n) * 2n >= 10000n ? whole + 1n : whole;
}
