import { useState } from 'react';
import type { StageEvent } from '@web/api/budget-stages';
import { useCan } from '@web/auth/use-can';
import { HistoryPanel } from '@web/components/history-panel';
import { formatDateTime, formatDay, formatMoneyCents as formatMoney } from '@web/lib/format';
import { STAGE_LABELS } from '@shared/schemas/budget-stages';

/** What the event did: a stage entered, a reopen after a vote, a close, a closed year reopened. */
const eventTitle = (e: StageEvent): string =>
  ({
    advance: e.stageLabel,
    reopen: `Reopened after ${e.stageLabel}`,
    close: `Closed at ${e.stageLabel}: read-only history`,
    unclose: `Closed year reopened (${e.stageLabel})`,
  })[e.event];

/**
 * The audit log's record of one move or reopen (who recorded it, when, and a
 * reopen's reason), read on demand; the history route is staff's, like every record's history.
 */
function EventAudit({ event }: { event: StageEvent }) {
  const [open, setOpen] = useState(false);
  const id = `stage-audit-${event.id}`;
  return (
    <div className="stage-history__audit">
      <button
        type="button"
        className="btn btn--secondary btn--small"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide audit history' : 'Audit history'}
      </button>
      {open ? (
        <div id={id}>
          <HistoryPanel entity="budget-stage" id={event.id} />
        </div>
      ) : null}
    </div>
  );
}

/** Every move and reopen of the year, newest first, with the totals each move froze. */
export function StageHistory({ events }: { events: readonly StageEvent[] }) {
  const canAudit = useCan('lineItems.read');
  if (!events.length) {
    return (
      <section className="card" aria-labelledby="stage-history">
        <h2 id="stage-history" className="card__title">
          History
        </h2>
        <p className="stages__explain">No stage recorded yet: the year is {STAGE_LABELS.DRAFT}.</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="stage-history">
      <h2 id="stage-history" className="card__title">
        History
      </h2>
      <ol className="stage-history">
        {[...events].reverse().map((e) => (
          <li key={e.id} className={`stage-history__item stage-history__item--${e.event}`}>
            <div className="stage-history__head">
              <strong>{eventTitle(e)}</strong>
              <span className="stage-history__date">{formatDay(e.date)}</span>
            </div>
            {e.note ? <p className="stage-history__note">{e.note}</p> : null}
            {e.totals ? (
              <dl className="stage-history__totals">
                <div>
                  <dt>Proposed budget</dt>
                  <dd>{formatMoney(e.totals.proposedTotal)}</dd>
                </div>
                <div>
                  <dt>Proposed lines</dt>
                  <dd>{e.totals.proposedCount.toLocaleString('en-US')}</dd>
                </div>
                <div>
                  <dt>Employees</dt>
                  <dd>{e.totals.employeeCount.toLocaleString('en-US')}</dd>
                </div>
                <div>
                  <dt>Salaries</dt>
                  <dd>{formatMoney(e.totals.salaryTotal)}</dd>
                </div>
              </dl>
            ) : null}
            <p className="stage-history__by">
              Recorded by {e.createdBy}, {formatDateTime(e.createdAt)}
            </p>
            {canAudit ? <EventAudit event={e} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
