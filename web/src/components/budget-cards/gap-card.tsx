import type { ReactNode } from 'react';
import { BarChart } from '@web/components/charts/bar-chart';
import { ChartCard, type CardStatus } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { COLOR_BUDGET, COLOR_GOAL } from '@web/components/charts/palette';
import { formatMoney, formatMoneyTicks } from '@web/lib/format';
import { goalGap } from '@shared/budget-math';
import './budget-cards.css';

// The card's words (the public view says them more plainly than the staff dashboard) and which
// sentence it says live with the server's plain-HTML page: one home.
import {
  gapMoney,
  gapStatus,
  residentGapText,
  staffGapLabels,
  staffGapText,
  type GapLabels,
} from '@shared/gap-words';

export { staffGapLabels, type GapLabels };

interface GapCardProps {
  fy: string;
  budget: number;
  goal: number;
  hasGoal: boolean;
  hasBudget: boolean;
  /**
   * Goal minus budget, as the server computes it: below zero the budget is over guidance; null (or
   * any figure when hasGoal is false) for a year with no goal, which has no gap (goalGap).
   */
  gap: number | null;
  money(value: number): string;
  labels?: GapLabels;
  actions?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Say the gap's share of the goal after it ('(0.1% of the goal)'), as residents read it. */
  showShare?: boolean;
  /**
   * Which funds the budget sums, said under the gap: the goal pays the general fund alone, so a
   * figure of all funds would count grants against it (shared/gap-words.ts goalFundNote).
   */
  fundNote?: string;
  /** Whether the figures have arrived (ChartCard): until then the card says so, not '$0'. */
  status?: CardStatus;
  /** Said after the status of a year with no goal: where to set one, for who may. */
  noGoalHint?: ReactNode;
}

/**
 * The budget against the town's guidance goal: the two figures, the gap in words, a bar chart whose
 * axis runs to 110% of the larger bar, and the same figures as a table.
 */
export function GapCard(props: GapCardProps) {
  const { fy, budget, goal, hasGoal, hasBudget, gap, money, actions, footer } = props;
  const labels = props.labels ?? staffGapLabels(fy);
  // A year with no town goal has no gap: it says so (NO_TOWN_GOAL), never a gap against $0.
  const shownGap = goalGap(gap, hasGoal);
  const over = shownGap !== null && shownGap < 0;
  // A year with no town goal has no goal to draw: the budget's bar alone, not an empty goal bar.
  const budgetRow = { label: labels.budget, value: budget, color: COLOR_BUDGET };
  const bars = hasGoal ? [budgetRow, { label: labels.goal, value: goal, color: COLOR_GOAL }] : [budgetRow];
  const compared = hasGoal && hasBudget;
  // The gap in words, never as a signed number: Town Goals' gap has the opposite sign (need minus
  // goal), so '-$0.4M' here beside '+$444,400' there read as a contradiction.
  // A gap under $100,000 is in dollars: a $1,816 gap read 'Under guidance by $0.0M' (gapMoney).
  const gapWords = (format: (v: number) => string) =>
    shownGap !== null && props.showShare
      ? residentGapText({ guidanceGap: shownGap, townGoal: goal }, format, formatMoney)
      : staffGapText(shownGap, (v) => gapMoney(v, format, formatMoney));
  const status = gapStatus(labels, { hasBudget, hasGoal, gap: shownGap });
  return (
    <ChartCard
      status={props.status}
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
                {compared || !hasGoal ? gapWords(money) : '—'}
              </span>
            </div>
          </div>
          <p className={`gap-status ${hasGoal ? (over ? 'gap-status--over' : 'gap-status--under') : ''}`}>
            {status}
            {hasGoal || !props.noGoalHint ? null : <> {props.noGoalHint}</>}
          </p>
          {props.fundNote ? <p className="gap-fund">{props.fundNote}</p> : null}
          {/* A year with neither a budget nor a goal has nothing to draw: an empty chart's axis
              read '$0 $0.25 ... $1.00' as if those were figures. The status above says why. */}
          {budget > 0 || goal > 0 ? (
            <BarChart
              label={`Bar chart: ${bars.map((r) => `${r.label.toLowerCase()} ${money(r.value)}`).join(', ')}`}
              data={bars.map((r) => ({ ...r, text: money(r.value) }))}
              max={Math.max(...bars.map((r) => r.value)) * 1.1}
              tickLabels={formatMoneyTicks}
              height={150}
              namesAbove
            />
          ) : null}
        </>
      }
      table={
        <DataTable
          caption={`${fy} budget against town guidance`}
          rows={[
            ...bars.map((r) => ({ ...r, text: formatMoney(r.value) })),
            ...(hasGoal ? [] : [{ label: labels.goal, text: 'Not set' }]),
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
