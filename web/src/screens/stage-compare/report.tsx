import type { ReactNode } from 'react';
import type { BreakdownRow, LineChange, MoneyChange, StageComparison } from '@web/api/stage-compare';
import { countOf, formatMoneyCents as formatMoney } from '@web/lib/format';
import { numCol, TableHead } from '@web/components/table-head';
import { changePercentText } from '@shared/schemas/budget-stages-compare';
import { signedText } from '@shared/signed-words';

/** A table that may scroll sideways on a phone: focusable, so a keyboard can scroll it too. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" tabIndex={0} role="group" aria-label={label}>
      {children}
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, word: string) => countOf(n, word);
const percent = (m: MoneyChange) => changePercentText(m) || '—';
const WITHHELD_REASON =
  'salaries of fewer than five people are shown only to administrators and finance staff';
const changeClass = (n: number) =>
  n < 0 ? 'money delta delta--down' : n > 0 ? 'money delta delta--up' : 'money';

/**
 * Three money cells: from, to and the difference. Salaries the server withheld (fewer than five
 * people's, for a reader who may not see individual pay) read 'Withheld', with the reason on hover
 * and for screen readers.
 */
function MoneyCells({ m }: { m: MoneyChange | null }) {
  if (!m) {
    return (
      <>
        {[0, 1, 2].map((i) => (
          <td key={i} className="num" title={WITHHELD_REASON}>
            Withheld<span className="visually-hidden">: {WITHHELD_REASON}</span>
          </td>
        ))}
      </>
    );
  }
  return (
    <>
      <td className="money">{formatMoney(m.from)}</td>
      <td className="money">{formatMoney(m.to)}</td>
      <td className={changeClass(m.difference)}>{signedText(m.difference, formatMoney)}</td>
    </>
  );
}

/** The totals: the proposed budget, line and employee counts, salaries, from and to. */
export function SummaryTable({ data }: { data: StageComparison }) {
  const t = data.totals;
  const countRow = (label: string, n: { from: number; to: number; difference: number }) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{count(n.from)}</td>
      <td className="num">{count(n.to)}</td>
      <td className="num">{signedText(n.difference, count)}</td>
      <td className="num">—</td>
    </tr>
  );
  const moneyRow = (label: string, m: MoneyChange | null) => (
    <tr>
      <th scope="row">{label}</th>
      <MoneyCells m={m} />
      <td className="num">{m ? percent(m) : '—'}</td>
    </tr>
  );
  return (
    <section className="card card--flush compare-section" aria-labelledby="compare-summary">
      <h2 id="compare-summary" className="compare-section__title">
        Summary
      </h2>
      <Scroller label="Summary table">
        <table className="table compare-table">
          <TableHead
            cols={['Figure', numCol('From'), numCol('To'), numCol('Difference'), numCol('Percent')]}
          />
          <tbody>
            {moneyRow('Proposed budget', t.proposed)}
            {countRow('Proposed lines', t.proposedCount)}
            {countRow('Employees', t.employeeCount)}
            {moneyRow('Salaries', t.salaries)}
            {moneyRow('Next-year salaries', t.nextYearSalaries)}
          </tbody>
        </table>
      </Scroller>
    </section>
  );
}

/** One breakdown (category, DESE function or building): proposed amounts and salaries, from and to. */
export function BreakdownTable({
  id,
  title,
  first,
  rows,
  data,
}: {
  id: string;
  title: string;
  first: string;
  rows: readonly BreakdownRow[];
  data: StageComparison;
}) {
  const changed = rows.filter(
    (r) =>
      (r.proposed !== null && r.proposed.difference !== 0) ||
      (r.salaries !== null && r.salaries.difference !== 0),
  ).length;
  return (
    <section className="card card--flush compare-section" aria-labelledby={id}>
      <h2 id={id} className="compare-section__title">
        {title}{' '}
        <span className="compare-section__hint">{changed ? `${count(changed)} changed` : 'no change'}</span>
      </h2>
      <Scroller label={`${title} table`}>
        <table className="table compare-table">
          <TableHead
            cols={[
              first,
              numCol('Proposed from'),
              numCol('Proposed to'),
              numCol('Difference'),
              numCol('Salaries from'),
              numCol('Salaries to'),
              numCol('Difference'),
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={String(r.key)}>
                <th scope="row">{r.name}</th>
                <MoneyCells m={r.proposed} />
                <MoneyCells m={r.salaries} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <MoneyCells m={data.totals.proposed} />
              <MoneyCells m={data.totals.salaries} />
            </tr>
          </tfoot>
        </table>
      </Scroller>
    </section>
  );
}

const CHANGE_LABELS: Record<LineChange['change'], string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  unchanged: 'Unchanged',
};

function value(l: LineChange, v: LineChange['from']): string {
  if (v === null) {
    return '—';
  }
  return l.valueType === 'money' ? formatMoney(v as number) : String(v);
}

/** The changed lines of one kind, a row per changed field, each with the line's reason. */
export function LinesTable({
  id,
  title,
  lines,
}: {
  id: string;
  title: string;
  lines: readonly LineChange[];
}) {
  return (
    <section className="card card--flush compare-section" aria-labelledby={id}>
      <h2 id={id} className="compare-section__title">
        {title}{' '}
        <span className="compare-section__hint">
          {plural(new Set(lines.map((l) => l.lineId)).size, 'line')}
        </span>
      </h2>
      {lines.length === 0 ? (
        <p className="compare-section__empty">No line changed.</p>
      ) : (
        <Scroller label={`${title} table`}>
          <table className="table compare-table compare-lines">
            <TableHead
              cols={['Line', 'Change', numCol('From'), numCol('To'), numCol('Difference'), 'Reason']}
            />
            <tbody>
              {lines.map((l) => (
                <tr key={`${l.lineId}-${l.field}`}>
                  <th scope="row" data-label="Line">
                    <span className="compare-lines__name">{l.description}</span>
                    <span className="compare-lines__where">
                      {[l.categoryName ?? 'No category', l.buildingName ?? 'District Wide', l.deseCode]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </th>
                  <td data-label="Change">
                    <span className={`badge compare-badge compare-badge--${l.change}`}>
                      {CHANGE_LABELS[l.change]}
                    </span>{' '}
                    {l.change === 'changed' ? l.fieldLabel : null}
                  </td>
                  <td data-label="From" className={l.valueType === 'money' ? 'money' : 'num'}>
                    {value(l, l.from)}
                  </td>
                  <td data-label="To" className={l.valueType === 'money' ? 'money' : 'num'}>
                    {value(l, l.to)}
                  </td>
                  <td
                    data-label="Difference"
                    className={l.difference === null ? 'num' : changeClass(l.difference)}
                  >
                    {l.difference === null ? '—' : signedText(l.difference, formatMoney)}
                  </td>
                  <td data-label="Reason" className="compare-lines__reason">
                    {l.reason ?? <span className="muted">No reason recorded</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroller>
      )}
    </section>
  );
}
