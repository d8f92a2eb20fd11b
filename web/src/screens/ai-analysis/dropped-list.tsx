import type { DroppedSuggestion } from '@shared/schemas/ai-analysis';
import { LIST_TEXT } from './suggestion-list';

/** What the server's checks left out of the answer, and why, so nothing disappears silently. */
export function DroppedList({ dropped }: { dropped: readonly DroppedSuggestion[] }) {
  return (
    <section className="card ai-dropped" aria-labelledby="ai-dropped-heading">
      <h2 id="ai-dropped-heading">Dropped suggestions</h2>
      {dropped.length === 0 ? (
        <p className="ai-muted">None: every suggestion Claude made passed the checks.</p>
      ) : (
        <>
          <p className="ai-muted">
            Claude also suggested these; they failed the checks against the budget and are not counted
            anywhere above.
          </p>
          <ul className="ai-items">
            {dropped.map((d, i) => (
              <li key={i} className="ai-item">
                <p className="ai-item__description">{d.description || '(no description)'}</p>
                <p className="ai-dropped__reason">
                  <strong>Why: </strong>
                  {d.reason}
                  {d.list ? <span className="ai-muted"> (was in {LIST_TEXT[d.list].title})</span> : null}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
