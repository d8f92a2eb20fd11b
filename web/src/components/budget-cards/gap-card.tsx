import type { ReactNode } from 'react';
import { BarChart } from '@web/components/charts/bar-chart';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { COLOR_BUDGET, COLOR_GOAL } from '@web/components/charts/palette';
import { formatGuidanceGap, formatMoney, formatMoneyTicks } from '@web/lib/format';
import './budget-cards.css';

/** The words of the card; the public view says them more plainly than the staff dashboard. */
export interface GapLabels {
  title: string;
  subtitle: string;
  budget: string;
  goal: string;
  noBudget: string;
  noGoal: string;
  exact: string;
  over: string;
  under: string;
}

/** The staff dashboard's words for fiscal year label `fy` ('FY27'). */
export const staffGapLabels = (fy: string): GapLabels => ({
  title: 'Budget vs Town Guidance',
  subtitle: `${fy} proposed budget against the town’s guidance goal`,
  budget: 'Proposed budget',
  goal: 'Town guidance goal',
  noBudget: `No proposed budget lines for ${fy} in this budget year yet`,
  noGoal: `No town guidance set for ${fy}: the goal counts as $0`,
  exact: 'The proposed budget meets the town’s guidance goal exactly.',
  over: 'The proposed budget asks for more than the town’s guidance goal.',
  under: 'The proposed budget is within the town’s guidance goal.',
});

interface GapCardProps {
  fy: string;
  budget: number;
  goal: number;
  hasGoal: boolean;
  hasBudget: boolean;
  /** Goal minus budget, as the server computes it: below zero the budget is over guidance. */
  gap: number;
  money(value: number): string;
  labels?: GapLabels;
  actions?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * The budget against the town's guidance goal: the two figures, the gap in words, a bar chart whose
 * axis runs to 110% of the larger bar (SPEC section 9), and the same figures as a table.
 */
export function GapCard(props: GapCardProps) {
  const { fy, budget, goal, hasGoal, hasBudget, gap, money, actions, footer } = props;
  const labels = props.labels ?? staffGapLabels(fy);
  const over = gap < 0;
  const rows = [
    { label: labels.budget, value: budget, color: COLOR_BUDGET },
    { label: labels.goal, value: goal, color: COLOR_GOAL },
  ];
  const compared = hasGoal && hasBudget;
  // The gap in words, never as a signed number: Town Goals' gap has the opposite sign (need minus
  // goal), so '-$0.4M' here beside '+$444,400' there read as a contradiction.
  const gapWords = (format: (v: number) => string) =>
    gap === 0 ? 'On the guidance goal' : formatGuidanceGap(-gap, format);
  const status = !hasBudget
    ? labels.noBudget
    : !hasGoal
      ? labels.noGoal
      : gap === 0
        ? labels.exact
        : over
          ? labels.over
          : labels.under;
  return (
    <ChartCard
      className={props.className ?? 'dash-gap'}
      title={labels.title}
      subtitle={labels.subtitle}
      actions={actions}
      chart={
        <>
          <div className="kpis">
            <div className="kpi">
              <span className="kpi__label">{labels.budget}</span>
              <span className="kpi__value money">{money(budget)}</span>
            </div>
            <div className="kpi">
              <span className="kpi__label">{labels.goal}</span>
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
            label={`Bar chart: ${labels.budget.toLowerCase()} ${money(budget)}, ${labels.goal.toLowerCase()} ${hasGoal ? money(goal) : 'not set'}`}
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
      footer={footer}
    />
  );
}
