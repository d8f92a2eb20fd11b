import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';
import type { WorkGroup } from '@shared/schemas/work-groups';

export interface WorkGroupRow {
  id: number;
  name: string;
  description: string | null;
  category_id: number | null;
  category_name: string | null;
  category_background_color: string | null;
  category_text_color: string | null;
  employee_count: number;
  contract_count: number;
  position_count: number;
}

export interface WorkGroupValues {
  name?: string;
  description?: string | null;
  category_id?: number | null;
}

/** Row -> API shape, with the category's colours for the badge. */
export function presentWorkGroup(row: WorkGroupRow): WorkGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    categoryId: row.category_id,
    category:
      row.category_id === null
        ? null
        : {
            id: row.category_id,
            name: row.category_name ?? '',
            backgroundColor: row.category_background_color ?? '',
            textColor: row.category_text_color ?? '',
          },
    employeeCount: Number(row.employee_count),
    contractCount: Number(row.contract_count),
    positionCount: Number(row.position_count),
  };
}

/**
 * THE positions that keep a work group from being deleted: those not closed. Deleting the group
 * would leave them without one, and their vacancies without the step and lane they are budgeted
 * at. Grouped by work group, so the list and the delete read the same count.
 */
function openPositionCounts(db: Db) {
  return db('positions')
    .select('work_group_id')
    .count('* as position_count')
    .whereNotNull('work_group_id')
    .whereNot({ status: 'closed' })
    .groupBy('work_group_id');
}

// One grouped count of employee lines (line_items has no index on work_group_id: docs/ARCHITECTURE.md,
// 'Indexes of line_items'); a subquery per group would scan the lines once for each.
function withCounts(db: Db, budgetYearId?: number) {
  const counts = db('line_items_all as li')
    .select('li.work_group_id')
    .count('* as employee_count')
    .where({ 'li.is_operating': true })
    .whereNotNull('li.work_group_id')
    .groupBy('li.work_group_id');
  if (budgetYearId !== undefined) {
    // THE count of a work group's employees in a budget year: its own fiscal year (current_fiscal_year),
    // the lines that count there (activeScope), as the dashboard counts them.
    counts
      .join('budget_years as by', 'by.id', 'li.budget_year_id')
      .where('li.budget_year_id', budgetYearId)
      .whereRaw('li.fiscal_year = by.current_fiscal_year')
      .whereRaw(activeScope('li'));
  }
  return db('work_groups as g')
    .leftJoin('work_group_categories as c', 'c.id', 'g.category_id')
    .leftJoin(counts.as('n'), 'n.work_group_id', 'g.id')
    .leftJoin(openPositionCounts(db).as('p'), 'p.work_group_id', 'g.id')
    .select(
      'g.id',
      'g.name',
      'g.description',
      'g.category_id',
      'c.name as category_name',
      'c.background_color as category_background_color',
      'c.text_color as category_text_color',
      db.raw('coalesce(n.employee_count, 0)::int as employee_count'),
      db.raw('(select count(*) from contracts k where k.work_group_id = g.id)::int as contract_count'),
      db.raw('coalesce(p.position_count, 0)::int as position_count'),
    );
}

/**
 * Every work group with its category and usage counts, by name. Employees are every budget and
 * fiscal year's lines (what keeps a group from being deleted), or with `budgetYearId` that budget
 * year's own fiscal year's; contracts and open positions are always every one (the delete's counts).
 */
export function listWorkGroups(db: Db, budgetYearId?: number): Promise<WorkGroupRow[]> {
  return withCounts(db, budgetYearId).orderBy([{ column: 'g.name' }, { column: 'g.id' }]);
}

export function findWorkGroup(db: Db, id: number): Promise<WorkGroupRow | undefined> {
  return withCounts(db).where('g.id', id).first();
}

/** Another work group with this name, compared case-insensitively. */
export function findWorkGroupByName(
  db: Db,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const q = db('work_groups').select('id').whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId !== undefined) {
    q.whereNot({ id: exceptId });
  }
  return q.first();
}

/** The ids among these that are not work groups. */
export async function missingWorkGroupIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) {
    return [];
  }
  const found = new Set(
    (await db('work_groups').select('id').whereIn('id', ids)).map((r: { id: number }) => r.id),
  );
  return ids.filter((id) => !found.has(id));
}

export async function insertWorkGroup(db: Db, values: WorkGroupValues & { name: string }): Promise<number> {
  const [row] = await db('work_groups').insert(values).returning('id');
  return row.id as number;
}

export async function updateWorkGroup(db: Db, id: number, values: WorkGroupValues): Promise<void> {
  await db('work_groups')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

/** The lines linked to a work group that still carry a label, locked (a rename relabels them). */
export async function lineIdsLabelled(db: Db, id: number, label: string): Promise<number[]> {
  const rows: { id: number }[] = await db('line_items')
    .where({ work_group_id: id, work_group: label })
    .orderBy('id')
    .forUpdate()
    .select('id');
  return rows.map((r) => r.id);
}

export async function deleteWorkGroup(db: Db, id: number): Promise<void> {
  await db('work_groups').where({ id }).del();
}
