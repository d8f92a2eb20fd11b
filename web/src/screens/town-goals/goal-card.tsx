import type { TownGoal } from '@web/api/town-goals';
import { ClosedYearNote } from '@web/components/year-lock';
import { formatMoneyCents } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { changeWords, varianceTone } from './goal-math';

const TYPE_LABELS = { DOLLAR: 'Dollar goal', PERCENT: 'Percent goal', BOTH: 'Dollar and percent' } as const;
const TONE_CLASS = { good: 'tone--good', bad: 'tone--bad', near: 'tone--near' } as const;

interface GoalCardProps {
  goal: TownGoal;
  canEdit: boolean;
  /** Why its year is closed (read-only history), or null when it may change. */
  closedNote: string | null;
  onEdit(goal: TownGoal): void;
  onDelete(goal: TownGoal): void;
}

/**
 * One fiscal year's town goal: the dollars, the percent over the baseline, which baseline that is
 * (the baseline year's goal as it stands now, or an amount entered) and actual against goal.
 */
export function GoalCard({ goal, canEdit, closedNote, onEdit, onDelete }: GoalCardProps) {
  const fy = fiscalYearLabel(goal.fiscalYear);
  const tone = varianceTone(goal.variance);
  const followed = goal.baselineFromGoal && goal.baselineYear ? fiscalYearLabel(goal.baselineYear) : null;
  const against = followed
    ? ` the ${followed} goal`
    : goal.baselineAmount !== null
      ? ' the baseline entered'
      : goal.baselineYear
        ? ` ${fiscalYearLabel(goal.baselineYear)}`
        : '';
  return (
    <article
      className={`card goal-card${tone ? ` ${TONE_CLASS[tone]}` : ''}`}
      aria-labelledby={`goal-${goal.id}`}
    >
      <div className="goal-card__header">
        <h2 id={`goal-${goal.id}`} className="goal-card__year">
          {fy}
        </h2>
        <span className="badge badge--neutral">{TYPE_LABELS[goal.goalType]}</span>
        {goal.isBaseline ? <span className="badge badge--success">Baseline</span> : null}
      </div>
      {/* To the cent, as the form takes them: a percent goal's dollars have cents ($45,486,334.70). */}
      <p className="goal-card__amount money">
        {goal.dollarGoal === null ? '—' : formatMoneyCents(goal.dollarGoal)}
      </p>
      <dl className="goal-card__facts">
        {goal.percentGoal !== null ? (
          <>
            <dt>Change</dt>
            <dd className="num">
              {changeWords(goal.percentGoal)}
              {against}
            </dd>
          </>
        ) : null}
        {goal.baselineAmount !== null ? (
          <>
            <dt>Baseline</dt>
            <dd className="money">
              {formatMoneyCents(goal.baselineAmount)}
              <span className="goal-card__source">
                {followed ? `the ${followed} goal as it stands now` : 'entered'}
              </span>
            </dd>
          </>
        ) : followed ? (
          <>
            <dt>Baseline</dt>
            <dd>the {followed} goal, not set</dd>
          </>
        ) : null}
        {goal.actualAmount !== null ? (
          <>
            <dt>Actual</dt>
            <dd className="money">{formatMoneyCents(goal.actualAmount)}</dd>
          </>
        ) : null}
        {goal.variance !== null ? (
          <>
            <dt>Actual − goal</dt>
            <dd className="money goal-card__variance">{formatMoneyCents(goal.variance)}</dd>
          </>
        ) : null}
      </dl>
      {goal.notes ? <p className="goal-card__notes">{goal.notes}</p> : null}
      {closedNote ? <ClosedYearNote message={closedNote} /> : null}
      {canEdit && !closedNote ? (
        <div className="goal-card__actions">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onEdit(goal)}>
            Edit<span className="visually-hidden"> {fy} goal</span>
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onDelete(goal)}>
            Delete<span className="visually-hidden"> {fy} goal</span>
          </button>
        </div>
      ) : null}
    </article>
  );
}
