import { fiscalYearLabel } from '@shared/budget-math';
import {
  RESULT_ERRORS_SHOWN,
  RESULT_WARNINGS_SHOWN,
  rulesDisagreeText,
  type ImportResult,
} from '@shared/schemas/import';
import type { ImportAnalysis } from '@web/api/import';
import { useVersions } from '@web/api/versions';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Link } from 'react-router';
import { Alert } from '@web/components/alert';
import { formatMoney } from '@web/lib/format';
import { unmappedColumns, type FieldMapping } from '../mapping';
import { ReconciliationPanel, supersedeText } from '../reconciliation';
import type { SettingsProps } from '../wizard-kind';
import type { LineSettings } from './lines';
import { skippedReason } from './skip-reason';

const count = (n: number) => n.toLocaleString('en-US');

/** Below a line import's mapping: the columns no field uses, each to keep in the notes or not. */
export function NoteColumns({
  analysis,
  mapping,
  settings,
  onSettingsChange,
}: SettingsProps<LineSettings> & { analysis: ImportAnalysis; mapping: FieldMapping }) {
  const spare = unmappedColumns(analysis, mapping);
  const { noteColumns } = settings;
  if (!spare.length) {
    return null;
  }
  return (
    <fieldset className="imp-notes">
      <legend>Keep other columns in the notes</legend>
      <span className="field__hint">
        Each checked column is added to every line&apos;s notes as “Column: value”.
      </span>
      <div className="imp-notes__list">
        {spare.map((column) => (
          <label key={column} className="imp-check">
            <input
              type="checkbox"
              checked={noteColumns.includes(column)}
              onChange={(e) =>
                onSettingsChange({
                  ...settings,
                  noteColumns: e.target.checked
                    ? [...noteColumns, column]
                    : noteColumns.filter((c) => c !== column),
                })
              }
            />
            {column}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A line import done: what landed, what was skipped and why (up to 20 warnings, 10 errors). */
export function LineResult({
  result,
  fileName,
  settings,
}: {
  result: ImportResult;
  fileName: string;
  settings: LineSettings;
}) {
  const { selected: budgetYear } = useBudgetYear();
  const versions = useVersions({ budgetYearId: budgetYear?.id }, Boolean(budgetYear));
  const versionLabel = versions.data?.versions.find((v) => v.id === settings.versionId)?.label;
  const disagree = rulesDisagreeText(result.fromRules);
  return (
    <>
      <Alert variant="success" title="Import complete">
        Imported {count(result.imported)} rows from {fileName} into {budgetYear?.fiscalYear ?? ''}
        {versionLabel ? ` (${versionLabel})` : ''}, fiscal year{result.fiscalYears.length > 1 ? 's' : ''}{' '}
        {result.fiscalYears.map(fiscalYearLabel).join(', ')}. {supersedeText(result)}
      </Alert>
      <dl className="imp-stats">
        <div className="imp-stat">
          <dt>Imported</dt>
          <dd>{count(result.imported)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Skipped</dt>
          <dd>{count(result.skipped)}</dd>
        </div>
        <div className="imp-stat">
          {/* The Data Quality list's own rule, so the two counts agree. It is not the warnings'
              count below: the next-year salary rule flags rows the file gave no warning. The note
              is part of the label, so the card keeps one figure (one dd). */}
          <dt>
            Rows marked for review
            <span className="imp-stat__note">With a warning, or flagged by the next-year salary rule</span>
          </dt>
          <dd>{count(result.reviewCount)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Total</dt>
          <dd>{formatMoney(result.totalAmount)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Projected lines replaced</dt>
          <dd>{count(result.replacedProjected)}</dd>
        </div>
        {result.positions ? (
          <div className="imp-stat">
            <dt>Positions: vacancies filled / new</dt>
            <dd>
              {count(result.positions.filled)} / {count(result.positions.created)}
            </dd>
          </div>
        ) : null}
        {result.fromRules.functionCodes ? (
          <div className="imp-stat">
            <dt>Function codes from the rules</dt>
            <dd>{count(result.fromRules.functionCodes)}</dd>
          </div>
        ) : null}
        {/* Not lines: each vacant position keeps the code its row was given. */}
        {result.fromRules.openPositionCodes ? (
          <div className="imp-stat">
            <dt>Open positions given a function code by the rules</dt>
            <dd>{count(result.fromRules.openPositionCodes)}</dd>
          </div>
        ) : null}
        {result.fromRules.funds ? (
          <div className="imp-stat">
            <dt>Funds from the rules</dt>
            <dd>{count(result.fromRules.funds)}</dd>
          </div>
        ) : null}
        {result.positions?.vacant ? (
          <div className="imp-stat">
            <dt>Open positions (rows with no name), vacant at their salary</dt>
            <dd>{count(result.positions.vacant)}</dd>
          </div>
        ) : null}
        {result.positions?.grantFunded ? (
          <div className="imp-stat">
            <dt>New positions paid by their line's fund</dt>
            <dd>{count(result.positions.grantFunded)}</dd>
          </div>
        ) : null}
      </dl>
      {disagree ? (
        <Alert variant="info" title="The function-code rules disagree on some lines">
          {disagree} Narrow one of the rules on <Link to="/admin/function-codes">Function Codes</Link>, then
          apply the rules.
        </Alert>
      ) : null}
      {result.salaryLines ? (
        // The payroll moved its holders' positions' cost, which a voted year's salary lines keep out.
        <Alert variant="info">{result.salaryLines.message}</Alert>
      ) : null}
      <ReconciliationPanel r={result.reconciliation} dryRun={false} />
      {result.warnings.length ? (
        <div className="imp-section">
          <h3>
            Rows imported with a warning
            {result.warningCount > RESULT_WARNINGS_SHOWN
              ? ` (first ${RESULT_WARNINGS_SHOWN} of ${count(result.warningCount)})`
              : ` (${count(result.warningCount)})`}
          </h3>
          {result.nextYearSalaries.flagged ? (
            <p className="muted">
              Rows marked for review ({count(result.reviewCount)}) counts these rows and those the next-year
              salary rule flagged, so a row can be marked without a warning here. Review Flagged Records lists
              every row marked.
            </p>
          ) : null}
          <div className="table-wrap imp-scroll">
            <table className="table">
              <caption className="visually-hidden">Rows imported with warnings</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Issues</th>
                </tr>
              </thead>
              <tbody>
                {result.warnings.slice(0, RESULT_WARNINGS_SHOWN).map((w) => (
                  <tr key={w.row}>
                    <td className="num">{w.row}</td>
                    <td>{w.name}</td>
                    <td>{w.issues.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {result.errors.length ? (
        <div className="imp-section">
          <h3>
            Skipped rows
            {result.errorCount > RESULT_ERRORS_SHOWN
              ? ` (first ${RESULT_ERRORS_SHOWN} of ${count(result.errorCount)})`
              : ''}
          </h3>
          <p className="muted">
            By reason:{' '}
            {Object.entries(result.skippedReasons)
              .sort((a, b) => b[1] - a[1])
              .map(([reason, n]) => skippedReason(reason, n))
              .join(', ')}
            .
          </p>
          <ul className="imp-list">
            {result.errors.slice(0, RESULT_ERRORS_SHOWN).map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
