import { Link } from 'react-router';
import { useNssMeter, type NssMeter } from '@web/api/nss';
import { useCan } from '@web/auth/use-can';
import { NssGauge, NssHeadroom, NssStatus } from '@web/components/nss/nss-gauge';
import { countOf, formatMoney, formatMoneyCents } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { shortText } from '@shared/schemas/nss';
import { numCol, TableHead } from '@web/components/table-head';
import { NoLinesYet } from '@web/components/no-lines-yet';
import type { NoSalaryLine } from '@shared/schemas/dashboard';

const pct = (v: number) => `${v.toFixed(2)}%`;

/** DESE's six published columns, one row, as the state's compliance report prints them. */
function SixColumns({ meter, fy }: { meter: NssMeter; fy: string }) {
  const c = meter.columns!;
  const cells: [string, string][] = [
    ['Required NSS', formatMoneyCents(c.requiredWithCarry)],
    ['Budgeted NSS', formatMoneyCents(c.budgetedNss)],
    ['Over/Under', formatMoneyCents(c.overUnder)],
    ['Percent of required', pct(c.percentOfRequired)],
    ['Foundation budget', formatMoneyCents(c.foundationBudget)],
    ['Percent of foundation', pct(c.percentOfFoundation)],
  ];
  return (
    // Focusable: on a phone the six columns scroll sideways, and keyboard users must reach them.
    <div className="table-wrap" role="group" aria-label={`${fy} in DESE’s columns`} tabIndex={0}>
      <table className="table table--compact nss-columns">
        <caption className="table-caption">
          {fy} in DESE’s columns
          {c.carriedIn
            ? ` (required NSS ${formatMoney(c.requiredNss)} plus ${formatMoney(c.carriedIn)} carried in)`
            : ''}
        </caption>
        <TableHead cols={cells.map(([h]) => numCol(h))} />
        <tbody>
          <tr>
            {cells.map(([h, v]) => (
              <td key={h} className="num">
                {v}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** What was counted and what was not, with the rule that decided each. */
function WhatCounts({ meter }: { meter: NssMeter }) {
  return (
    <details className="nss-details">
      <summary>What counts toward net school spending</summary>
      <ul>
        <li>
          School committee lines counted: {formatMoney(meter.school.counted)} of{' '}
          {formatMoney(meter.school.budgetTotal)} ({countOf(meter.school.lineCount, 'line')}).
        </li>
        {meter.school.excluded.map((e) => (
          <li key={e.code}>
            Not counted: {e.code} {e.name}, {formatMoney(e.amount)}: {e.note}.
          </li>
        ))}
        {meter.school.byFund.length ? (
          // Grants, revolving funds and the Circuit Breaker: left out whatever the lines' function codes.
          <li>
            Left out by fund (does not count toward NSS):
            <ul className="nss-details__funds">
              {meter.school.byFund.map((f) => (
                <li key={f.fundId}>
                  {f.name} {formatMoney(f.amount)} ({countOf(f.lineCount, 'line')})
                </li>
              ))}
            </ul>
          </li>
        ) : null}
        {meter.municipal.lines.map((l) => (
          <li key={l.eoyrCode}>
            Town, {l.eoyrCode} {l.label}: {formatMoney(l.amount)} {l.counts ? 'counted' : 'not counted'} (
            {l.rule}).
          </li>
        ))}
      </ul>
      <p className="muted">
        Rules of {meter.rulesYear ? fiscalYearLabel(meter.rulesYear) : 'no year'} onward (603 CMR 10.06,
        DESE’s Advisory on School Budgets and Municipal Expenditures); see docs/MASSACHUSETTS.md.
      </p>
    </details>
  );
}

/**
 * The dashboard's Net School Spending card: the year's budgeted spending that
 * counts toward Chapter 70 net school spending against the requirement, from the server's meter.
 * Without the year's state figures it says to enter them, never a percent; for a year with no
 * budget lines (NO_LINES, not started) it says where they come from, never a shortfall.
 */
export function NssCard({
  scope,
  unbudgeted,
}: {
  scope: { budgetYearId: number; fiscalYear: number } | null;
  /** The year's salaries in no personnel category (the budget summary's noSalaryLine): why no lines. */
  unbudgeted?: NoSalaryLine | null;
}) {
  const meter = useNssMeter(scope);
  const canEnter = useCan('stateFigures.write');
  const fy = scope ? fiscalYearLabel(scope.fiscalYear) : '';
  const m = meter.data;
  return (
    <section
      className="card dash-wide nss-card"
      aria-labelledby="dash-nss-title"
      aria-busy={meter.isFetching}
    >
      <div className="chart-card__header">
        <div className="chart-card__titles">
          <h2 id="dash-nss-title" className="chart-card__title">
            Net School Spending
          </h2>
          <p className="chart-card__subtitle">Chapter 70 requirement, {fy} budget</p>
        </div>
        {canEnter ? (
          <Link className="btn btn--secondary btn--small" to="/admin?tab=state-figures">
            {m?.status === 'NO_FIGURES' ? 'Enter' : 'Edit'} State Figures
          </Link>
        ) : null}
      </div>
      {meter.isError ? <p className="field__error">The NSS meter could not be loaded.</p> : null}
      {m?.status === 'NO_LINES' ? (
        <div className="nss-card__body">
          <NoLinesYet fy={fy} missing="net school spending to measure" unbudgeted={unbudgeted} />
        </div>
      ) : m ? (
        <div className="nss-card__body">
          {m.columns ? (
            <>
              <div className="nss-card__headline">
                <span className="nss-card__percent">{pct(m.columns.percentOfRequired)}</span>
                <span className="muted">of required net school spending{shortText(m.columns.overUnder)}</span>
              </div>
              <NssGauge meter={m} label={`${fy} net school spending`} />
            </>
          ) : null}
          <NssStatus meter={m} />
          {m.columns ? (
            <>
              <NssHeadroom meter={m} />
              <SixColumns meter={m} fy={fy} />
            </>
          ) : null}
          {m.warnings.map((w) => (
            <p key={w} className="nss-warning">
              {w}
            </p>
          ))}
          <WhatCounts meter={m} />
        </div>
      ) : null}
    </section>
  );
}
