import { Link } from 'react-router';
import type { BudgetSummary } from '@web/api/dashboard';
import type { TownGuidance } from '@web/api/town-goals';
import { useCanVisit } from '@web/auth/use-can';
import { BarChart } from '@web/components/charts/bar-chart';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { COLOR_BUDGET, COLOR_GOAL } from '@web/components/charts/palette';
import { formatGuidanceGap, formatMoney, formatMoneyTicks } from '@web/lib/format';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';

interface GapCardProps {
  fiscalYear: number;
  summary: BudgetSummary | undefined;
  /** null: no guidance for the year (the goal counts as 0). */
  guidance: TownGuidance | null | undefined;
  showCalculation: boolean;
  money(value: number): string;
}

/**
 * The proposed budget against the town's guidance goal. The gap is the server's (goal minus budget,
 * server/lib/budget-math.ts): below zero the budget is over guidance (SPEC section 4). The axis
 * runs to 110% of the larger bar.
 */
export function GapCard({ fiscalYear, summary, guidance, showCalculation, money }: GapCardProps) {
  const canSetGoals = useCanVisit('/town-goals');
  const fy = fiscalYearLabel(fiscalYear);
  const budget = summary?.proposedBudget ?? 0;
  const goal = guidance?.dollarGoal ?? 0;
  const hasGoal = Boolean(guidance);
  const gap = summary?.guidanceGap ?? 0;
  const over = gap < 0;
  const rows = [
    { label: 'Proposed budget', value: budget, color: COLOR_BUDGET },
    { label: 'Town guidance goal', value: goal, color: COLOR_GOAL },
  ];
  const hasBudget = (summary?.proposedCount ?? 0) > 0;
  const compared = hasGoal && hasBudget;
  // The gap in words, never as a signed number: Town Goals' gap has the opposite sign (need minus
  // goal), so '-$0.4M' here beside '+$444,400' there read as a contradiction.
  const gapWords = (format: (v: number) => string) =>
    gap === 0 ? 'On the guidance goal' : formatGuidanceGap(-gap, format);
  const status = !hasBudget
    ? `No proposed budget lines for ${fy} in this budget year yet`
    : !hasGoal
      ? `No town guidance set for ${fy}: the goal counts as $0`
      : gap === 0
        ? 'The proposed budget meets the town’s guidance goal exactly.'
        : over
          ? 'The proposed budget asks for more than the town’s guidance goal.'
          : 'The proposed budget is within the town’s guidance goal.';
  return (
    <ChartCard
      className="dash-gap"
      title="Budget vs Town Guidance"
      subtitle={`${fy} proposed budget against the town’s guidance goal`}
      actions={
        canSetGoals ? (
          <Link className="btn btn--secondary btn--small" to="/town-goals">
            {hasGoal ? 'Edit' : 'Set Up'}
            <span className="visually-hidden"> town guidance goal</span>
          </Link>
        ) : null
      }
      chart={
        <>
          <div className="kpis">
            <div className="kpi">
              <span className="kpi__label">Proposed budget</span>
              <span className="kpi__value money">{money(budget)}</span>
            </div>
            <div className="kpi">
              <span className="kpi__label">Town guidance goal</span>
              <span className="kpi__value money">{hasGoal ? money(goal) : 'Not set'}</span>
            </div>
            <div className="kpi">
              <span className="kpi__label">Gap</span>
              <span
                className={`kpi__value kpi__value--words money ${compared ? (over ? 'text-danger' : 'text-success') : ''}`}
              >
                {compared ? gapWords(money) : '—'}
              </span>
            </div>
          </div>
          <p className={`gap-status ${hasGoal ? (over ? 'gap-status--over' : 'gap-status--under') : ''}`}>
            {status}
          </p>
          <BarChart
            label={`Bar chart: proposed budget ${money(budget)}, town guidance goal ${hasGoal ? money(goal) : 'not set'}`}
            data={rows.map((r) => ({ ...r, text: money(r.value) }))}
            max={Math.max(budget, goal) * 1.1 || 1}
            tickLabels={formatMoneyTicks}
            height={150}
          />
        </>
      }
      table={
        <DataTable
          caption={`${fy} budget against town guidance`}
          rows={[
            ...rows.map((r) => ({ ...r, text: formatMoney(r.value) })),
            { label: 'Gap', text: gapWords(formatMoney) },
          ]}
          rowKey={(r) => r.label}
          columns={[
            { header: 'Measure', value: (r) => r.label },
            { header: 'Amount', value: (r) => r.text, numeric: true },
          ]}
        />
      }
      footer={
        showCalculation ? (
          <BudgetCalculation fy={fy} summary={summary} goal={goal} gap={gap} hasGoal={hasGoal} />
        ) : null
      }
    />
  );
}

function BudgetCalculation(props: {
  fy: string;
  summary: BudgetSummary | undefined;
  goal: number;
  gap: number;
  hasGoal: boolean;
}) {
  const { fy, summary, goal, gap, hasGoal } = props;
  const imported = summary?.breakdown.proposed.imported ?? { count: 0, total: 0 };
  const projected = summary?.breakdown.proposed.projected ?? { count: 0, total: 0 };
  return (
    <div className="calc" aria-label="Budget calculation" role="region">
      <h3 className="calc__title">How the {fy} figures are calculated</h3>
      <table className="table table--compact">
        <caption className="visually-hidden">Budget calculation for {fy}</caption>
        <tbody>
          <tr>
            <th scope="row">Imported proposed lines ({imported.count.toLocaleString('en-US')})</th>
            <td className="num">{formatMoney(imported.total)}</td>
          </tr>
          <tr>
            <th scope="row">+ Projected proposed lines ({projected.count.toLocaleString('en-US')})</th>
            <td className="num">{formatMoney(projected.total)}</td>
          </tr>
          <tr className="calc__total">
            <th scope="row">= Proposed budget</th>
            <td className="num">{formatMoney(summary?.proposedBudget ?? 0)}</td>
          </tr>
          <tr>
            <th scope="row">Town guidance goal{hasGoal ? '' : ' (not set, counts as $0)'}</th>
            <td className="num">{formatMoney(goal)}</td>
          </tr>
          <tr className="calc__total">
            <th scope="row">= Gap (goal minus budget; below zero is over guidance)</th>
            <td className="num">{formatMoney(gap)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
