import { fiscalYearLabel } from '@shared/budget-math';
import type { ImportAnalysis, ImportResult } from '@web/api/import';
import { formatMoney } from '@web/lib/format';
import { CrosswalkSummaryLine, CrosswalkUnmatched } from '../crosswalk-panel';
import type { FieldMapping } from '../mapping';
import { PreviewTable } from '../preview-table';
import { ReconciliationPanel } from '../reconciliation';
import { Alert } from '@web/components/alert';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * 'FY26 already has 504 employees ($35,312,345): these 200 rows are added to them, not in their
 * place.', or null when the year holds none. An import replaces only projected lines, so a year's
 * stored lines stay and the file's join them: the count of rows alone read as a replacement (QA's
 * 200-row payroll took FY26 from 504 employees to 704).
 */
export function addedToYearText(dry: ImportResult, importType: ImportAnalysis['importType']): string | null {
  const held = dry.alreadyStored;
  // Rows a Fiscal Year column sends to other years only are not added to this one.
  if (!held.count || !dry.fiscalYears.includes(held.fiscalYear)) {
    return null;
  }
  const fy = fiscalYearLabel(held.fiscalYear);
  const noun = importType === 'operating' ? 'employee' : 'budget line';
  const rows =
    dry.fiscalYears.length === 1
      ? `these ${count(dry.imported)} row${dry.imported === 1 ? ' is' : 's are'}`
      : `this file's ${fy} rows are`;
  return (
    `${fy} already has ${count(held.count)} ${noun}${held.count === 1 ? '' : 's'} ` +
    `(${formatMoney(held.total)}): ${rows} added to them, not in their place.`
  );
}

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
