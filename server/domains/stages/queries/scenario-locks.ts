import type { Db } from '@server/db/index';

/**
 * Group locks for 'Set as Active'. Every caller locks the whole group (the scenarios that compete
 * for the one active place) in id order, before touching any row of it: two calls then queue
 * behind each other instead of each holding a row the other wants (a deadlock on PostgreSQL), and
 * the second reads the first one's result instead of tripping the one-active index.
 */

/** Budget scenarios of one type in a budget year. */
export async function lockScenarioGroup(db: Db, budgetYearId: number, scenarioType: string): Promise<void> {
  await db('scenarios')
    .where({ budget_year_id: budgetYearId, scenario_type: scenarioType })
    .orderBy('id')
    .select('id')
    .forUpdate();
}

/** Cut scenarios of one budget and fiscal year. */
export async function lockCutScenarioGroup(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  await db('cut_scenarios')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .orderBy('id')
    .select('id')
    .forUpdate();
}
