import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import { authorize, type Action, type Actor } from '@server/policies/index';
import * as q from './queries/history';
import { HISTORY_ENTITIES, type HistoryEntity, type HistoryEntry } from '@shared/schemas/history';

/**
 * For each history entity, the table it lives in (by its id), to tell 'no history yet' from 'no such
 * record' (null when any id names a record: a fiscal year's state figures may have no history yet),
 * and who may read it. History is a staff tool (the route asks ADMIN or FINANCE; snapshots of lines,
 * adoptions and schedules carry individual pay); on top of that, whoever may read a record may read
 * its history, so an ADMIN-only record keeps its history to ADMIN.
 */
const ENTITIES: Record<HistoryEntity, { table: string | null; read: Action }> = {
  'line-item': { table: 'line_items_all', read: 'lineItems.read' },
  building: { table: 'buildings', read: 'lineItems.read' },
  'work-group': { table: 'work_groups', read: 'lineItems.read' },
  'work-group-category': { table: 'work_group_categories', read: 'lineItems.read' },
  'budget-category': { table: 'budget_categories', read: 'lineItems.read' },
  scenario: { table: 'scenarios', read: 'scenarios.read' },
  'town-goal': { table: 'town_goals', read: 'lineItems.read' },
  contract: { table: 'contracts', read: 'cola.read' },
  'cola-scenario': { table: 'cola_scenarios', read: 'cola.read' },
  'cut-scenario': { table: 'cut_scenarios', read: 'scenarios.read' },
  'ai-analysis': { table: 'ai_analyses', read: 'ai.analyze' },
  'nss-state-figures': { table: null, read: 'lineItems.read' },
  'budget-stage': { table: 'budget_stages', read: 'lineItems.read' },
  'scenario-adoption': { table: 'scenario_adoptions', read: 'scenarios.read' },
  'crosswalk-rule': { table: 'position_crosswalk_rules', read: 'crosswalk.manage' },
  'function-code-rule': { table: 'function_code_rules', read: 'functionCodes.manage' },
  'ledger-import': { table: 'ledger_imports', read: 'ledger.read' },
  'ledger-settings': { table: 'ledger_settings', read: 'ledger.read' },
  'budget-settings': { table: 'budget_settings', read: 'lineItems.read' },
  'budget-year': { table: 'budget_years', read: 'lineItems.read' },
  'roll-forward': { table: 'roll_forwards', read: 'lineItems.read' },
  'budget-version': { table: 'budget_versions', read: 'versions.manage' },
  'cut-floors': { table: null, read: 'scenarios.read' },
  enrollment: { table: 'enrollment', read: 'lineItems.read' },
  'salary-schedule': { table: 'salary_schedules', read: 'cola.read' },
  'import-run': { table: 'import_runs', read: 'import.run' },
  'public-dashboard': { table: 'public_dashboard_configs', read: 'publicDashboard.manage' },
  'public-dashboard-link': { table: 'public_dashboard_links', read: 'publicDashboard.manage' },
  user: { table: 'users', read: 'users.manage' },
  // A deleted position keeps its audit entries; its own position_history is read by GET /positions/:id.
  position: { table: 'positions', read: 'positions.read' },
  'vacancy-placement': { table: 'work_groups', read: 'positions.read' },
  fund: { table: 'funds', read: 'lineItems.read' },
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
 * A snapshot with its metadata's keys as fields of their own ('metadata.needsReview'): a line's
 * metadata holds flags set by different writers, and one changed flag showed as the whole object,
 * as JSON, before and after.
 */
function withMetadataKeys(snapshot: Record<string, unknown>): Record<string, unknown> {
  const metadata = asObject(snapshot.metadata);
  if (!metadata) {
    return snapshot;
  }
  const { metadata: _whole, ...rest } = snapshot;
  return { ...rest, ...Object.fromEntries(Object.entries(metadata).map(([k, v]) => [`metadata.${k}`, v])) };
}

/**
 * The fields that differ between two snapshots, by name: every top-level field whose JSON differs
 * (nested objects such as building compare as a whole; metadata key by key). A create lists what was
 * set, a delete what was there.
 */
export function diffSnapshots(
  before: unknown,
  after: unknown,
): { field: string; before: unknown; after: unknown }[] {
  const b = withMetadataKeys(asObject(before) ?? {});
  const a = withMetadataKeys(asObject(after) ?? {});
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
  const { table, read } = ENTITIES[entity];
  authorize(actor, read);
  const rows = await q.auditRowsFor(app.db, HISTORY_ENTITIES[entity], id, limit);
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
