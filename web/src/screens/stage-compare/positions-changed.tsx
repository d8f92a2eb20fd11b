import type { StageComparison } from '@web/api/stage-compare';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { positionChangeDay, positionChangeHolders } from '@shared/position-change-words';
import { pickedWords } from '@shared/picked-words';
import { countOf } from '@web/lib/format';
import { TableHead } from '@web/components/table-head';

/** How position_history names what happened, as a committee reads it. */
const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  closed: 'Closed',
  filled: 'Filled',
  vacated: 'Vacated',
  moved: 'Moved',
  fte_changed: 'FTE changed',
  status_changed: 'Status changed',
  updated: 'Updated',
  deleted: 'Deleted',
};

/**
 * Beneath an adopted cut's closing, why the scenario's cut took the position and its $0 warning,
 * in the Scenario Builder's words (pickedWords); nothing for any other change.
 */
function Picked({ change }: { change: StageComparison['positionChanges'][number] }) {
  const { why, warning } = pickedWords({ why: change.pickWhy, warning: change.pickWarning });
  return (
    <>
      {why ? <span className="compare-lines__picked">Picked: {why}</span> : null}
      {warning ? <strong className="compare-lines__pick-warning">{warning}</strong> : null}
    </>
  );
}

/**
 * The positions changed between the two sides, one row per change, with who and why (a cut
 * adopted, its holder's leaving folded in; a vacancy added; a person leaving): the roster whose
 * cost the compared year budgets. No pay is shown.
 */
export function PositionsChanged({ data }: { data: StageComparison }) {
  const rows = data.positionChanges;
  const more = data.positionChangeCount - rows.length;
  return (
    // A card like the line tables above it: bare, it ran into the staffing card below.
    <section className="card card--flush compare-section" aria-labelledby="compare-positions-title">
      <h2 id="compare-positions-title" className="compare-section__title">
        Positions changed{' '}
        <span className="compare-section__hint">
          ({countOf(data.positionChangeCount, 'change')} in the{' '}
          {fiscalYearLabel(data.positionRosterFiscalYear)} roster)
        </span>
      </h2>
      {rows.length === 0 ? (
        <p className="compare-section__empty">No position changed.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="group" aria-label="Positions changed table">
          <table className="table compare-table compare-lines" data-testid="compare-positions">
            <TableHead cols={['Position', 'Change', 'Status now', 'Reason', 'By, when']} />
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r.positionId}-${r.at}-${i}`}>
                  <th scope="row" data-label="Position">
                    <span className="compare-lines__name">{r.title}</span>
                    <span className="compare-lines__where">
                      #{r.positionId} · {r.building ?? 'District Wide'}
                      {r.fte === null ? '' : ` · ${r.fte} FTE`}
                    </span>
                  </th>
                  <td data-label="Change">
                    {/* One cell's value, so a phone's labelled row keeps it together. */}
                    <span>
                      {ACTION_LABELS[r.action] ?? r.action}
                      {positionChangeHolders(r) ? (
                        <span className="compare-lines__where">{positionChangeHolders(r)}</span>
                      ) : null}
                    </span>
                  </td>
                  <td data-label="Status now">{r.status ?? '—'}</td>
                  <td data-label="Reason" className="compare-lines__reason">
                    {/* One value with the pick beneath it, as the Change cell keeps its holders. */}
                    <span>
                      {r.reason ?? <span className="muted">No reason recorded</span>}
                      <Picked change={r} />
                    </span>
                  </td>
                  <td data-label="By, when">
                    {r.by ?? '—'}, {positionChangeDay(r.at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more > 0 ? (
        <p className="compare-section__empty">
          The newest {rows.length} are listed; {more} more.
        </p>
      ) : null}
    </section>
  );
}
