import { fiscalYearLabel } from '@shared/budget-math';
import { noSalaryLineText } from '@shared/salary-line-words';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import type { PositionCounts } from '@web/api/positions';
import { ALL } from '@web/components/line-filters';
import { countOf, formatMoneyCents } from '@web/lib/format';
import { NO_CATEGORY, OVER_FILLED, VACANCIES } from '@web/screens/positions/position-filters';
import { formatFte } from '@web/screens/positions/position-rules';

interface PositionsBannerProps {
  /** The server's figures over the building, function and category filters, whatever the status. */
  counts: PositionCounts | undefined;
  busy: boolean;
  error: string | null;
  /** The status filter now, so the button of the list shown says it is pressed. */
  status: string;
  onShow(status: string): void;
  /** The category filter now, and its setter: Show them lists the positions in no salary line. */
  category: string;
  onShowCategory(category: string): void;
  /** The year the cost pays for (the server's costFiscalYear of a listed position); unknown without one. */
  costFiscalYear: number | undefined;
  /**
   * The salary lines the roster's cost is budgeted into, when they are locked and out of date:
   * the server's note (its figure, and the steps this user's role may take), said as it is.
   */
  salaryLines?: SalaryLinesLocked | null;
}

/**
 * The FTE to fill, and how much of it filled positions' holders leave open: Show vacancies lists
 * only vacant and posted positions, so without it their FTE and this figure disagree unexplained.
 */
function toFill(c: PositionCounts): string {
  const all = `${formatFte(c.vacantFte)} FTE to fill`;
  return c.unheldFte > 0 ? `${all}, ${formatFte(c.unheldFte)} of it unheld in filled positions` : all;
}

/**
 * What the budgeted cost sums, by the rule of server/sql/position-cost.ts: the roster's cost in the
 * year after its own, so it is neither the Employee Manager's current salaries nor quite its
 * next-year ones (a leaving holder, with no next-year salary, counts here at their current one).
 */
function costCaption(c: PositionCounts, costYear: string | null): string {
  const these = c.positions === 1 ? 'this position' : `these ${countOf(c.positions, 'position')}`;
  return (
    `${costYear ?? 'Next-year'} cost of ${these}, filled and vacant: holders' next-year salaries ` +
    `(current salary where none), vacancies at the ${costYear ?? "next year's"} salary schedule ` +
    "or their imported roster's salary; " +
    'frozen, closed and unpriced add nothing'
  );
}

/**
 * The positions at a glance: how many and their cost, the vacancies (vacant or posted) and the
 * over-filled positions (holders' shares above the position's FTE, a problem to fix), each with a
 * toggle that filters the grid to them and back to every status.
 */
export function PositionsBanner({
  counts,
  busy,
  error,
  status,
  onShow,
  category,
  onShowCategory,
  costFiscalYear,
  salaryLines,
}: PositionsBannerProps) {
  const c = counts;
  const costYear = costFiscalYear ? fiscalYearLabel(costFiscalYear) : null;
  return (
    <section className="positions-banner" aria-label="Positions at a glance" aria-busy={busy}>
      <div className="positions-banner__item">
        <span className="positions-banner__figure">{c ? countOf(c.positions, 'position') : '…'}</span>
        <span className="positions-banner__note">
          {c ? `${formatFte(c.fte)} FTE · ${formatMoneyCents(c.budgetedCost)} budgeted` : ''}
          {c && costYear ? ` for ${costYear}` : ''}
          {c?.unpricedCount ? ` · ${countOf(c.unpricedCount, 'vacancy', 'vacancies')} unpriced` : ''}
        </span>
        {c ? <span className="positions-banner__caption">{costCaption(c, costYear)}</span> : null}
      </div>
      <div className={`positions-banner__item${c?.vacancies ? ' positions-banner__item--vacant' : ''}`}>
        <span className="positions-banner__figure">
          {c ? countOf(c.vacancies, 'vacancy', 'vacancies') : '…'}
        </span>
        <span className="positions-banner__note">{c ? toFill(c) : ''}</span>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-pressed={status === VACANCIES}
          disabled={!c?.vacancies}
          onClick={() => onShow(status === VACANCIES ? ALL : VACANCIES)}
        >
          Show vacancies
        </button>
      </div>
      <div className={`positions-banner__item${c?.overFilledCount ? ' positions-banner__item--over' : ''}`}>
        <span className="positions-banner__figure">
          {c ? countOf(c.overFilledCount, 'position over-filled', 'positions over-filled') : '…'}
        </span>
        <span className="positions-banner__note">holders&apos; shares above the position&apos;s FTE</span>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-pressed={status === OVER_FILLED}
          disabled={!c?.overFilledCount}
          onClick={() => onShow(status === OVER_FILLED ? ALL : OVER_FILLED)}
        >
          Show over-filled
        </button>
      </div>
      {salaryLines ? (
        // Cost the voted budget leaves out, as the positions in no salary line are: the same amber line.
        <div className="positions-banner__item positions-banner__item--unbudgeted" role="status">
          <span className="positions-banner__note">{salaryLines.message}</span>
        </div>
      ) : null}
      {c?.noSalaryLineCount ? (
        <div className="positions-banner__item positions-banner__item--unbudgeted" role="status">
          <span className="positions-banner__note">{noSalaryLineText(c)}</span>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            aria-pressed={category === NO_CATEGORY}
            onClick={() => onShowCategory(category === NO_CATEGORY ? ALL : NO_CATEGORY)}
          >
            Show them
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
