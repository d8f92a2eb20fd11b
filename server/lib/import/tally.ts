import type { ImportWarning } from '@shared/schemas/import';
import type { Cell } from './cells';
import { PreviewCollector } from './preview';
import { Reconciler } from './reconcile';
import type { RowOutcome } from './transform';

/** Rows listed in a result; the counts cover every row. */
const LISTED = 100;

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
      this.reasons[outcome.reason] = (this.reasons[outcome.reason] ?? 0) + 1;
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
}
