import type { Db } from '@server/db/index';
import type { BudgetCategory } from '@shared/schemas/budget-categories';

export interface BudgetCategoryRow {
  id: number;
  name: string;
  code: string | null;
  description: string | null;
  dese_function: string | null;
  default_yoy_increase: number | null;
  color: string;
  display_order: number;
  is_personnel: boolean;
  line_item_count?: number;
}

export type BudgetCategoryValues = Partial<Omit<BudgetCategoryRow, 'id' | 'line_item_count'>>;

/** Row -> API shape. */
export function presentBudgetCategory(row: BudgetCategoryRow): BudgetCategory {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    deseFunction: row.dese_function,
    defaultYoYIncrease: row.default_yoy_increase === null ? null : Number(row.default_yoy_increase),
    color: row.color,
    displayOrder: row.display_order,
    isPersonnel: row.is_personnel,
    lineItemCount: Number(row.line_item_count ?? 0),
  };
}

// One grouped count over every line (line_items has no index on category_id: docs/ARCHITECTURE.md,
// 'Indexes of line_items'); a subquery per category would scan the lines once for each.
function withCounts(db: Db) {
  const counts = db('line_items_all')
    .select('category_id')
    .count('* as line_item_count')
    .whereNotNull('category_id')
    .groupBy('category_id');
  return db('budget_categories as c')
    .leftJoin(counts.as('n'), 'n.category_id', 'c.id')
    .select(
      'c.id',
      'c.name',
      'c.code',
      'c.description',
      'c.dese_function',
      'c.default_yoy_increase',
      'c.color',
      'c.display_order',
      'c.is_personnel',
      db.raw('coalesce(n.line_item_count, 0)::int as line_item_count'),
    );
}

/** Every budget category with its line-item count, by display order then name. */
export function listBudgetCategories(db: Db): Promise<BudgetCategoryRow[]> {
  return withCounts(db).orderBy([{ column: 'c.display_order' }, { column: 'c.name' }, { column: 'c.id' }]);
}

export function findBudgetCategory(db: Db, id: number): Promise<BudgetCategoryRow | undefined> {
  return withCounts(db).where('c.id', id).first();
}

/** Another category with this name, compared case-insensitively. */
export function findBudgetCategoryByName(
  db: Db,
  name: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const q = db('budget_categories').select('id').whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId !== undefined) {
    q.whereNot({ id: exceptId });
  }
  return q.first();
}

export async function insertBudgetCategory(
  db: Db,
  values: BudgetCategoryValues & { name: string },
): Promise<number> {
  const [row] = await db('budget_categories').insert(values).returning('id');
  return row.id as number;
}

export async function updateBudgetCategory(db: Db, id: number, values: BudgetCategoryValues): Promise<void> {
  await db('budget_categories')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteBudgetCategory(db: Db, id: number): Promise<void> {
  await db('budget_categories').where({ id }).del();
}
