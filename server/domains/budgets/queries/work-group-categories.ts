import type { Db } from '@server/db/index';
import type { WorkGroupCategory } from '@shared/schemas/work-group-categories';

export interface WorkGroupCategoryRow {
  id: number;
  name: string;
  description: string | null;
  background_color: string;
  text_color: string;
  work_group_count?: number;
}

export type WorkGroupCategoryValues = Partial<Omit<WorkGroupCategoryRow, 'id' | 'work_group_count'>>;

/** Row -> API shape. */
export function presentWorkGroupCategory(row: WorkGroupCategoryRow): WorkGroupCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    backgroundColor: row.background_color,
    textColor: row.text_color,
    workGroupCount: Number(row.work_group_count ?? 0),
  };
}

function withCounts(db: Db) {
  return db('work_group_categories as c').select(
    'c.id',
    'c.name',
    'c.description',
    'c.background_color',
    'c.text_color',
    db.raw('(select count(*) from work_groups g where g.category_id = c.id)::int as work_group_count'),
  );
}

/** Every work-group category with its work-group count, by name. */
export function listWorkGroupCategories(db: Db): Promise<WorkGroupCategoryRow[]> {
  return withCounts(db).orderBy([{ column: 'c.name' }, { column: 'c.id' }]);
}

export function findWorkGroupCategory(db: Db, id: number): Promise<WorkGroupCategoryRow | undefined> {
  return withCounts(db).where('c.id', id).first();
}

/** Another category with this name, compared case-insensitively. */
export function findWorkGroupCategoryByName(
  db: Db,
  name: string,
  exceptId?: number,
): Promise<WorkGroupCategoryRow | undefined> {
  const q = db<WorkGroupCategoryRow>('work_group_categories').whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId !== undefined) {
    q.whereNot({ id: exceptId });
  }
  return q.first();
}

export async function insertWorkGroupCategory(
  db: Db,
  values: WorkGroupCategoryValues & { name: string },
): Promise<number> {
  const [row] = await db('work_group_categories').insert(values).returning('id');
  return row.id as number;
}

export async function updateWorkGroupCategory(
  db: Db,
  id: number,
  values: WorkGroupCategoryValues,
): Promise<void> {
  await db('work_group_categories')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteWorkGroupCategory(db: Db, id: number): Promise<void> {
  await db('work_group_categories').where({ id }).del();
}
