import type { FileTotalRow, Reconciliation, ReconciliationDifference } from '@shared/schemas/import';
import { centsOf, fromCents } from '@shared/money';
import { addDecimal, DecimalSum, sameDecimal, subtractDecimal } from './decimal';
import type { RowMoney } from './transform';

/** Differences and total rows listed in a result; the counts and sums cover every row. */
const LISTED = 100;
const GRAND_TOTAL = /grand\s*total/i;

const abs = (d: string) => d.replace(/^-/, '');
/** Whether |a| > |b|. */
const largerThan = (a: string, b: string) => /^[0-9.]*[1-9]/.test(subtractDecimal(abs(a), abs(b)));

/**
 * Accounts for every dollar of an import's amount column (the salary of an employee file, the
 * amount of a budget file), row by row, exactly (decimal strings, no floats):
 *
 * - the file's sum runs over its data rows: imported rows and rows skipped with an amount;
 * - a row whose stored amount differs from the file's (rounded to the cent, a negative salary not
 *   stored, a skipped row that carried money) is a difference, with its row, name and reason;
 * - total rows are the file's own arithmetic: listed and compared with the stored sum, never added.
 *
 * `result` takes the stored sum from SQL, so `unexplained` ('0.00' when the import balances) checks
 * what the database holds, not what this class was told.
 */
export class Reconciler {
  private fileSum = new DecimalSum();
  private differenceSum = new DecimalSum();
  private differences: ReconciliationDifference[] = [];
  /** Open positions' rows, listed after the other differences (a roster can have 1,306). */
  private heldRows: ReconciliationDifference[] = [];
  private heldCount = 0;
  private heldSum = new DecimalSum();
  private differenceCount = 0;
  private unreadableCount = 0;
  private totalRows: FileTotalRow[] = [];
  private totalRowCount = 0;
  private grandTotal: FileTotalRow | null = null;
  private largestTotal: FileTotalRow | null = null;

  constructor(
    private readonly field: string,
    private readonly column: string,
  ) {}

  /** An imported row. */
  line(row: number, name: string, money: RowMoney): void {
    if (money.unreadable) {
      this.unreadableCount += 1;
    }
    if (money.file === null) {
      return;
    }
    this.fileSum.add(money.file);
    const stored = money.stored ?? '0.00';
    // Most rows store exactly the file's text: no decimal arithmetic for them.
    if (money.held) {
      this.heldCount += 1;
      this.heldSum.add(subtractDecimal(money.file, stored));
    }
    if (stored !== money.file && !sameDecimal(money.file, stored)) {
      this.difference(
        { row, name, fileAmount: money.file, stored, reason: money.reason ?? 'stored differently' },
        money.held,
      );
    }
  }

  /** A skipped row: its amount (when it has one) is in the file's sum and none of it is stored. */
  skipped(row: number, reason: string, amount: string | null | undefined): void {
    if (amount === null || amount === undefined) {
      return;
    }
    this.fileSum.add(amount);
    if (!sameDecimal(amount, '0')) {
      this.difference({
        row,
        name: '',
        fileAmount: amount,
        stored: '0.00',
        reason: `skipped: ${reason}`,
      });
    }
  }

  /** One of the file's own total rows. */
  total(row: number, label: string, amount: string | null | undefined): void {
    const total: FileTotalRow = { row, label, amount: amount ?? null };
    this.totalRowCount += 1;
    if (this.totalRows.length < LISTED) {
      this.totalRows.push(total);
    }
    if (total.amount === null) {
      return;
    }
    if (GRAND_TOTAL.test(label)) {
      this.grandTotal = total;
    }
    if (!this.largestTotal || largerThan(total.amount, this.largestTotal.amount!)) {
      this.largestTotal = total;
    }
  }

  /** `stored` is decimal text here (exact arithmetic with the file's figure); it leaves as a Money. */
  private difference(
    { stored, ...d }: Omit<ReconciliationDifference, 'difference' | 'storedAmount'> & { stored: string },
    held = false,
  ): void {
    const difference = subtractDecimal(d.fileAmount, stored);
    this.differenceSum.add(difference);
    this.differenceCount += 1;
    const list = held ? this.heldRows : this.differences;
    if (list.length < LISTED) {
      list.push({
        ...d,
        fileAmount: addDecimal(d.fileAmount, '0'),
        storedAmount: fromCents(centsOf(stored)),
        difference,
      });
    }
  }

  /** The reconciliation against the stored sum (computed in SQL over the run's lines). */
  result(storedSum: string): Reconciliation {
    const fileSum = this.fileSum.toString();
    const differenceTotal = this.differenceSum.toString();
    const unexplained = subtractDecimal(subtractDecimal(fileSum, storedSum), differenceTotal);
    const own = this.grandTotal ?? this.largestTotal;
    const stored = addDecimal(storedSum, '0');
    return {
      field: this.field,
      column: this.column,
      fileSum,
      storedSum: fromCents(centsOf(stored)),
      differenceCount: this.differenceCount,
      differenceTotal,
      // The rows to look at first, then the open positions: 1,306 of them listed first hid a
      // rounded salary further down the file from the 100 listed.
      differences: [...this.differences, ...this.heldRows].slice(0, LISTED),
      ...(this.heldCount ? { openPositions: { count: this.heldCount, total: this.heldSum.toString() } } : {}),
      unexplained,
      balanced: sameDecimal(unexplained, '0'),
      unreadableCount: this.unreadableCount,
      totalRowCount: this.totalRowCount,
      totalRows: this.totalRows,
      fileTotal:
        own && own.amount !== null
          ? {
              ...own,
              amount: addDecimal(own.amount, '0'),
              difference: subtractDecimal(own.amount, stored),
              matches: sameDecimal(own.amount, stored),
            }
          : null,
    };
  }
}
