import type { Db } from '@server/db/index';
import { lineCode } from '@server/sql/line-code';

/** A cut scenario's changes by position (migration 20261129000100): rows of cut_scenario_positions. */
export interface ChangeRow {
  id: number;
  cut_scenario_id: number;
  kind: 'cut' | 'add';
  position_id: number | null;
  title: string;
  building_id: number | null;
  building_name: string | null;
  dese_code: string | null;
  category_id: number | null;
  category_name: string | null;
  work_group_id: number | null;
  work_group_name: string | null;
  fte: string;
  vacancy_step: number | null;
  vacancy_lane: string | null;
  reason: string | null;
  /** Why the cut's order took the position, as it said then (migration 20261208000100); null for an add or an older cut. */
  pick_why: string | null;
  /** The pick's warning then, when cutting it saved $0 ('saves nothing: its holder has no salary'). */
  pick_warning: string | null;
  created_at: Date;
  /** The function code its salary lines would carry: its own, else its category's (as LINE_CODE). */
  line_code?: string | null;
}

export async function changesOf(db: Db, scenarioId: number): Promise<ChangeRow[]> {
  const { rows } = await db.raw(
    `SELECT c.id, c.cut_scenario_id, c.kind, c.position_id, c.title, c.building_id, b.name AS building_name,
            c.dese_code, c.category_id, bc.name AS category_name, c.work_group_id, wg.name AS work_group_name,
            c.fte::text AS fte, c.vacancy_step, c.vacancy_lane, c.reason, c.pick_why, c.pick_warning, c.created_at,
            ${lineCode('c.dese_code', 'bc')} AS line_code
       FROM cut_scenario_positions c
       LEFT JOIN buildings b ON b.id = c.building_id
       LEFT JOIN budget_categories bc ON bc.id = c.category_id
       LEFT JOIN work_groups wg ON wg.id = c.work_group_id
      WHERE c.cut_scenario_id = ?
      ORDER BY c.kind DESC, lower(c.title), b.name NULLS FIRST, c.id`,
    [scenarioId],
  );
  return rows;
}

/** A change to save; a cut carries its pick's reason (pick_why, pick_warning), an add none. */
export type NewChange = Omit<
  ChangeRow,
  | 'id'
  | 'building_name'
  | 'category_name'
  | 'work_group_name'
  | 'created_at'
  | 'fte'
  | 'line_code'
  | 'pick_why'
  | 'pick_warning'
> &
  Partial<Pick<ChangeRow, 'pick_why' | 'pick_warning'>> & { fte: string | number; created_by: number | null };

export async function insertChanges(db: Db, rows: readonly NewChange[]): Promise<number[]> {
  if (!rows.length) {
    return [];
  }
  const inserted = await db('cut_scenario_positions').insert(rows).returning('id');
  return inserted.map((r: { id: number }) => r.id);
}

export async function deleteChange(db: Db, scenarioId: number, id: number): Promise<number> {
  return db('cut_scenario_positions').where({ cut_scenario_id: scenarioId, id }).del();
}

export async function deleteAllChanges(db: Db, scenarioId: number): Promise<void> {
  await db('cut_scenario_positions').where({ cut_scenario_id: scenarioId }).del();
}

/** FTE floors of a budget year's categories (cut_floors.min_fte). */
export async function fteFloors(
  db: Db,
  budgetYearId: number,
): Promise<{ category_id: number; name: string; min_fte: string }[]> {
  const { rows } = await db.raw(
    `SELECT f.category_id, bc.name, f.min_fte::text AS min_fte FROM cut_floors f
       JOIN budget_categories bc ON bc.id = f.category_id
      WHERE f.budget_year_id = ? AND f.min_fte IS NOT NULL`,
    [budgetYearId],
  );
  return rows;
}
