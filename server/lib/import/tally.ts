import type { ImportResult, ImportWarning } from '@shared/schemas/import';
import type { Cell } from './cells';
import { DecimalSum } from './decimal';
import { PreviewCollector } from './preview';
import { Reconciler } from './reconcile';
import type { RowOutcome } from './transform';

/** Rows listed in a result; the counts cover every row. */
const LISTED = 100;
/** The reason rows left out for their building are counted under (each row's own names it). */
export const LEFT_OUT = "not one of the district's buildings";
/** Buildings of left-out rows named in a result, most rows first. */
const LEFT_OUT_NAMED = 10;

/** What an import did with each row: counts, the first rows listed, and the reconciliation. */
export class Tally {
  rowCount = 0;
  imported = 0;
  skipped = 0;
  warningCount = 0;
  warnings: ImportWarning[] = [];
  errors: string[] = [];
  reasons: Record<string, number> = {};
  readonly reconciler: Reconciler;
  /** The first rows as read, for the preview. */
  readonly preview = new PreviewCollector();
  /** Rows left out for their building (onlyDistrictBuildings), per building cell, and their amounts. */
  private readonly leftOutRows = new Map<string, number>();
  private readonly leftOutSum = new DecimalSum();

  constructor(moneyField: string, moneyColumn: string) {
    this.reconciler = new Reconciler(moneyField, moneyColumn);
  }

  add(n: number, outcome: RowOutcome, cells: readonly Cell[] = []): void {
    this.preview.add(n, outcome, cells);
    if (outcome.kind === 'blank') {
      return;
    }
    this.rowCount += 1;
    if (outcome.kind === 'skip') {
      this.skipped += 1;
      const reason = outcome.leftOut === undefined ? outcome.reason : LEFT_OUT;
      this.reasons[reason] = (this.reasons[reason] ?? 0) + 1;
      if (outcome.leftOut !== undefined) {
        this.leftOutRows.set(outcome.leftOut, (this.leftOutRows.get(outcome.leftOut) ?? 0) + 1);
        if (outcome.amount) {
          this.leftOutSum.add(outcome.amount);
        }
      }
      if (this.errors.length < LISTED) {
        this.errors.push(`Row ${n}: skipped, ${outcome.reason}`);
      }
      if (outcome.totalLabel !== undefined) {
        this.reconciler.total(n, outcome.totalLabel, outcome.amount);
      } else {
        this.reconciler.skipped(n, outcome.reason, outcome.amount);
      }
      return;
    }
    this.imported += 1;
    this.reconciler.line(n, outcome.name, outcome.money);
    if (outcome.warnings.length) {
      this.warningCount += 1;
      if (this.warnings.length < LISTED) {
        this.warnings.push({ row: n, name: outcome.name, issues: outcome.warnings });
      }
    }
  }

  /** The rows left out for their building: counted, summed, the most frequent buildings named. */
  leftOut(): NonNullable<ImportResult['leftOut']> {
    const buildings = [...this.leftOutRows]
      .map(([building, rows]) => ({ building, rows }))
      .sort((a, b) => b.rows - a.rows || (a.building < b.building ? -1 : 1));
    return {
      rows: this.reasons[LEFT_OUT] ?? 0,
      amount: this.leftOutSum.toString(),
      buildings: buildings.slice(0, LEFT_OUT_NAMED),
    };
  }
}
