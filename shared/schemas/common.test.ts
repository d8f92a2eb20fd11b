import { describe, expect, it } from 'vitest';
import {
  decimalText,
  divideRounded,
  fromCents,
  isRealDate,
  MAX_MONEY,
  moneyInput,
  toCents,
  unitsOf,
} from './common';

/** '311865755.60' from 31186575560n, written independently of the code under test. */
const oracleText = (cents: bigint) => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** A deterministic stream of BigInt cents between 0 and max (xorshift, so runs are repeatable). */
function* someCents(count: number, max: bigint): Generator<bigint> {
  let x = 0x2545f491n;
  for (let i = 0; i < count; i++) {
    x ^= (x << 13n) & 0xffffffffffffn;
    x ^= x >> 7n;
    x ^= (x << 17n) & 0xffffffffffffn;
    yield x % (max + 1n);
  }
}

describe('decimalText and unitsOf: a number read as the decimal a person typed', () => {
  it('writes plain decimals without exponents', () => {
    expect(decimalText(311865755.6)).toBe('311865755.6');
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(1.5e21)).toBe('1500000000000000000000');
    expect(decimalText(-0.05)).toBe('-0.05');
    expect(decimalText(Number.NaN)).toBeNull();
    expect(decimalText(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('counts cents exactly where floating point refused them ($311,865,755.60, $1,234,567,890.12)', () => {
    expect(toCents(311865755.6)).toBe(31186575560n);
    expect(toCents(1234567890.12)).toBe(123456789012n);
    expect(toCents(999_999_999_999.99)).toBe(99_999_999_999_999n);
    expect(toCents('1250000.25')).toBe(125000025n);
    expect(toCents('7.10')).toBe(710n);
    expect(toCents(10.005)).toBeNull();
    expect(toCents(0.1 + 0.2)).toBeNull();
    expect(toCents('1.2.3')).toBeNull();
    expect(unitsOf(3.14159, 3)).toBeNull();
    expect(unitsOf(3.142, 3)).toBe(3142n);
    expect(unitsOf(-2.5, 3)).toBe(-2500n);
  });

  it('reads every cent amount back exactly, up to the numeric(14,2) maximum', () => {
    const wrong: string[] = [];
    for (const max of [13_421_772_800n, 99_999_999_999_999n]) {
      for (const cents of someCents(20_000, max)) {
        const typed = Number(oracleText(cents));
        if (toCents(typed) !== cents || fromCents(cents) !== typed) {
          wrong.push(oracleText(cents));
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('divideRounded', () => {
  it('rounds halves away from zero and everything else to the nearest', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(7n, 3n)).toBe(2n);
    expect(divideRounded(8n, 3n)).toBe(3n);
    expect(divideRounded(-8n, 3n)).toBe(-3n);
    expect(divideRounded(8n, -3n)).toBe(-3n);
    expect(divideRounded(0n, 7n)).toBe(0n);
  });
});

describe('moneyInput: the money validator of every request schema', () => {
  const money = moneyInput();
  const credit = moneyInput({ negative: true });
  const message = (r: ReturnType<typeof money.safeParse>) => (r.success ? null : r.error.issues[0].message);

  it('accepts every valid cent amount, large ones included (one in ten was refused above $134,217,728)', () => {
    let refused = 0;
    for (const cents of someCents(20_000, 99_999_999_999_999n)) {
      if (!money.safeParse(Number(oracleText(cents))).success) {
        refused += 1;
      }
    }
    expect(refused).toBe(0);
    expect(money.safeParse(311865755.6).success).toBe(true);
    expect(money.safeParse(1_500_000_000.01).success).toBe(true);
    expect(money.safeParse(MAX_MONEY).success).toBe(true);
    expect(credit.safeParse(-MAX_MONEY).success).toBe(true);
  });

  it('refuses a third decimal, a negative amount and an amount beyond numeric(14,2) with clear messages', () => {
    expect(message(money.safeParse(10.005))).toBe('Use at most 2 decimal places');
    expect(message(money.safeParse(1_234_567_890.125))).toBe('Use at most 2 decimal places');
    expect(message(money.safeParse(-0.01))).toBe('Amounts cannot be negative');
    expect(message(money.safeParse(1_000_000_000_000))).toBe(
      'Amount is too large (at most 999,999,999,999.99)',
    );
    expect(message(money.safeParse(1e300))).toBe('Amount is too large (at most 999,999,999,999.99)');
    expect(money.safeParse('12').success).toBe(false);
    expect(credit.safeParse(-1_000_000_000_000).success).toBe(false);
  });
});

describe('isRealDate: a calendar date a person typed', () => {
  it('refuses a month or day out of range as it refuses 2025-02-30, where it threw (the CLI printed "Invalid time value")', () => {
    for (const bad of ['2025-13-45', '2024-99-99', '2025-00-10', '2025-01-00', '2025-02-30', '2025-1-5']) {
      expect(isRealDate(bad), bad).toBe(false);
    }
    for (const good of ['2024-02-29', '2025-12-31', '1900-01-01']) {
      expect(isRealDate(good), good).toBe(true);
    }
  });
});
