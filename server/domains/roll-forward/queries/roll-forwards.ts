import type { Db } from '@server/db/index';
import type { CarriedStateRates } from '@server/domains/massachusetts';

/**
 * The SQL only roll forward uses: its own record and what it reads of the target. What it writes
 * into other domains' tables (the new year, its settings, its home, its first snapshot, the state
 * rates) goes through those domains, each table's one writer.
 */

export interface RollForwardRow {
  id: number;
  from_budget_year_id: number | null;
  from_fiscal_year: number;
  to_budget_year_id: number | null;
  to_fiscal_year: number;
  created_budget_year: boolean;
  stage_id: number | null;
  totals: Record<string, unknown>;
  carried: CarriedStateRates & { claimedHome?: boolean };
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

/** The sum of the new year's next-year salaries the rule wrote, exact. */
export async function nextYearSalaryTotal(db: Db, ids: readonly number[]): Promise<number> {
  const { rows } = await db.raw(
    'SELECT round(coalesce(sum(next_year_salary), 0), 2)::text AS t FROM line_items WHERE id = ANY(?::int[])',
    [[...ids]],
  );
  return Number(rows[0].t);
}

/**
 * The rosters before a fiscal year: each earlier fiscal year's positions not closed, by the budget
 * year holding them, newest year first (the roster a roll forward leaves behind: roster.ts).
 */
export async function openRostersBefore(
  db: Db,
  fiscalYear: number,
): Promise<{ fiscal_year: number; budget_year_id: number; positions: number }[]> {
  return db('positions')
    .where('fiscal_year', '<', fiscalYear)
    .whereNot({ status: 'closed' })
    .groupBy('fiscal_year', 'budget_year_id')
    .orderBy('fiscal_year', 'desc')
    .select('fiscal_year', 'budget_year_id', db.raw('count(*)::int AS positions'));
}
