import type { Db } from '@server/db/index';

/** The few columns the write rules need, locked for the rest of the transaction. */
export interface LineKeyRow {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  is_operating: boolean;
  employee_status: string | null;
  current_salary: number | null;
  next_year_salary: number | null;
  next_year_salary_manual: boolean;
  scenario_id: number | null;
  fund_id: number | null;
}

const KEY_COLUMNS = [
  'id',
  'budget_year_id',
  'fiscal_year',
  'is_operating',
  'employee_status',
  'current_salary',
  'next_year_salary',
  'next_year_salary_manual',
  'scenario_id',
  'fund_id',
] as const;

/**
 * Locks and returns the listed lines (FOR UPDATE), in id order; missing ids are simply absent. A
 * projected line stored in projected_lines is locked there and read through line_items_all (the
 * line writer moves it into line_items before changing it).
 */
export async function lockLines(db: Db, ids: readonly number[]): Promise<LineKeyRow[]> {
  const stored = await db<LineKeyRow>('line_items')
    .select(...KEY_COLUMNS)
    .whereIn('id', [...ids])
    .orderBy('id')
    .forUpdate();
  const found = new Set(stored.map((r) => r.id));
  const rest = ids.filter((id) => !found.has(id));
  if (!rest.length) {
    return stored;
  }
  const lean: { id: number }[] = await db('projected_lines').whereIn('id', rest).forUpdate().select('id');
  if (!lean.length) {
    return stored;
  }
  const projected = await db<LineKeyRow>('line_items_all')
    .select(...KEY_COLUMNS)
    .whereIn(
      'id',
      lean.map((r) => r.id),
    );
  return [...stored, ...projected].sort((a, b) => a.id - b.id);
}
