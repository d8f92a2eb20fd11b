import { fromCents, toCents } from '@shared/schemas/common';
import type { NssMeter } from '@shared/schemas/nss';
import { deseCodes } from './dese-codes';
import type { CodeSumRow } from './queries/nss';

/** Cents of a figure read from the database; a missing one is none. */
export const cents = (text: string | null | undefined) => (text ? (toCents(text) ?? 0n) : 0n);

/**
 * The school committee's side of the meter from the budget's sums by function code and fund, in
 * integer cents. A line counts when the fund that pays it counts toward NSS (docs/MASSACHUSETTS.md,
 * 'Funds') and the rule in force counts its function code. Spending of a fund that does not count
 * is left out whatever its function, listed by fund; spending a rule leaves out is listed by code;
 * a line with no code in DESE's chart (the query reads it as null: chartCodeOrNull, the DESE report's
 * rule) or a code no rule knows is unmapped (not counted, so the meter errs low). Unmapped lines of a
 * fund that does not count are that fund's, so this count is of the counting funds' lines only.
 */
export function schoolSums(sums: readonly CodeSumRow[]) {
  let counted = 0n;
  let notCounted = 0n;
  let unmappedCents = 0n;
  let unmappedLines = 0;
  let lineCount = 0;
  // A code's lines on several counting funds are one entry; the rows come in code order.
  const excluded = new Map<string, { amount: bigint; note: string }>();
  const byFund = new Map<number, { code: string; name: string; lineCount: number; amount: bigint }>();
  for (const row of sums) {
    const amount = cents(row.adjusted);
    lineCount += row.line_count;
    if (!row.fund_counts) {
      notCounted += amount;
      const fund = byFund.get(row.fund_id) ?? {
        code: row.fund_code,
        name: row.fund_name,
        lineCount: 0,
        amount: 0n,
      };
      byFund.set(row.fund_id, {
        ...fund,
        lineCount: fund.lineCount + row.line_count,
        amount: fund.amount + amount,
      });
    } else if (row.counts === true) {
      counted += amount;
    } else if (row.counts === false) {
      notCounted += amount;
      const code = excluded.get(row.code!) ?? { amount: 0n, note: row.note ?? '' };
      excluded.set(row.code!, { ...code, amount: code.amount + amount });
    } else {
      unmappedCents += amount;
      unmappedLines += row.line_count;
    }
  }
  const part: NssMeter['school'] = {
    lineCount,
    budgetTotal: fromCents(counted + notCounted + unmappedCents),
    counted: fromCents(counted),
    notCounted: fromCents(notCounted),
    unmapped: { lineCount: unmappedLines, amount: fromCents(unmappedCents) },
    excluded: [...excluded].map(([code, e]) => ({
      code,
      name: deseCodes().get(code)?.name ?? `Function ${code}`,
      amount: fromCents(e.amount),
      note: e.note,
    })),
    byFund: [...byFund]
      .map(([fundId, f]) => ({ fundId, ...f, amount: fromCents(f.amount) }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
  return { counted, notCounted, unmappedCents, unmappedLines, part };
}
