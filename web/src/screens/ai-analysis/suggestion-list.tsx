import type { Suggestion, SuggestionList as ListName } from '@shared/schemas/ai-analysis';
import { formatMoney } from '@web/lib/format';
import { SuggestionNss } from './nss-note';

/** The three lists' headings and what each means, least harm first. */
export const LIST_TEXT: Record<ListName, { title: string; meaning: string }> = {
  likelyNeeded: {
    title: 'Likely needed',
    meaning: 'Cuts that spare the priorities; most districts would start here.',
  },
  moderateNeed: {
    title: 'Moderate need',
    meaning: 'Cuts that students or staff would notice.',
  },
  deepCuts: {
    title: 'Deep cuts',
    meaning: 'Only if the target cannot be met otherwise; they reach into the priorities.',
  },
};

/** More lines than this fold under 'Draws on ...' until opened. */
const OPEN_UP_TO = 4;

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function DrawsOn({ item }: { item: Suggestion }) {
  const parts = [
    item.lines.length ? count(item.lines.length, 'line') : null,
    item.groups.length ? count(item.groups.length, 'position group') : null,
  ].filter(Boolean);
  return (
    <details className="ai-draws" open={item.lines.length + item.groups.length <= OPEN_UP_TO}>
      <summary>
        Draws on {parts.join(' and ')} costing {formatMoney(item.basisAmount)}
      </summary>
      <ul>
        {item.lines.map((l) => (
          <li key={`line-${l.id}`}>
            <span>
              Line {l.id}: {l.description}
            </span>
            <span className="ai-money">{formatMoney(l.amount)}</span>
          </li>
        ))}
        {item.groups.map((g) => (
          <li key={`group-${g.position}-${g.workGroup ?? ''}`}>
            <span>
              {g.position} ({g.workGroup ?? 'no work group'}), {count(g.count, 'person')}
            </span>
            <span className="ai-money">{formatMoney(g.total)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

interface SuggestionListProps {
  list: ListName;
  items: readonly Suggestion[];
  total: number;
  chosen: ReadonlySet<string>;
  onToggle(key: string, on: boolean): void;
}

/** One of the three lists: each suggestion with its saving, its impact, what it draws on, a checkbox. */
export function SuggestionList({ list, items, total, chosen, onToggle }: SuggestionListProps) {
  const { title, meaning } = LIST_TEXT[list];
  const headingId = `ai-list-${list}`;
  return (
    <section className="card ai-list" aria-labelledby={headingId}>
      <div className="ai-list__header">
        <div>
          <h2 id={headingId}>{title}</h2>
          <p className="ai-muted">{meaning}</p>
        </div>
        <p className="ai-list__total">
          <span className="ai-muted">{count(items.length, 'suggestion')}, saving </span>
          <span className="ai-money">{formatMoney(total)}</span>
        </p>
      </div>
      {items.length === 0 ? (
        <p className="ai-muted">No suggestions in this list.</p>
      ) : (
        <ul className="ai-items">
          {items.map((item) => {
            const boxId = `ai-pick-${item.key.replace(':', '-')}`;
            return (
              <li key={item.key} className="ai-item">
                <div className="ai-item__head">
                  <input
                    id={boxId}
                    type="checkbox"
                    checked={chosen.has(item.key)}
                    disabled={!item.scenarioReady}
                    onChange={(event) => onToggle(item.key, event.target.checked)}
                    aria-describedby={item.scenarioReady ? undefined : `${boxId}-why`}
                  />
                  <label htmlFor={boxId} className="ai-item__description">
                    {item.description}
                  </label>
                  <span className="ai-money ai-item__savings">{formatMoney(item.savings)}</span>
                </div>
                <p className="ai-item__impact">
                  <strong>Impact: </strong>
                  {item.impact}
                </p>
                <SuggestionNss item={item} />
                {item.scenarioReady ? null : (
                  <p id={`${boxId}-why`} className="ai-muted ai-item__note">
                    Staff positions, not proposed lines: plan this one in the Employee Manager.
                  </p>
                )}
                <DrawsOn item={item} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
