import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@web/api/client';
import { fundNamer, useFunds } from '@web/api/funds';
import { useHistory, type HistoryEntity, type HistoryEntry } from '@web/api/history';
import { lookupKeys, lookupsApi } from '@web/api/lookups';
import { formatDateTime } from '@web/lib/format';
import { historyActionLabel, historyFieldLabel, historyValueText } from '@shared/history-words';
import { TableHead } from '@web/components/table-head';

/**
 * A reference's id and the field that keeps the same reference by name, where a snapshot keeps one
 * (a line's building as { name }, a proposed line's category, a rule's work group, category and fund).
 * Both change together; the id's row would only repeat the name's as a number.
 */
const NAME_OF_ID: Record<string, string> = {
  buildingId: 'building',
  categoryId: 'category',
  workGroupId: 'workGroup',
  fundId: 'fund',
};

type Change = HistoryEntry['changes'][number];

/** An entry's rows: an id whose name changed beside it is left out, its name's row says it. */
function shownChanges(changes: readonly Change[]): Change[] {
  const fields = new Set(changes.map((c) => c.field));
  return changes.filter((c) => !(c.field in NAME_OF_ID && fields.has(NAME_OF_ID[c.field])));
}

/** A reference's name by id (a building, category or work group), undefined until its list loads. */
type IdName = (id: number) => string | undefined;

/** A fund's name by id (the snapshot keeps only the id; none is the general fund's): fundNamer. */
type FundName = (fundId: number | null) => string;

interface Namers {
  fundId: FundName;
  /** By the id field: buildingId, categoryId, workGroupId. */
  ids: Record<string, IdName>;
}

function referenceNamer(list: readonly { id: number; name: string }[] | undefined): IdName {
  const names = new Map((list ?? []).map((r) => [r.id, r.name]));
  return (id) => names.get(id);
}

function show(field: string, value: unknown, namers: Namers): string {
  if (field === 'fundId' && (value === null || typeof value === 'number')) {
    return namers.fundId(value) || (value === null ? '—' : `Fund #${value}`);
  }
  // A line with no building is District Wide's (as the grids say), not a blank.
  if ((field === 'building' || field === 'buildingId') && value === null) {
    return 'District Wide';
  }
  const idName = namers.ids[field];
  if (idName && typeof value === 'number') {
    // One the list no longer has (deleted since) keeps its number, marked as one.
    return idName(value) ?? `#${value}`;
  }
  return historyValueText(field, value);
}

// The lists grids filter by (shared cache), each asked for only when a shown row names one by id.
const lookupOptions = { staleTime: 5 * 60_000, retry: false } as const;

/** The names the panel's rows need: each list is loaded only if some row shows its id. */
function useNamers(entries: readonly HistoryEntry[] | undefined): Namers {
  const shown = new Set((entries ?? []).flatMap((e) => shownChanges(e.changes).map((c) => c.field)));
  const funds = useFunds(shown.has('fundId'));
  const buildings = useQuery({
    queryKey: lookupKeys.buildings(),
    queryFn: lookupsApi.buildings,
    enabled: shown.has('buildingId'),
    ...lookupOptions,
  });
  const categories = useQuery({
    queryKey: lookupKeys.categories(),
    queryFn: lookupsApi.categories,
    enabled: shown.has('categoryId'),
    ...lookupOptions,
  });
  const workGroups = useQuery({
    queryKey: lookupKeys.workGroups(),
    queryFn: lookupsApi.workGroups,
    enabled: shown.has('workGroupId'),
    ...lookupOptions,
  });
  return {
    fundId: fundNamer(funds.data?.funds),
    ids: {
      buildingId: referenceNamer(buildings.data?.buildings),
      categoryId: referenceNamer(categories.data?.categories),
      workGroupId: referenceNamer(workGroups.data?.workGroups),
    },
  };
}

interface HistoryPanelProps {
  entity: HistoryEntity;
  id: number;
}

/** Who changed what and when on one record, newest first (read from the audit log). */
export function HistoryPanel({ entity, id }: HistoryPanelProps) {
  const history = useHistory(entity, id);
  const namers = useNamers(history.data?.entries);
  const headingId = `history-${entity}-${id}`;
  return (
    <section className="history" aria-labelledby={headingId}>
      <h3 id={headingId}>History</h3>
      {history.isPending ? <p className="muted">Loading history...</p> : null}
      {history.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(history.error, 'Failed to load history')}
        </p>
      ) : null}
      {history.data && history.data.entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : null}
      {history.data && history.data.entries.length > 0 ? (
        <ol className="history__list">
          {history.data.entries.map((entry) => (
            <li key={entry.id} className="history__entry">
              <strong>{historyActionLabel(entry.action)}</strong>{' '}
              <span className="history__meta">
                by {entry.actor} · {formatDateTime(entry.createdAt)}
              </span>
              {entry.cause ? <span className="history__cause"> · {entry.cause}</span> : null}
              {entry.changes.length > 0 && entry.action !== 'create' && entry.action !== 'delete' ? (
                <table className="history__changes">
                  <caption className="visually-hidden">Fields changed</caption>
                  <TableHead cols={['Field', 'Before', 'After']} />
                  <tbody>
                    {shownChanges(entry.changes).map((change) => (
                      <tr key={change.field}>
                        <th scope="row">{historyFieldLabel(change.field)}</th>
                        <td>{show(change.field, change.before, namers)}</td>
                        <td>{show(change.field, change.after, namers)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
