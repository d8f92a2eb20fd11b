import { fiscalYearLabel } from '@shared/budget-math';
import { nextYearSalariesText } from '@shared/import-words';
import {
  openPositionsText,
  RESULT_WARNINGS_SHOWN,
  type ImportResult,
  type Reconciliation,
} from '@shared/schemas/import';
import { formatDecimalMoney as dollars, formatMoneyCents } from '@web/lib/format';

const count = (n: number) => n.toLocaleString('en-US');
const FIELD_LABELS: Record<string, string> = { currentSalary: 'Current Salary', amount: 'Amount' };
const fy = fiscalYearLabel;

/**
 * Every dollar of the amount column accounted for (Preview and Complete): the file's sum, the
 * stored sum, each row where they differ with its reason, and the file's own total compared. The
 * file's amounts are exact decimal strings, shown as they are (a sub-cent value keeps its digits);
 * stored amounts are whole-cent Money.
 */
export function ReconciliationPanel({ r, dryRun }: { r: Reconciliation; dryRun: boolean }) {
  const stored = dryRun ? 'To be stored' : 'Stored';
  return (
    <section className="imp-section" aria-labelledby="imp-reconcile">
      <h3 id="imp-reconcile">
        Reconciliation of {r.column || FIELD_LABELS[r.field]} ({FIELD_LABELS[r.field] ?? r.field})
      </h3>
      <dl className="imp-stats">
        <div className="imp-stat">
          <dt>File sum</dt>
          <dd>{dollars(r.fileSum)}</dd>
        </div>
        <div className="imp-stat">
          <dt>{stored}</dt>
          <dd>{formatMoneyCents(r.storedSum)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Differences ({count(r.differenceCount)} rows)</dt>
          <dd>{dollars(r.differenceTotal)}</dd>
        </div>
        <div className="imp-stat">
          <dt>Unexplained</dt>
          <dd>{dollars(r.unexplained)}</dd>
        </div>
      </dl>
      <p className="muted" role="status">
        {r.balanced
          ? 'Balanced: the file sum equals the stored sum plus the differences listed, to the cent.'
          : `Does not balance: ${dollars(r.unexplained)} is not explained by the rows listed.`}
        {r.openPositions ? ` ${openPositionsText(r)}` : ''}
        {r.fileTotal
          ? ` The file's own total (row ${r.fileTotal.row}, '${r.fileTotal.label}') is ${dollars(r.fileTotal.amount)}: ${
              r.fileTotal.matches
                ? 'equal to the stored sum.'
                : `${dollars(r.fileTotal.difference)} away from the stored sum.`
            }`
          : ''}
        {r.totalRowCount
          ? ` ${count(r.totalRowCount)} total or subtotal ${r.totalRowCount === 1 ? 'row was' : 'rows were'} compared, not added.`
          : ''}
        {r.unreadableCount
          ? ` ${count(r.unreadableCount)} ${r.unreadableCount === 1 ? 'row holds' : 'rows hold'} no readable amount (see the warnings).`
          : ''}
      </p>
      {r.differences.length ? (
        // Focusable: a keyboard scrolls it (on a phone it runs wider than the screen).
        <div
          className="table-wrap imp-scroll"
          role="group"
          aria-label="Rows whose stored amount differs from the file"
          tabIndex={0}
        >
          <table className="table">
            <caption className="visually-hidden">Rows whose stored amount differs from the file</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Row
                </th>
                <th scope="col">Name</th>
                <th scope="col" className="money">
                  In the file
                </th>
                <th scope="col" className="money">
                  {stored}
                </th>
                <th scope="col" className="money">
                  Difference
                </th>
                <th scope="col" className="imp-long-text">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {r.differences.slice(0, RESULT_WARNINGS_SHOWN).map((d) => (
                <tr key={d.row}>
                  <td className="num">{d.row}</td>
                  <td>{d.name}</td>
                  <td className="money">{dollars(d.fileAmount)}</td>
                  <td className="money">{formatMoneyCents(d.storedAmount)}</td>
                  <td className="money">{dollars(d.difference)}</td>
                  <td className="imp-long-text">{d.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** 'Replaces 492 projected lines of FY27' and the next-year salaries, as sentences (empty when nothing). */
export function supersedeText(result: ImportResult): string {
  const parts: string[] = [];
  if (result.replacedProjected) {
    parts.push(
      `${result.dryRun ? 'Replaces' : 'Replaced'} ${count(result.replacedProjected)} projected line${
        result.replacedProjected === 1 ? '' : 's'
      } of ${result.fiscalYears.map(fy).join(', ')}: imported lines supersede projections.`,
    );
  }
  const nextYear = nextYearSalariesText(result);
  if (nextYear) {
    parts.push(nextYear);
  }
  return parts.join(' ');
}
