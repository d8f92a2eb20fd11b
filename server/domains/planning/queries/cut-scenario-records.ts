import type { Db } from '@server/db/index';

/** The Scenario Builder's scenarios (cut_scenarios) and their stored percents (cut_adjustments). */

export interface CutScenarioRow {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  version_id: number | null;
  name: string;
  description: string | null;
  is_active: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

function scenarios(db: Db) {
  return db('cut_scenarios as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select('s.*', 'u.name as created_by');
}

export async function listScenarios(
  db: Db,
  budgetYearId: number,
  fiscalYear?: number,
): Promise<CutScenarioRow[]> {
  const q = scenarios(db)
    .where('s.budget_year_id', budgetYearId)
    .orderBy([
      { column: 's.fiscal_year', order: 'desc' },
      { column: 's.name', order: 'asc' },
    ]);
  if (fiscalYear !== undefined) {
    q.where('s.fiscal_year', fiscalYear);
  }
  return q;
}

export async function findScenario(db: Db, id: number, lock = false): Promise<CutScenarioRow | undefined> {
  if (lock) {
    await db('cut_scenarios').where({ id }).forUpdate().first('id');
  }
  return scenarios(db).where('s.id', id).first();
}

export async function insertScenario(
  db: Db,
  values: {
    budget_year_id: number;
    fiscal_year: number;
    version_id: number | null;
    name: string;
    description: string | null;
    created_by: number | null;
  },
): Promise<number> {
  const [row] = await db('cut_scenarios').insert(values).returning('id');
  return row.id;
}

export async function updateScenario(
  db: Db,
  id: number,
  values: { name?: string; description?: string | null },
) {
  await db('cut_scenarios')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteScenario(db: Db, id: number) {
  await db('cut_scenarios').where({ id }).delete();
}

/** Makes one scenario the active plan of its budget and fiscal year, and the others not. */
export async function setActive(db: Db, row: CutScenarioRow) {
  await db('cut_scenarios')
    .where({ budget_year_id: row.budget_year_id, fiscal_year: row.fiscal_year, is_active: true })
    .update({ is_active: false, updated_at: db.fn.now() });
  await db('cut_scenarios').where({ id: row.id }).update({ is_active: true, updated_at: db.fn.now() });
}

/** The stored percents of a scenario: line id -> percent (text). */
export async function adjustmentsOf(db: Db, id: number): Promise<Record<string, string>> {
  const rows = await db('cut_adjustments')
    .where({ cut_scenario_id: id })
    .select('line_item_id', db.raw('percent_kept::text AS pct'));
  return Object.fromEntries(
    rows.map((r: { line_item_id: number; pct: string }) => [String(r.line_item_id), r.pct]),
  );
}

/** Sets percents (100 removes the line's row: uncut is the default); with `replace`, clears the rest first. */
export async function writeAdjustments(db: Db, id: number, map: Record<string, number>, replace: boolean) {
  if (replace) {
    await db('cut_adjustments').where({ cut_scenario_id: id }).delete();
  }
  const entries = Object.entries(map);
  const cut = entries.filter(([, pct]) => pct < 100);
  const uncut = entries.filter(([, pct]) => pct >= 100).map(([line]) => Number(line));
  if (uncut.length && !replace) {
    await db('cut_adjustments').where({ cut_scenario_id: id }).whereIn('line_item_id', uncut).delete();
  }
  for (let i = 0; i < cut.length; i += 5000) {
    await db('cut_adjustments')
      .insert(
        cut
          .slice(i, i + 5000)
          .map(([line, pct]) => ({ cut_scenario_id: id, line_item_id: Number(line), percent_kept: pct })),
      )
      .onConflict(['cut_scenario_id', 'line_item_id'])
      .merge();
  }
  await db('cut_scenarios').where({ id }).update({ updated_at: db.fn.now() });
}
