import type { Db } from '@server/db/index';

/**
 * scenario_adoption_applied (migration 20261126000800): the cuts an adoption put
 * into the budget, taken out of the other scenarios of its year that cut the same line by the same
 * percent (a copy of the adopted plan), so that the builder does not cut those lines a second time
 * on the adopted amounts; and given back when the adoption is undone.
 */

export interface AppliedCut {
  cut_scenario_id: number;
  line_id: number;
  /** numeric text */
  percent_kept: string;
}

/**
 * Takes out of every other scenario of the year each cut the adoption made with the same percent,
 * recording them for the undo; returns what was taken. The caller holds the scenarios' group lock.
 */
export async function takeAppliedCuts(
  db: Db,
  adoption: { id: number; scenarioId: number; budgetYearId: number; fiscalYear: number },
): Promise<AppliedCut[]> {
  const { rows } = await db.raw(
    `SELECT ca.cut_scenario_id, ca.line_item_id AS line_id, ca.percent_kept::text AS percent_kept
       FROM cut_adjustments ca
       JOIN cut_scenarios cs ON cs.id = ca.cut_scenario_id
       JOIN scenario_adoption_lines l ON l.adoption_id = ? AND l.line_id = ca.line_item_id
      WHERE cs.budget_year_id = ? AND cs.fiscal_year = ? AND cs.id <> ? AND ca.percent_kept = l.percent_kept
      ORDER BY ca.cut_scenario_id, ca.line_item_id`,
    [adoption.id, adoption.budgetYearId, adoption.fiscalYear, adoption.scenarioId],
  );
  const taken: AppliedCut[] = rows;
  if (!taken.length) {
    return taken;
  }
  await db('scenario_adoption_applied').insert(taken.map((r) => ({ adoption_id: adoption.id, ...r })));
  await db.raw(
    `DELETE FROM cut_adjustments ca USING scenario_adoption_applied p
      WHERE p.adoption_id = ? AND ca.cut_scenario_id = p.cut_scenario_id AND ca.line_item_id = p.line_id`,
    [adoption.id],
  );
  await touch(db, taken);
  return taken;
}

/**
 * Gives back the cuts the adoption took from other scenarios, of the lines among `lineIds` (the
 * lines the undo returned), where the scenario has set no other percent on the line since.
 */
export async function giveBackAppliedCuts(
  db: Db,
  adoptionId: number,
  lineIds: readonly number[],
): Promise<AppliedCut[]> {
  const { rows } = await db.raw(
    `INSERT INTO cut_adjustments (cut_scenario_id, line_item_id, percent_kept)
     SELECT p.cut_scenario_id, p.line_id, p.percent_kept FROM scenario_adoption_applied p
      WHERE p.adoption_id = ? AND p.line_id = ANY(?::int[])
        AND EXISTS (SELECT 1 FROM line_items li WHERE li.id = p.line_id)
     ON CONFLICT (cut_scenario_id, line_item_id) DO NOTHING
     RETURNING cut_scenario_id, line_item_id AS line_id, percent_kept::text AS percent_kept`,
    [adoptionId, [...lineIds]],
  );
  await touch(db, rows);
  return rows;
}

/** A scenario's percents changed: its updated_at moves (the builder's cache keys on it). */
async function touch(db: Db, cuts: readonly AppliedCut[]) {
  const ids = [...new Set(cuts.map((c) => c.cut_scenario_id))];
  if (ids.length) {
    await db('cut_scenarios').whereIn('id', ids).update({ updated_at: db.fn.now() });
  }
}

export interface AdoptionSince {
  id: number;
  scenario_name: string;
  adopted_at: Date | string;
  applied: number;
}

/**
 * The adoptions standing in a scenario's year made after the scenario was (of other scenarios),
 * each with how many of this scenario's cuts it had already applied.
 */
export async function adoptionsSince(
  db: Db,
  scenario: { id: number; budget_year_id: number; fiscal_year: number; created_at: Date | string },
): Promise<AdoptionSince[]> {
  const { rows } = await db.raw(
    `SELECT a.id, a.scenario_name, a.adopted_at,
            (SELECT count(*) FROM scenario_adoption_applied p
              WHERE p.adoption_id = a.id AND p.cut_scenario_id = ?)::int AS applied
       FROM scenario_adoptions a
      WHERE a.budget_year_id = ? AND a.fiscal_year = ? AND a.undone_at IS NULL
        AND a.adopted_at > ? AND a.cut_scenario_id IS DISTINCT FROM ?
      ORDER BY a.id`,
    [scenario.id, scenario.budget_year_id, scenario.fiscal_year, scenario.created_at, scenario.id],
  );
  return rows;
}
