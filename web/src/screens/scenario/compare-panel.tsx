import { useState } from 'react';
import { sumDollars } from '@shared/money';
import { NO_LINES_YET, NO_TOWN_GOAL } from '@shared/budget-math';
import { errorMessage } from '@web/api/client';
import { useCompareScenarios, type Comparison, type CutScenario } from '@web/api/cut-scenarios';
import { Alert } from '@web/components/alert';
import { formatMoneyCents } from '@web/lib/format';
import { fyLabel, gapLabel } from './scenario-math';
import './panels.css';

const MAX = 3;

/** A signed difference in words-free form: '−$1,200.00' or '$0.00' (never hidden in a colour alone). */
const difference = (value: number) => (value < 0 ? `−${formatMoneyCents(-value)}` : formatMoneyCents(value));

function ComparisonTable({ data }: { data: Comparison }) {
  return (
    <div className="compare__scroll" role="region" aria-label="Scenario comparison by category" tabIndex={0}>
      <table className="compare__table">
        <caption className="visually-hidden">
          Scenarios compared by category for {fyLabel(data.fiscalYear)}: original, adjusted and difference
        </caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col" className="num">
              Original
            </th>
            {data.scenarios.map((s) => (
              <th key={s.id} scope="colgroup" colSpan={2} className="compare__scenario">
                {s.name}
              </th>
            ))}
          </tr>
          <tr>
            <td />
            <td />
            {data.scenarios.map((s) => [
              <th key={`${s.id}-a`} scope="col" className="num">
                Adjusted
              </th>,
              <th key={`${s.id}-d`} scope="col" className="num">
                Difference
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {data.categories.map((c) => (
            <tr key={c.categoryId ?? 'none'}>
              <th scope="row">{c.category}</th>
              <td className="num">{formatMoneyCents(c.original)}</td>
              {c.scenarios.map((s) => [
                <td key={`${s.id}-a`} className="num">
                  {formatMoneyCents(s.adjusted)}
                </td>,
                <td key={`${s.id}-d`} className={`num${s.difference < 0 ? ' compare__cut' : ''}`}>
                  {difference(s.difference)}
                </td>,
              ])}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">{formatMoneyCents(sumDollars(data.categories.map((c) => c.original)))}</td>
            {data.scenarios.map((s) => [
              <td key={`${s.id}-a`} className="num">
                {formatMoneyCents(s.adjustedTotal)}
              </td>,
              <td key={`${s.id}-d`} className="num compare__cut">
                {difference(-s.totalCuts)}
              </td>,
            ])}
          </tr>
          <tr>
            <th scope="row">Against the goal ({formatMoneyCents(data.townGoal)})</th>
            <td />
            {data.scenarios.map((s) => (
              <td
                key={s.id}
                colSpan={2}
                className={s.meetsGoal === null ? '' : s.meetsGoal ? 'compare__meets' : 'compare__over'}
              >
                {/* No town goal (gap null): it says so, never a gap against $0. */}
                {s.gap === null
                  ? NO_TOWN_GOAL
                  : s.meetsGoal === null
                    ? NO_LINES_YET
                    : `${s.meetsGoal ? 'Meets the goal' : 'Does not meet the goal'} · ${gapLabel(s.gap)}`}
                {/* The goal pays the general fund alone: say its figure when grants make a difference. */}
                {s.goalTotal === s.adjustedTotal ? '' : ` (general fund ${formatMoneyCents(s.goalTotal)})`}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Two or three scenarios of the year side by side, by category (GET /scenarios/cuts/compare). */
export function ComparePanel({ scenarios }: { scenarios: CutScenario[] }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const ids = chosen.filter((id) => scenarios.some((s) => s.id === id));
  const compare = useCompareScenarios(ids);
  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => (on ? [...prev.filter((x) => x !== id), id] : prev.filter((x) => x !== id)));

  return (
    <section className="card compare" aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare scenarios</h2>
      {scenarios.length < 2 ? (
        <p className="field__hint">Create a second scenario to compare them side by side.</p>
      ) : (
        <fieldset className="compare__choices">
          <legend>Choose two or three scenarios</legend>
          {scenarios.map((s) => {
            const on = ids.includes(s.id);
            return (
              <label key={s.id} className="compare__choice">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && ids.length >= MAX}
                  onChange={(e) => toggle(s.id, e.target.checked)}
                />
                {s.name}
                {s.isActive ? ' (active)' : ''}
              </label>
            );
          })}
        </fieldset>
      )}
      {compare.isError ? (
        <Alert title="Failed to compare scenarios">{errorMessage(compare.error, '')}</Alert>
      ) : null}
      {ids.length >= 2 && compare.isPending ? <p role="status">Loading comparison...</p> : null}
      {ids.length >= 2 && compare.data ? <ComparisonTable data={compare.data} /> : null}
    </section>
  );
}
