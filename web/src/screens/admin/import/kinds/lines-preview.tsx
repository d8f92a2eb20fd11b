import { addedToYearText } from '@shared/import-words';
import type { ImportAnalysis, ImportResult } from '@web/api/import';
import { CrosswalkSummaryLine, CrosswalkUnmatched } from '../crosswalk-panel';
import type { FieldMapping } from '../mapping';
import { PreviewTable } from '../preview-table';
import { ReconciliationPanel } from '../reconciliation';
import { Alert } from '@web/components/alert';
import { LeftOutNote } from './lines-leave-out';

/**
 * A line import's dry run: what the year already holds, every dollar reconciled, the crosswalk's
 * matches, the first rows as they will be stored or skipped, the rows no rule matched, and the
 * first rows marked for review.
 */
export function LinePreviewDetails({
  result: dry,
  analysis,
  mapping,
  recheck,
}: {
  result: ImportResult;
  analysis: ImportAnalysis;
  mapping: FieldMapping;
  recheck(): void;
}) {
  const added = addedToYearText(dry, analysis.importType);
  return (
    <>
      {added ? (
        <Alert variant="warning" title="Added, not replaced">
          {added}
        </Alert>
      ) : null}
      <LeftOutNote leftOut={dry.leftOut} />
      <ReconciliationPanel r={dry.reconciliation} dryRun />
      {dry.crosswalk ? <CrosswalkSummaryLine summary={dry.crosswalk} /> : null}
      <PreviewTable preview={dry.preview} importType={analysis.importType} mapping={mapping} />
      {dry.crosswalk ? <CrosswalkUnmatched summary={dry.crosswalk} onRulesCreated={recheck} /> : null}
      {dry.warnings.length ? (
        <div className="imp-section">
          <h3>Rows that will be marked for review</h3>
          <ul className="imp-list">
            {dry.warnings.slice(0, 5).map((w) => (
              <li key={w.row}>
                Row {w.row}, {w.name}: {w.issues.join('; ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
