import { z } from 'zod';
import { formatDecimalMoney, formatNumber } from '@shared/money';
import { fileDecimal, moneyOut } from './common';

/**
 * How an import accounts for every dollar of its file's amount column (the import result's
 * `reconciliation`): the file's sum, the stored sum and each row where they differ, with why.
 */

/** A file's amount exactly as written, more decimals than cents included (common.ts `fileDecimal`). */
const decimalString = fileDecimal;

export const reconciliationDifferenceSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  /** The file's value, exactly. */
  fileAmount: decimalString,
  /** What the import stores for the row (0 for nothing): the workbench's own money, a Money. */
  storedAmount: moneyOut,
  /** fileAmount - storedAmount. */
  difference: decimalString,
  reason: z.string(),
});

export const fileTotalRowSchema = z.object({
  row: z.number().int(),
  label: z.string(),
  /** The row's amount, exactly; null when its amount cell is blank. */
  amount: decimalString.nullable(),
});

/**
 * Every dollar of the amount column accounted for: the file's sum over its data rows (total rows
 * are not data: they are listed and compared instead), the sum stored, and each row where the two
 * differ, with the reason. fileSum = storedSum + the sum of every difference, to the cent
 * (`unexplained` is what is left, '0.00' when it balances).
 */
export const reconciliationSchema = z.object({
  /** The field summed: currentSalary (operating) or amount (proposed). */
  field: z.string(),
  /** The file's column mapped to it. */
  column: z.string(),
  fileSum: decimalString,
  /** The sum of the stored lines (whole cents, from SQL): a Money like every stored amount. */
  storedSum: moneyOut,
  differenceCount: z.number().int(),
  differenceTotal: decimalString,
  /** The first 100 differences, in file order, the open positions' rows after the others. */
  differences: z.array(reconciliationDifferenceSchema),
  /**
   * Of the differences, the file's open positions (rows with a salary and no name), whose salaries
   * their vacant positions hold as rates, in no line: how many and their sum. Absent when none.
   */
  openPositions: z.object({ count: z.number().int(), total: decimalString }).optional(),
  unexplained: decimalString,
  balanced: z.boolean(),
  /** Rows whose amount cell is not an amount: imported with no amount and a warning. */
  unreadableCount: z.number().int(),
  /** The file's total and subtotal rows (first 100); their amounts are not part of fileSum. */
  totalRowCount: z.number().int(),
  totalRows: z.array(fileTotalRowSchema),
  /**
   * The file's own total (its last GRAND TOTAL row, else its largest total row) compared with
   * the stored sum; null when the file has no total row.
   */
  fileTotal: fileTotalRowSchema
    .extend({ amount: decimalString, difference: decimalString, matches: z.boolean() })
    .nullable(),
});

export type Reconciliation = z.infer<typeof reconciliationSchema>;
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;
export type FileTotalRow = z.infer<typeof fileTotalRowSchema>;

/**
 * What an import's result says of the lines two function-code rules disagreed on (null: none), in
 * the wizard and the CLI alike: 'Two rules give 2 lines different funds: they keep what the file
 * gave them.'
 */
export function rulesDisagreeText(fromRules: {
  codeConflicts: number;
  /** A payroll's open positions, vacant positions and not lines: counted apart. */
  openPositionCodeConflicts?: number;
  fundConflicts: number;
}): string | null {
  const lines = (n: number) => `${formatNumber(n)} line${n === 1 ? '' : 's'}`;
  const open = fromRules.openPositionCodeConflicts ?? 0;
  const coded = [
    fromRules.codeConflicts ? lines(fromRules.codeConflicts) : null,
    open ? `${formatNumber(open)} open position${open === 1 ? '' : 's'}` : null,
  ].filter((p): p is string => p !== null);
  const parts = [
    coded.length ? `${coded.join(' and ')} different codes` : null,
    fromRules.fundConflicts ? `${lines(fromRules.fundConflicts)} different funds` : null,
  ].filter((p): p is string => p !== null);
  return parts.length
    ? `Function-code rules give ${parts.join(' and ')}: those keep what the file gave them.`
    : null;
}

/**
 * 'Of the differences, 1,306 rows ($76,347,467.00) are open positions: their salaries are held by
 * vacant positions, not lines.', or null when the file has none; the wizard and the CLI say it.
 */
export function openPositionsText(r: Pick<Reconciliation, 'openPositions'>): string | null {
  const o = r.openPositions;
  if (!o?.count) {
    return null;
  }
  const one = o.count === 1;
  return (
    `Of the differences, ${formatNumber(o.count)} ${one ? 'row' : 'rows'} (${formatDecimalMoney(o.total)}) ` +
    (one
      ? 'is an open position: its salary is held by a vacant position, not a line.'
      : 'are open positions: their salaries are held by vacant positions, not lines.')
  );
}
