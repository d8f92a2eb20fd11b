import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as q from '@server/queries/history';
import { HISTORY_ENTITIES, type HistoryEntity, type HistoryEntry } from '@server/schemas/history';

/**
 * The table each history entity lives in (by its id), to tell 'no history yet' from 'no such
 * record'; null when any id names a record: a fiscal year's state figures may have no history yet.
 */
const TABLES: Record<HistoryEntity, string | null> = {
  'line-item': 'line_items_all',
  building: 'buildings',
  'work-group': 'work_groups',
  'work-group-category': 'work_group_categories',
  'budget-category': 'budget_categories',
  scenario: 'scenarios',
  'town-goal': 'town_goals',
  contract: 'contracts',
  'cola-scenario': 'cola_scenarios',
  'cut-scenario': 'cut_scenarios',
  'ai-analysis': 'ai_analyses',
  'nss-state-figures': null,
  'budget-stage': 'budget_stages',
};

// Every write changes these; listing them as changes would only add noise. The cause the line
// writer records is not a field of the line: the entry carries it as `cause`.
const IGNORED = new Set(['updatedAt', 'updated_at', 'cause']);

const asObject = (v: unknown): Record<string, unknown> | null => {
  const parsed = typeof v === 'string' ? safeParse(v) : v;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
};

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The fields that differ between two snapshots, by name: every top-level field whose JSON differs (nested
 * objects such as building or metadata compare as a whole). A create lists what was set, a delete
 * what was there.
 */
export function diffSnapshots(
  before: unknown,
  after: unknown,
): { field: string; before: unknown; after: unknown }[] {
  const b = asObject(before) ?? {};
  const a = asObject(after) ?? {};
  // Alphabetical: jsonb does not keep the order the fields were written in.
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !IGNORED.has(f)).sort();
  const changes = [];
  for (const field of fields) {
    const x = b[field] ?? null;
    const y = a[field] ?? null;
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      changes.push({ field, before: x, after: y });
    }
  }
  return changes;
}

/**
 * The change history of one record (line item or reference record), newest first: who, when, the
 * changed fields and the full before/after snapshots. A record that never existed is a 404; a
 * deleted record still has its history.
 */
export async function getHistory(
  app: AppContext,
  actor: Actor,
  entity: HistoryEntity,
  id: number,
  limit = 100,
) {
  authorize(actor, 'lineItems.read');
  const rows = await q.auditRowsFor(app.db, HISTORY_ENTITIES[entity], id, limit);
  const table = TABLES[entity];
  if (!rows.length && table !== null && !(await q.rowExists(app.db, table, id))) {
    throw notFound('Record');
  }
  const entries: HistoryEntry[] = rows.map((r) => {
    const before = typeof r.before === 'string' ? safeParse(r.before) : (r.before ?? null);
    const after = typeof r.after === 'string' ? safeParse(r.after) : (r.after ?? null);
    return {
      id: Number(r.id),
      action: r.action,
      actor: r.user_name ?? r.actor_label,
      createdAt: new Date(r.created_at).toISOString(),
      changes: diffSnapshots(before, after),
      cause: typeof asObject(after)?.cause === 'string' ? (asObject(after)!.cause as string) : null,
      before,
      after,
    };
  });
  return { entries };
}
