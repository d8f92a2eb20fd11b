import type { Db } from '@server/db/index';
import { arrayLiteral } from '@server/sql/array-literal';

/**
 * What a budget year holds, counted from every table that names it (budget_year_id, with or without
 * a foreign key). Two things are not counted because a budget year's creation makes them and they
 * go with it: its active operating and proposed budgets (empty scenarios) and its budget settings,
 * with its empty Draft versions. Town goals are the district's, keyed by fiscal year alone: they
 * stay for whichever budget year plans the year, so they neither hold a year nor block a delete.
 */
export interface Holdings {
  lines: number;
  projectedLines: number;
  positions: number;
  scenarios: number;
  imports: number;
  stages: number;
  adoptions: number;
  cutScenarios: number;
  cutFloors: number;
  enrollment: number;
  analyses: number;
  snapshots: number;
  finalVersions: number;
  rollForwards: number;
}

// [key, SQL counting it for budget year $by; $fy narrows to the fiscal years being dropped, when
// the table has one]. A table without a fiscal year holds the whole budget year, not a year of it.
const COUNTS: readonly [keyof Holdings, string, string | null][] = [
  ['lines', 'line_items WHERE budget_year_id = $by', 'fiscal_year'],
  ['projectedLines', 'projected_lines WHERE budget_year_id = $by', 'fiscal_year'],
  ['positions', 'positions WHERE budget_year_id = $by', 'fiscal_year'],
  // Those beyond the two active budgets its creation made: copies and what-ifs someone made.
  ['scenarios', 'scenarios s WHERE s.budget_year_id = $by AND NOT s.is_active', null],
  // By the fiscal year its lines went to (import_runs.fiscal_year), which a run without a version
  // or routed by a Fiscal Year column does not share with a version.
  ['imports', 'import_runs WHERE budget_year_id = $by', 'fiscal_year'],
  ['stages', 'budget_stages WHERE budget_year_id = $by', 'fiscal_year'],
  ['adoptions', 'scenario_adoptions WHERE budget_year_id = $by', 'fiscal_year'],
  ['cutScenarios', 'cut_scenarios WHERE budget_year_id = $by', 'fiscal_year'],
  ['cutFloors', 'cut_floors WHERE budget_year_id = $by', null],
  ['enrollment', 'enrollment WHERE budget_year_id = $by', null],
  ['analyses', 'ai_analyses WHERE budget_year_id = $by', 'fiscal_year'],
  ['snapshots', 'public_dashboard_snapshots WHERE budget_year_id = $by', 'fiscal_year'],
  ['finalVersions', `budget_versions WHERE budget_year_id = $by AND status <> 'DRAFT'`, 'fiscal_year'],
  ['rollForwards', 'roll_forwards WHERE $by IN (from_budget_year_id, to_budget_year_id)', null],
];

/** The tables Holdings counts (a test holds that every table naming a budget year is one of them). */
export const HOLDING_TABLES: readonly string[] = COUNTS.map(([, from]) => from.split(' ')[0]);

/**
 * The budget year's holdings: all of them, or (with `fiscalYears`) those of these fiscal years,
 * where a table without a fiscal year counts nothing (it holds the budget year, not one year).
 */
export async function countHoldings(
  db: Db,
  budgetYearId: number,
  fiscalYears?: readonly number[],
): Promise<Holdings> {
  const parts: string[] = [];
  const bindings: (number | string)[] = [];
  for (const [key, from, fyColumn] of COUNTS) {
    if (fiscalYears && !fyColumn) {
      parts.push(`0 AS "${key}"`);
      continue;
    }
    const narrowed = fiscalYears ? ` AND ${fyColumn} = ANY(?::int[])` : '';
    const sql = `(SELECT count(*) FROM ${from.replace('$by', '?')}${narrowed})::int AS "${key}"`;
    bindings.push(budgetYearId);
    if (fiscalYears) {
      bindings.push(arrayLiteral(fiscalYears));
    }
    parts.push(sql);
  }
  const { rows } = await db.raw(`SELECT ${parts.join(', ')}`, bindings);
  return rows[0] as Holdings;
}

/**
 * THE fiscal years a budget year plans, as SQL over the budget year named by `byId` (a column such
 * as 'b.id', or '?'): its versions', lines' and homes' years and its current one. Setup's list and
 * the edit's span both read it.
 */
export const plannedFiscalYearsSql = (
  byId: string,
) => `SELECT fiscal_year AS y FROM budget_versions v WHERE v.budget_year_id = ${byId}
          UNION SELECT DISTINCT fiscal_year FROM line_items li WHERE li.budget_year_id = ${byId}
          UNION SELECT fiscal_year FROM fiscal_year_homes h WHERE h.budget_year_id = ${byId}
          UNION SELECT current_fiscal_year FROM budget_years c WHERE c.id = ${byId}`;

/** The fiscal years the budget year plans (plannedFiscalYearsSql), ascending. */
export async function plannedFiscalYears(db: Db, budgetYearId: number): Promise<number[]> {
  const { rows } = await db.raw(
    `SELECT y FROM (${plannedFiscalYearsSql(':id')}) f WHERE y IS NOT NULL ORDER BY y`,
    { id: budgetYearId },
  );
  return (rows as { y: number }[]).map((r) => r.y);
}

/** Removes the budget year's (empty) Draft versions of these fiscal years: a dropped year's. */
export async function deleteVersionsOf(db: Db, budgetYearId: number, fiscalYears: readonly number[]) {
  await db('budget_versions')
    .where({ budget_year_id: budgetYearId })
    .whereRaw('fiscal_year = ANY(?::int[])', [arrayLiteral(fiscalYears)])
    .del();
}

/** Renames the budget year or changes its notes; returns the updated row. */
export async function updateNameNotes(db: Db, id: number, values: { name?: string; notes?: string | null }) {
  await db('budget_years')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}
