import { Link } from 'react-router';
import { ledgerPeriodText, PERIODS_PER_YEAR } from '@shared/schemas/ledger-import';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { useLedgerSummary } from '@web/api/ledger';
import { useCanVisit } from '@web/auth/use-can';
import { formatMoney } from '@web/lib/format';
import './actuals-card.css';
import { LEDGER_IMPORT_PLACE } from '@web/lib/directions';
import { CardPlaceholder, cardStatus } from '@web/components/charts/chart-card';

/**
 * Spent to date against budget for the current fiscal year, from the ledger's
 * latest import: expended against the revised budget, the proposed budget beside it, and the
 * year-end at the current rate. Totals only, so every role sees it; the drill-down is Budget vs
 * Actual, linked for the roles that may open it.
 */
export function ActualsCard({ fiscalYear }: { fiscalYear: number | null }) {
  const summary = useLedgerSummary(fiscalYear);
  const canOpen = useCanVisit('/budget-vs-actual');
  const fy = fiscalYear === null ? '' : fiscalYearLabel(fiscalYear);
  const s = summary.data;
  const used = s?.percentUsed ?? null;
  // Without a current fiscal year the query never runs: nothing to wait for.
  const status = fiscalYear === null ? 'ready' : cardStatus(summary);
  return (
    <section
      className="card actuals-card"
      aria-labelledby="dash-actuals-title"
      aria-busy={summary.isFetching}
    >
      <div className="chart-card__header">
        <div className="chart-card__titles">
          <h2 id="dash-actuals-title" className="chart-card__title">
            Spent to Date
          </h2>
          <p className="chart-card__subtitle">
            {s?.hasLedger
              ? `${fy} ledger, ${ledgerPeriodText(s.period ?? PERIODS_PER_YEAR)}`
              : `${fy} actuals from the ledger`}
          </p>
        </div>
        {canOpen ? (
          <Link className="btn btn--secondary btn--small" to="/budget-vs-actual">
            Budget vs Actual
          </Link>
        ) : null}
      </div>
      <CardPlaceholder status={status} what="Spending to date" />
      {s && !s.hasLedger ? (
        <p className="muted">
          No ledger imported for {fy} yet. An administrator imports the year-to-date report under{' '}
          {LEDGER_IMPORT_PLACE}.
        </p>
      ) : null}
      {s?.hasLedger ? (
        <>
          <p className="actuals-card__headline">
            <span className="actuals-card__spent money">{formatMoney(s.expended)}</span>{' '}
            <span className="muted">
              spent of {formatMoney(s.revisedBudget)} revised budget
              {used === null ? '' : ` (${used.toFixed(1)}%)`}
            </span>
          </p>
          <div className="actuals-card__bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, Math.max(0, used ?? 0))}%` }} />
          </div>
          <dl className="actuals-card__facts">
            <div>
              <dt>Budget (proposed)</dt>
              <dd className="money">{formatMoney(s.budget)}</dd>
            </div>
            <div>
              <dt>Encumbered</dt>
              <dd className="money">{formatMoney(s.encumbered)}</dd>
            </div>
            <div>
              <dt>Available</dt>
              <dd className="money">{formatMoney(s.available)}</dd>
            </div>
            <div>
              <dt>Projected year-end</dt>
              <dd className="money">{formatMoney(s.projectedYearEnd)}</dd>
            </div>
          </dl>
          <p className={s.overBudget || s.projectedOver ? 'actuals-card__warn' : 'muted'}>
            {s.overBudget
              ? 'Spent and committed beyond the revised budget.'
              : s.projectedOver
                ? 'At the current rate the year ends over the revised budget.'
                : 'On course to end within the revised budget.'}
            {s.flaggedCategories
              ? ` ${s.flaggedCategories} categor${s.flaggedCategories === 1 ? 'y is' : 'ies are'} over or projected over.`
              : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}
