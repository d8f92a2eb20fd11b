import type { Db } from '@server/db/index';

/**
 * Saved RIF gap calculations, and the small reads the COLA calculations need beside the salary walk
 * (./salary-walk.ts): which COLA scenario a calculation uses.
 */

export interface RifCalculationRow {
  id: number;
  fiscal_year: number;
  scenario_id: number | null;
  town_funding_amount: number | null;
  baseline_budget: number | null;
  district_need: number | null;
  gap: number | null;
  rif_required: boolean;
  /** Money as decimal strings: {settled, negotiating, scenario, total}. */
  cola_impact: Record<string, string> | null;
  breakdown: unknown[] | null;
  positions_estimate: number | null;
  include_steps_lanes: boolean;
  steps_lanes_amount: number | null;
  /** {budgetYearId, baseYear, employees, averagePositionCost, costOfOnePercent: [...]}, money as strings. */
  baseline_details: Record<string, unknown> | null;
  calculated_by: number | null;
  calculated_at: Date | string;
  /** The name of the user who ran it (joined), null for the CLI's system actor. */
  calculated_by_name: string | null;
}

type Money = number | string;
/** What a save writes; money as numbers or exact decimal strings. */
export type RifCalculationValues = Omit<
  RifCalculationRow,
  'id' | 'calculated_at' | 'calculated_by_name' | 'district_need' | 'gap' | 'steps_lanes_amount'
> & { district_need: Money; gap: Money; steps_lanes_amount: Money };

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export async function insertRifCalculation(db: Db, values: RifCalculationValues): Promise<number> {
  const [row] = await db('rif_calculations')
    .insert({
      ...values,
      cola_impact: json(values.cola_impact),
      breakdown: json(values.breakdown),
      baseline_details: json(values.baseline_details),
    })
    .returning('id');
  return row.id as number;
}

function selectRif(db: Db) {
  return db('rif_calculations as r')
    .leftJoin('users as u', 'u.id', 'r.calculated_by')
    .select('r.*', 'u.name as calculated_by_name');
}

export function findRifCalculation(db: Db, id: number): Promise<RifCalculationRow | undefined> {
  return selectRif(db).where('r.id', id).first();
}

/** The latest `limit` calculations, newest first (ties by id, so two in one instant keep their order). */
export function listRifCalculations(db: Db, limit: number): Promise<RifCalculationRow[]> {
  return selectRif(db)
    .orderBy([
      { column: 'r.calculated_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(limit);
}

/**
 * For the rest of the transaction: room to group the base year's employees for the salary walk
 * (about 10 MB for 50,000 lines) in memory, where the default work_mem sends them to disk; and no
 * JIT compilation: a long walk's estimated cost passes jit_above_cost, and compiling its hundreds
 * of expressions took longer than it saved (150 to 350 ms measured). SET LOCAL (set_config(...,
 * true)) ends with the transaction.
 */
export async function allowLargeWalk(trx: Db): Promise<void> {
  await trx.raw(`SELECT set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
}

/** Whether a COLA scenario with this id exists. */
export async function colaScenarioExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('cola_scenarios').where({ id }).first('id'));
}

/** The default COLA scenario (the lowest id when several claim it, as the salary rule reads it), or null. */
export async function defaultColaScenarioId(db: Db): Promise<number | null> {
  const row = await db('cola_scenarios').where({ is_default: true }).orderBy('id').first('id');
  return row ? (row.id as number) : null;
}

/** The cost of 1% COLA of one work group, as saved with a RIF calculation. */
export interface OnePercentRow {
  workGroupId: number;
  workGroupName: string;
  employees: number;
  /** Decimal strings: the salaries, and the sum of round(salary x 1/100, 2) over them. */
  payroll: string;
  amount: string;
}
