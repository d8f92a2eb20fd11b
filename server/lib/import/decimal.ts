/**
 * Exact decimal arithmetic for the import's reconciliation: sums of the file's own values, which
 * may carry more than two decimals ('1234.565'), with no floating point. A value is a BigInt of
 * units at a scale (10^-scale); sums widen the scale as needed, so nothing is ever rounded.
 */
interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

function parse(text: string): Scaled {
  const m = DECIMAL.exec(text);
  if (!m || (!m[2] && !m[3])) {
    throw new Error(`Not a decimal: ${text}`);
  }
  const frac = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${frac}`);
  return { units: m[1] ? -units : units, scale: frac.length };
}

function widen(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function format({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  let text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : `${digits}.`;
  // At least two decimals (money), no trailing zeros beyond them.
  text = text.padEnd(text.indexOf('.') + 3, '0');
  text = text.replace(/(\.\d\d\d*?)0+$/, '$1');
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** a + b, exactly: addDecimal('1234.565', '-0.005') = '1234.56'. */
export function addDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format({ units: widen(x, scale) + widen(y, scale), scale });
}

/** a - b, exactly. */
export function subtractDecimal(a: string, b: string): string {
  return addDecimal(a, b.startsWith('-') ? b.slice(1) : `-${b}`);
}

/** Whether two decimals are the same number ('5.00' and '5' are). */
export function sameDecimal(a: string, b: string): boolean {
  return /^-?0*\.?0*$/.test(subtractDecimal(a, b).replace(/^-/, ''));
}

/** A running exact sum of decimal strings. */
export class DecimalSum {
  private units = 0n;
  private scale = 0;

  add(text: string): void {
    const v = parse(text);
    if (v.scale > this.scale) {
      this.units *= 10n ** BigInt(v.scale - this.scale);
      this.scale = v.scale;
    }
    this.units += widen(v, this.scale);
  }

  toString(): string {
    return format({ units: this.units, scale: this.scale });
  }
}
