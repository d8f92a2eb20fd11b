import type { PositionAction } from '@shared/schemas/positions';
import type { PositionHistoryEntry } from '@web/api/positions';
import { formatDateTime } from '@web/lib/format';
import { useMemo } from 'react';
import { useFunds } from '@web/api/funds';
import { useBuildings, useCategories, useWorkGroups } from '@web/api/lookups';
import { changedFields, type HistoryNames } from '@web/screens/positions/position-rules';

const ACTION_LABELS: Record<PositionAction, string> = {
  created: 'Created',
  filled: 'Filled',
  vacated: 'Vacated',
  fte_changed: 'FTE changed',
  status_changed: 'Status changed',
  moved: 'Moved',
  updated: 'Updated',
  closed: 'Closed',
  deleted: 'Deleted',
  migrated: 'Made from an employee line',
};

/** Who did what to the position, when and why, newest first (the server's order). */
export function PositionHistory({ entries }: { entries: PositionHistoryEntry[] }) {
  const buildings = useBuildings();
  const categories = useCategories();
  const workGroups = useWorkGroups();
  const funds = useFunds();
  const names = useMemo<HistoryNames>(
    () => ({
      building_id: new Map((buildings.data?.buildings ?? []).map((b) => [b.id, b.name])),
      category_id: new Map((categories.data?.categories ?? []).map((c) => [c.id, c.name])),
      work_group_id: new Map((workGroups.data?.workGroups ?? []).map((w) => [w.id, w.name])),
      funds: new Map((funds.data?.funds ?? []).map((f) => [f.id, f.name])),
    }),
    [buildings.data, categories.data, workGroups.data, funds.data],
  );
  return (
    <section className="position-section" aria-labelledby="pos-history-title">
      <h3 id="pos-history-title">History</h3>
      {entries.length === 0 ? <p className="muted">No changes recorded yet.</p> : null}
      <ol className="position-history">
        {entries.map((entry) => {
          const changes = changedFields(entry.before, entry.after, names);
          return (
            <li key={entry.id}>
              <strong>{ACTION_LABELS[entry.action]}</strong>{' '}
              <span className="position-history__meta">
                by {entry.actorName ?? 'the system'} · {formatDateTime(entry.createdAt)}
              </span>
              {changes.length ? <div>{changes.join('; ')}</div> : null}
              {entry.reason ? <div>Why: {entry.reason}</div> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
