import { Link } from 'react-router';
import type { BudgetSummary } from '@web/api/dashboard';
import { useCanVisit } from '@web/auth/use-can';
import { GapCard as SharedGapCard, staffGapLabels } from '@web/components/budget-cards/gap-card';
import { ChartCard, type CardStatus } from '@web/components/charts/chart-card';
import { NoLinesYet } from '@web/components/no-lines-yet';
import { formatGuidanceGap, formatMoney, formatMoneyCents } from '@web/lib/format';
import { goalGap } from '@shared/budget-math';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { goalFundNote } from '@shared/gap-words';
import { GOAL_FUND_NOTE } from '@shared/schemas/fund-words';
import { fromCents, toCents } from '@shared/money';

interface GapCardProps {
  fiscalYear: number;
  /** The year's budget, its town goal and the gap, from one answer (a year without a goal is no error). */
  summary: BudgetSummary | undefined;
  showCalculation: boolean;
  money(value: number): string;
  /** Whether the summary has arrived: until then the card says so, not '$0.0M' and 'Not set'. */
  status?: CardStatus;
}

/**
 * The general fund's proposed budget against the town's guidance goal (the shared card), with the
 * staff's link to Town Goals and the 'Show Budget Calculation' breakdown. The gap is the server's
 * (goal minus the general fund's budget, GOAL_FUNDS): below zero the budget is over guidance. A
 * year with no proposed lines has not started: the goal, and where the lines come from, but no
 * '$0.0M' budget, gap or chart (a lone goal bar under a green sentence read as a budget within it).
 */
export function GapCard({ fiscalYear, summary, showCalculation, money, status }: GapCardProps) {
  const canSetGoals = useCanVisit('/town-goals');
  const fy = fiscalYearLabel(fiscalYear);
  const goal = summary?.townGoal ?? 0;
  const hasGoal = summary?.hasTownGoal ?? false;
  // Null for a year with no town goal: it has no gap (the server's, shared/budget-math.ts goalGap).
  const gap = summary?.guidanceGap ?? null;
  const fundNote = summary
    ? goalFundNote(
        { funds: summary.funds, totalBudget: summary.proposedBudget, guidanceBudget: summary.guidanceBudget },
        formatMoney,
      )
    : GOAL_FUND_NOTE;
  const actions = canSetGoals ? (
    <Link className="btn btn--secondary btn--small" to="/town-goals">
      {hasGoal ? 'Edit' : 'Set Up'}
      <span className="visually-hidden"> town guidance goal</span>
    </Link>
  ) : null;
  const footer = showCalculation ? (
    <BudgetCalculation fy={fy} summary={summary} goal={goal} gap={gap} hasGoal={hasGoal} />
  ) : null;
  if (summary && summary.proposedCount === 0) {
    const labels = staffGapLabels(fy);
    return (
      <ChartCard
        status={status}
        className="dash-gap"
        title={labels.title}
        subtitle={labels.subtitle}
        actions={actions}
        isEmpty
        empty={
          <>
            <div className="kpis">
              <div className="kpi">
                <span className="kpi__label">{labels.goal}</span>
                <span className="kpi__value money">{hasGoal ? money(goal) : 'Not set'}</span>
              </div>
            </div>
            <NoLinesYet
              fy={fy}
              missing="budget to compare with the town’s guidance"
              unbudgeted={summary.noSalaryLine}
            />
          </>
        }
        chart={null}
        table={null}
        footer={footer}
      />
    );
  }
  return (
    <SharedGapCard
      fy={fy}
      budget={summary?.guidanceBudget ?? 0}
      goal={goal}
      hasGoal={hasGoal}
      hasBudget={(summary?.proposedCount ?? 0) > 0}
      gap={gap}
      money={money}
      fundNote={fundNote}
      status={status}
      actions={actions}
      footer={footer}
      noGoalHint={canSetGoals ? <Link to="/town-goals">Set it on the Town Goals screen</Link> : null}
    />
  );
}

/**
 * The arithmetic behind the card, every figure to the cent: rounded each on its own, the rows did not
 * add up as printed ('$47,177,500 − $1,834,816 = $45,342,685').
 */
function BudgetCalculation(props: {
  fy: string;
  summary: BudgetSummary | undefined;
  goal: number;
  gap: number | null;
  hasGoal: boolean;
}) {
  const { fy, summary, goal, gap, hasGoal } = props;
  const imported = summary?.breakdown.proposed.imported ?? { count: 0, total: 0 };
  const projected = summary?.breakdown.proposed.projected ?? { count: 0, total: 0 };
  // The other funds' lines: all funds less the general fund's, in cents (exact).
  const others = summary ? fromCents(toCents(summary.proposedBudget)! - toCents(summary.guidanceBudget)!) : 0;
  return (
    <div className="calc" aria-label="Budget calculation" role="region">
      <h3 className="calc__title">How the {fy} figures are calculated</h3>
      <table className="table table--compact">
        <caption className="visually-hidden">Budget calculation for {fy}</caption>
        <tbody>
          <tr>
            <th scope="row">Imported proposed lines ({imported.count.toLocaleString('en-US')})</th>
            <td className="num">{formatMoneyCents(imported.total)}</td>
          </tr>
          <tr>
            <th scope="row">+ Projected proposed lines ({projected.count.toLocaleString('en-US')})</th>
            <td className="num">{formatMoneyCents(projected.total)}</td>
          </tr>
          <tr className="calc__total">
            <th scope="row">= Proposed budget{summary?.funds === 'general' ? ', general fund' : ''}</th>
            <td className="num">{formatMoneyCents(summary?.proposedBudget ?? 0)}</td>
          </tr>
          {others !== 0 ? (
            <>
              <tr>
                <th scope="row">− Grants and other funds (not the town&apos;s goal to pay)</th>
                <td className="num">{formatMoneyCents(others)}</td>
              </tr>
              <tr className="calc__total">
                <th scope="row">= General fund budget</th>
                <td className="num">{formatMoneyCents(summary?.guidanceBudget ?? 0)}</td>
              </tr>
            </>
          ) : null}
          <tr>
            <th scope="row">Town guidance goal</th>
            <td className="num">{hasGoal ? formatMoneyCents(goal) : 'Not set'}</td>
          </tr>
          <tr className="calc__total">
            <th scope="row">= Gap (goal minus the general fund budget; below zero is over guidance)</th>
            <td className="num">{formatGapAmount(goalGap(gap, hasGoal))}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The calculation's gap: the signed amount, or for a year with no goal that it has none. */
const formatGapAmount = (gap: number | null) =>
  gap === null ? formatGuidanceGap(null, formatMoney) : formatMoneyCents(gap);
