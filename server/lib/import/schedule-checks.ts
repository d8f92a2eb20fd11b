import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

/**
 * The whole-schedule checks of a salary schedule file (./schedule-parse.ts reads the cells): steps
 * 1..N in every year with the same N, consecutive years, one row per (year, step), one printed
 * COLA a year, and amounts rising across every row's lanes and down every lane's steps. Each
 * problem names the row and column; the caller refuses the file when there is any.
 */

/** One schedule row as read: its file row number, year, step, printed COLA and each lane's amount ('' when unreadable). */
export interface ReadRow {
  n: number;
  fiscalYear: number;
  step: number;
  cola: string | null;
  amounts: string[];
}

export const MAX_YEARS = 20;
export const MAX_STEPS = 60;

export const cents = (amount: string) => BigInt(amount.replace('.', ''));
/** '63825.00' -> '$63,825', '60783.50' -> '$60,783.50': from the text, no floating point. */
function dollars(amount: string): string {
  const [whole, fraction = '00'] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === '00' ? '' : `.${fraction}`}`;
}

/** Steps 1..N in every year, the same N, consecutive years, one row per (year, step), one COLA a year. */
export function checkShape(rows: ReadRow[], problems: string[]): { years: number[]; steps: number } {
  const byYear = new Map<number, Map<number, ReadRow>>();
  const cola = new Map<number, ReadRow>();
  for (const r of rows) {
    const steps = byYear.get(r.fiscalYear) ?? new Map<number, ReadRow>();
    byYear.set(r.fiscalYear, steps);
    const first = steps.get(r.step);
    if (first) {
      problems.push(
        `Row ${r.n}: ${fiscalYearLabel(r.fiscalYear)} step ${r.step} appears twice (also row ${first.n})`,
      );
    } else {
      steps.set(r.step, r);
    }
    const printed = cola.get(r.fiscalYear);
    if (r.cola !== null && printed && printed.cola !== r.cola) {
      problems.push(
        `Row ${r.n}, column cola: ${Number(r.cola)}% differs from ${Number(printed.cola)}% on row ${printed.n} of ${fiscalYearLabel(r.fiscalYear)}`,
      );
    } else if (r.cola !== null && !printed) {
      cola.set(r.fiscalYear, r);
    }
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  if (!years.length) {
    problems.push('the file has a header row but no schedule rows');
    return { years, steps: 0 };
  }
  if (years.length > MAX_YEARS) {
    problems.push(`${years.length} fiscal years, more than the ${MAX_YEARS} a schedule may have`);
  }
  for (let i = 1; i < years.length; i += 1) {
    if (years[i] !== years[i - 1] + 1) {
      problems.push(
        `no rows for ${fiscalYearLabel(years[i - 1] + 1)}: the fiscal years must follow one another (${years.map(fiscalYearLabel).join(', ')})`,
      );
    }
  }
  const steps = Math.max(...[...byYear.values()].map((s) => Math.max(...s.keys())));
  if (steps > MAX_STEPS) {
    problems.push(`step ${steps}: a schedule may have at most ${MAX_STEPS} steps`);
    return { years, steps };
  }
  for (const fy of years) {
    const have = byYear.get(fy)!;
    const missing = Array.from({ length: steps }, (_, i) => i + 1).filter((s) => !have.has(s));
    if (missing.length) {
      problems.push(
        `${fiscalYearLabel(fy)} has no row for step ${missing.join(', ')}: steps must run from 1 to ${steps} in every year`,
      );
    }
  }
  return { years, steps };
}

/** Amounts must rise across each row's lanes and down each lane's steps (strictly). */
export function checkIncreasing(rows: ReadRow[], lanes: string[], problems: string[]): void {
  const byKey = new Map(rows.map((r) => [`${r.fiscalYear}:${r.step}`, r]));
  for (const r of rows) {
    const label = `Row ${r.n} (${fiscalYearLabel(r.fiscalYear)} step ${r.step})`;
    const below = byKey.get(`${r.fiscalYear}:${r.step - 1}`);
    r.amounts.forEach((amount, j) => {
      if (!amount) {
        return;
      }
      const left = r.amounts[j - 1];
      if (j > 0 && left && cents(amount) <= cents(left)) {
        problems.push(
          `${label}, column '${lanes[j]}': ${dollars(amount)} is not more than ${dollars(left)} in '${lanes[j - 1]}'; amounts must increase across the lanes of a row`,
        );
      }
      const up = below?.amounts[j];
      if (up && cents(amount) <= cents(up)) {
        problems.push(
          `${label}, column '${lanes[j]}': ${dollars(amount)} is not more than ${dollars(up)} at step ${r.step - 1}; amounts must increase step by step down a lane`,
        );
      }
    });
  }
}
