import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useGapAnalysis } from '@web/api/town-goals';
import { Alert } from '@web/components/alert';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { NoLinesYet } from '@web/components/no-lines-yet';
import { FiscalYearField } from '@web/components/fiscal-year-field';
import { Spinner } from '@web/components/spinner';
import { formatMoney, formatMoneyCents } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { GAP_THRESHOLD } from '@shared/schemas/town-goals';
import type { GapAnalysis as GapFigures } from '@shared/schemas/town-goals';
import { guidanceGapLabel } from './goal-math';

const STATUS = {
  OVER: { label: 'OVER', className: 'tone--bad', text: 'The budget asks for more than the town’s goal.' },
  UNDER: { label: 'UNDER', className: 'tone--good', text: 'The budget is within the town’s goal.' },
  NEAR: {
    label: 'NEAR GOAL',
    className: 'tone--near',
    text: `Within ${formatMoney(GAP_THRESHOLD)} of the town’s goal.`,
  },
} as const;
const NO_GOAL = { label: 'NO GOAL', className: '', text: '' };

/**
 * The district's need (the general fund’s proposed budget) against the town goal, to the cent as the
 * Scenario Builder's cards show the same figures, for a chosen fiscal year, read
 * from the selected budget year as the dashboard reads it, so the two screens show the same gap.
 */
export function GapAnalysis({
  years,
  defaultYear,
  budgetYearId,
  noBudgetYear = false,
}: {
  years: number[];
  defaultYear: number;
  budgetYearId?: number;
  /** No budget year exists: there is no proposed budget to measure, so no figures (not $0). */
  noBudgetYear?: boolean;
}) {
  const [year, setYear] = useState(defaultYear);
  const gap = useGapAnalysis(noBudgetYear ? null : year, budgetYearId);
  // A year with no budget lines has not started: no need, gap or status, so no tone either. A year
  // with no town goal has no gap to be OVER or UNDER (goalGap): it says so, in no tone.
  const status =
    gap.data && gap.data.lineCount > 0
      ? gap.data.status === null
        ? NO_GOAL
        : STATUS[gap.data.status]
      : null;
  return (
    <section className={`card gap-analysis ${status?.className ?? ''}`} aria-labelledby="gap-analysis-title">
      <div className="chart-card__header">
        <div>
          <h2 id="gap-analysis-title" className="chart-card__title">
            Gap Analysis
          </h2>
          <p className="chart-card__subtitle">
            District need (the general fund’s proposed budget, the part the town’s goal pays for) against the
            town goal.
          </p>
        </div>
        {noBudgetYear ? null : (
          <FiscalYearField id="gap-year" years={years} value={year} onChange={setYear} />
        )}
      </div>
      {noBudgetYear ? <NoBudgetYear shows="the district's need and its gap to the town goal" /> : null}
      {gap.isPending && !noBudgetYear ? <Spinner label="Loading gap analysis..." /> : null}
      {gap.isError ? (
        <Alert title="Failed to load the gap analysis">{errorMessage(gap.error, 'Please try again.')}</Alert>
      ) : null}
      {gap.data && gap.data.lineCount === 0 ? (
        <>
          <div className="kpis">
            <TownGoalKpi gap={gap.data} />
          </div>
          <NoLinesYet fy={fiscalYearLabel(year)} missing="district need to compare with the town goal" />
        </>
      ) : gap.data && status ? (
        <>
          <div className="kpis kpis--four">
            <div className="kpi">
              <span className="kpi__label">District need</span>
              <span className="kpi__value money">{formatMoneyCents(gap.data.districtNeed)}</span>
            </div>
            <TownGoalKpi gap={gap.data} />
            <div className="kpi">
              <span className="kpi__label">Gap</span>
              <span className="kpi__value money gap-analysis__gap">
                {guidanceGapLabel(gap.data.gap, gap.data.hasTownGoal)}
              </span>
            </div>
            <div className="kpi">
              <span className="kpi__label">Status</span>
              <span className="kpi__value">
                <span className="status-pill">{status.label}</span>
              </span>
            </div>
          </div>
          <p className="muted gap-analysis__note">
            {gap.data.hasTownGoal
              ? `${status.text} Gaps beyond ${formatMoney(GAP_THRESHOLD)} either way are OVER (red) or UNDER (green).`
              : `No town goal is set for ${fiscalYearLabel(year)}: there is no guidance to compare the need with.`}
          </p>
        </>
      ) : null}
    </section>
  );
}

/** The town goal of the analysed year, or 'Not set': shown with or without a budget to compare. */
function TownGoalKpi({ gap }: { gap: GapFigures }) {
  return (
    <div className="kpi">
      <span className="kpi__label">Town goal</span>
      <span className="kpi__value money">{gap.hasTownGoal ? formatMoneyCents(gap.townGoal) : 'Not set'}</span>
    </div>
  );
}
