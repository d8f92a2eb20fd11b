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
      <p className="pub-progress__text">
        {sentenceStart(what)}
        {data.guidanceBudget === undefined ? '' : ' of the general fund'} of{' '}
        <strong className="money">{formatMoney(budget)}</strong> is <strong>{shown}</strong> of the
        town&apos;s goal of <strong className="money">{formatMoney(data.townGoal)}</strong>
        {over ? ', more than the goal.' : '.'}
      </p>
      <div className="pub-progress__track" aria-hidden="true">
        <div
          className={`pub-progress__fill${over ? ' pub-progress__fill--over' : ''}`}
          style={{ width: `${Math.min(percent, 100)}%` }}
        />
      </div>
    </section>
  );
}
