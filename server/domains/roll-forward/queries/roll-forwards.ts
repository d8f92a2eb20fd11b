import type { Db } from '@server/db/index';

/** The SQL only roll forward uses: its own record, the target's budgets, and the year's carried rates. */

export interface RollForwardRow {
  id: number;
  from_budget_year_id: number | null;
  from_fiscal_year: number;
  to_budget_year_id: number | null;
  to_fiscal_year: number;
  created_budget_year: boolean;
  stage_id: number | null;
  totals: Record<string, unknown>;
  carried: { nssParameters?: boolean; nssInclusionRuleIds?: number[]; claimedHome?: boolean };
  created_at: string;
}

/** Serialises roll forwards into one fiscal year: false when another transaction holds it now. */
export async function tryLock(db: Db, toFiscalYear: number): Promise<boolean> {
  const { rows } = await db.raw('SELECT pg_try_advisory_xact_lock(?::int, ?::int) AS ok', [
    8810,
    toFiscalYear,
  ]);
  return rows[0].ok === true;
}

export async function insertRecord(db: Db, values: Record<string, unknown>): Promise<RollForwardRow> {
  const [row] = await db('roll_forwards')
    .insert({ ...values, totals: JSON.stringify(values.totals ?? {}) })
    .returning('*');
  return row;
}

export async function finishRecord(
  db: Db,
  id: number,
  values: { stage_id: number; totals: unknown; carried: unknown },
): Promise<void> {
  await db('roll_forwards')
    .where({ id })
    .update({
      stage_id: values.stage_id,
      totals: JSON.stringify(values.totals),
      carried: JSON.stringify(values.carried),
    });
}

/** The roll forward that started the fiscal year and has not been undone. */
export async function latestInto(db: Db, toFiscalYear: number): Promise<RollForwardRow | undefined> {
  return db('roll_forwards')
    .where({ to_fiscal_year: toFiscalYear })
    .whereNull('undone_at')
    .orderBy('id', 'desc')
    .first();
}

export async function markUndone(db: Db, id: number, userId: number | null): Promise<void> {
  await db('roll_forwards')
    .where({ id })
    .update({ undone_at: db.raw('clock_timestamp()'), undone_by: userId });
}

export async function budgetYearByLabel(
  db: Db,
  label: string,
): Promise<{ id: number; fiscal_year: string } | undefined> {
  return db('budget_years').where({ fiscal_year: label }).first('id', 'fiscal_year');
}

export async function budgetYearLabel(db: Db, id: number): Promise<string> {
  return (await db('budget_years').where({ id }).first('fiscal_year')).fiscal_year;
}

/** The budget year's active budget of a kind, and the newest version of the fiscal year (null if none). */
export async function targetBudgets(db: Db, budgetYearId: number, fiscalYear: number) {
  const active = async (type: string) =>
    (
      await db('scenarios')
        .where({ budget_year_id: budgetYearId, scenario_type: type, is_active: true })
        .first('id')
    )?.id ?? null;
  const version = await db('budget_versions')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .orderBy('id', 'desc')
    .first('id');
  return {
    operatingScenarioId: await active('operating'),
    proposedScenarioId: await active('proposed'),
    versionId: version?.id ?? null,
  };
}

/** A new budget year takes the step-and-lane settings of the one the year came from (the rule reads them). */
export async function copyBudgetSettings(db: Db, fromId: number, toId: number): Promise<boolean> {
  const r = await db.raw(
    `UPDATE budget_settings t SET step_lane_adjustment_type = s.step_lane_adjustment_type,
            step_lane_adjustment_value = s.step_lane_adjustment_value, step_lane_description = s.step_lane_description,
            steps_lanes_work_groups = s.steps_lanes_work_groups, updated_at = now()
       FROM budget_settings s WHERE s.budget_year_id = ? AND t.budget_year_id = ?`,
    [fromId, toId],
  );
  return (r.rowCount ?? 0) > 0;
}

/**
 * The state figures' rates of the year, where the next year has none yet: the carry-forward limit
 * (nss_parameters) and which codes count toward net school spending (nss_inclusion_rules). The
 * figures themselves (foundation budget, Chapter 70) are DESE's for each year and are not carried.
 */
export async function carryStateRates(db: Db, from: number) {
  const params = await db.raw(
    `INSERT INTO nss_parameters (fiscal_year, carry_forward_limit_percent, note, source)
     SELECT fiscal_year + 1, carry_forward_limit_percent, note, 'Carried forward from FY' || fiscal_year
       FROM nss_parameters WHERE fiscal_year = ? ON CONFLICT (fiscal_year) DO NOTHING RETURNING fiscal_year`,
    [from],
  );
  const rules = await db.raw(
    `INSERT INTO nss_inclusion_rules (fiscal_year, fund, code_from, code_to, counts, note, source)
     SELECT fiscal_year + 1, fund, code_from, code_to, counts, note, 'Carried forward from FY' || fiscal_year
       FROM nss_inclusion_rules WHERE fiscal_year = ?
        AND NOT EXISTS (SELECT 1 FROM nss_inclusion_rules n WHERE n.fiscal_year = ? + 1)
     RETURNING id`,
    [from, from],
  );
  return {
    nssParameters: (params.rowCount ?? 0) > 0,
    nssInclusionRuleIds: rules.rows.map((r: { id: number }) => Number(r.id)),
  };
}

export async function removeStateRates(db: Db, toFiscalYear: number, carried: RollForwardRow['carried']) {
  if (carried.nssParameters) {
    await db('nss_parameters').where({ fiscal_year: toFiscalYear }).del();
  }
  if (carried.nssInclusionRuleIds?.length) {
    await db('nss_inclusion_rules').whereIn('id', carried.nssInclusionRuleIds).del();
  }
}

/** The sum of the new year's next-year salaries the rule wrote, exact. */
export async function nextYearSalaryTotal(db: Db, ids: readonly number[]): Promise<number> {
  const { rows } = await db.raw(
    'SELECT round(coalesce(sum(next_year_salary), 0), 2)::text AS t FROM line_items WHERE id = ANY(?::int[])',
    [[...ids]],
  );
  return Number(rows[0].t);
}

/** The stage rows of a budget year's fiscal year (undo needs exactly the roll forward's own). */
export async function stageIdsOf(db: Db, budgetYearId: number, fiscalYear: number): Promise<number[]> {
  const rows = await db('budget_stages')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .pluck('id');
  return rows.map(Number);
}

/**
 * Deletes the first snapshot a roll forward wrote: the stages' guard lets this transaction delete
 * that one stage (migration 20261127000400), nothing else.
 */
export async function deleteOwnSnapshot(db: Db, stageId: number): Promise<void> {
  await db.raw(`SELECT set_config('budget.undo_stage', ?, true)`, [String(stageId)]);
  await db('budget_stages').where({ id: stageId }).del();
  await db.raw(`SELECT set_config('budget.undo_stage', '', true)`);
}

export async function releaseHome(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  await db('fiscal_year_homes').where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear }).del();
}

/** Removes a budget year the roll forward created, with the Draft versions its creation made (their key is SET NULL). */
export async function deleteBudgetYear(db: Db, id: number): Promise<void> {
  await db('budget_versions').where({ budget_year_id: id }).del();
  await db('budget_years').where({ id }).del();
}
