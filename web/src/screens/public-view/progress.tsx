import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { goalBudget } from '@shared/gap-words';
import { formatMoney } from '@web/lib/format';

/**
 * How much of the town's goal the proposed budget uses, as a plain bar drawn with CSS (no chart
 * code), with the percent and both amounts written out beside it.
 */
/** 'the FY27 adopted school budget' at the start of a sentence. */
const sentenceStart = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

/** `what` names the budget by its year's stage ('the FY27 adopted school budget'). */
export function ProgressSection({ data, what }: { data: PublicYearData; what: string }) {
  if (!data.hasTownGoal || data.townGoal <= 0) {
    return null;
  }
  // The general fund's budget, the part the goal pays for (goalBudget).
  const budget = goalBudget(data);
  const percent = (budget / data.townGoal) * 100;
  const over = percent > 100;
  const shown = `${percent.toFixed(1)}%`;
  return (
    <section className="card pub-progress pub-wide" aria-labelledby="pub-progress-title">
      <h2 id="pub-progress-title" className="chart-card__title">
        Budget Compared with the Town&apos;s Goal
      </h2>
      {/* 'The FY26 proposed school budget (general fund) is $45,342,685, 94.3% of the town's goal of
          $48,100,000.': one sentence for the resident page and the admin's preview of it. */}
      <p className="pub-progress__text">
        {sentenceStart(what)}
        {data.guidanceBudget === undefined ? '' : ' (general fund)'} is{' '}
        <strong className="money">{formatMoney(budget)}</strong>, <strong>{shown}</strong> of the town&apos;s
        goal of <strong className="money">{formatMoney(data.townGoal)}</strong>
        {over ? ': more than the goal.' : '.'}
      </p>
      <ProgressBar percent={percent} />
    </section>
  );
}

/**
 * The bar: the budget's share of the goal in green up to the goal. A budget over the goal draws the
 * track to the budget instead, the goal marked on it and the part past it in red (a full red bar
 * said 'over' but not by how much).
 */
function ProgressBar({ percent }: { percent: number }) {
  const over = percent > 100;
  // Widths on a track as long as the larger of the budget and the goal.
  const goalAt = over ? (100 / percent) * 100 : 100;
  const within = over ? goalAt : percent;
  return (
    <div className="pub-progress__track" aria-hidden="true">
      <div className="pub-progress__fill" style={{ width: `${within}%` }} />
      {over ? (
        <>
          <div
            className="pub-progress__fill pub-progress__fill--over"
            style={{ width: `${100 - goalAt}%` }}
          />
          <div className="pub-progress__goal" style={{ left: `${goalAt}%` }} title="The town's goal" />
        </>
      ) : null}
    </div>
  );
}
