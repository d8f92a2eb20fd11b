import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import { systemActor } from '@server/policies/index';
import { AUTOMATIC_NEXT_YEAR_SALARY, NEXT_YEAR_RULE_JOINS } from '@server/sql/salary-rule';
import { generateProjectionsIn } from '@server/domains/planning/projections-generate';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { createTestDb } from '../test/db';
import { seedDemo } from './demo';

/** The demo follows its own rules: its automatic values are the rule's, its projections Generate's. */

class Rollback extends Error {}

/** Runs `work` in a transaction that is always rolled back, returning what it returned. */
async function dryRun<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await knex
    .transaction(async (trx) => {
      result = await work(trx);
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) {
        throw err;
      }
    });
  return result as T;
}

const grow = (cents: bigint, bp: bigint) => {
  const scaled = cents * (10000n + bp);
  return (scaled % 10000n) * 2n >= 10000n ? scaled / 10000n + 1n : scaled / 10000n;
};
const cents = (n: number | string | null) => (n === null ? null : BigInt(Math.round(Number(n) * 100)));
const bp = (percent: number | string) => BigInt(Math.round(Number(percent) * 100));

describe('the demo district follows its own rules', () => {
  let db: DbHandle;
  let knex: Knex;
  let budgetYearId: number;

  beforeAll(async () => {
    db = await createTestDb();
    knex = db.knex;
    await seedDemo(knex, { personaPassword: 'demo-rules-password', passwordCost: 10 });
    budgetYearId = (await knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
  });
  afterAll(() => db?.close());

  it('stores every automatic next-year salary as the rule computes it', async () => {
    // Independently of the SQL: contract COLA (settled before negotiating) plus 1.5% steps, in cents.
    const contracts = await knex('contracts as c')
      .join('contract_cola_rates as r', 'r.contract_id', 'c.id')
      .whereIn('c.status', ['SETTLED', 'NEGOTIATING'])
      .orderByRaw(`(c.status = 'SETTLED') ASC, c.id ASC`)
      .select('c.work_group_id', 'r.fiscal_year', 'r.cola_percentage');
    const cola = new Map<string, bigint>();
    for (const c of contracts) {
      cola.set(`${c.work_group_id}:${c.fiscal_year}`, bp(c.cola_percentage));
    }
    // Where no contract covers the year, the default COLA scenario: work group first, then its category.
    const scenario = await knex('cola_scenarios').where({ is_default: true }).orderBy('id').first('id');
    const categoryOf = new Map<number, number | null>(
      (await knex('work_groups').select('id', 'category_id')).map((g) => [g.id, g.category_id]),
    );
    const scenarioRates = await knex('cola_settings').where({ scenario_id: scenario.id });
    const byGroup = new Map<string, bigint>();
    const byCategory = new Map<string, bigint>();
    for (const r of scenarioRates) {
      if (r.work_group_id !== null) {
        byGroup.set(`${r.work_group_id}:${r.fiscal_year}`, bp(r.cola_percentage));
      } else {
        byCategory.set(`${r.work_group_category_id}:${r.fiscal_year}`, bp(r.cola_percentage));
      }
    }
    const colaFor = (workGroupId: number, fy: number) =>
      cola.get(`${workGroupId}:${fy}`) ??
      byGroup.get(`${workGroupId}:${fy}`) ??
      byCategory.get(`${categoryOf.get(workGroupId)}:${fy}`) ??
      0n;
    const settings = await knex('budget_settings').where({ budget_year_id: budgetYearId }).first();
    const steps = new Set<number>(settings.steps_lanes_work_groups.map(Number));
    const lines = await knex('line_items')
      .where({ budget_year_id: budgetYearId, is_operating: true, is_projected: false })
      .where({ employee_status: 'Active', next_year_salary_manual: false })
      .where('current_salary', '>', 0);
    expect(lines.length).toBeGreaterThan(400);
    const wrong = lines.filter((l) => {
      const expected =
        l.work_group_id === null
          ? null
          : grow(
              cents(l.current_salary)!,
              colaFor(l.work_group_id, l.fiscal_year + 1) + (steps.has(l.work_group_id) ? 150n : 0n),
            );
      return cents(l.next_year_salary) !== expected;
    });
    expect(wrong.map((l) => l.id)).toEqual([]);

    // And through the rule's own SQL: the sum of |stored - rule| is 0; recomputing changes nothing.
    const { rows } = await knex.raw(
      `SELECT count(*)::int AS n, coalesce(sum(abs(src.next_year_salary - ${AUTOMATIC_NEXT_YEAR_SALARY})), 0) AS diff,
              count(*) FILTER (WHERE src.next_year_salary IS DISTINCT FROM ${AUTOMATIC_NEXT_YEAR_SALARY})::int AS differ
         FROM line_items src ${NEXT_YEAR_RULE_JOINS}
        WHERE src.is_operating AND NOT src.next_year_salary_manual AND src.employee_status = 'Active'
          AND src.current_salary > 0 AND NOT src.is_projected`,
    );
    expect(rows[0]).toEqual({ n: lines.length, diff: 0, differ: 0 });
    const ids = await knex('line_items').where({ is_operating: true }).pluck('id');
    expect(await dryRun(knex, (trx) => applyAutomaticNextYearSalary(trx, ids))).toEqual([]);
  });

  it('flags what the rule cannot serve, counted in the payroll import’s warnings', async () => {
    const flagged = await knex('line_items')
      .where({ fiscal_year: 2026, is_operating: true, needs_review: true })
      .select('work_group', 'work_group_id', 'metadata', 'import_run_id');
    const warnings = flagged.flatMap((f) => f.metadata.importWarnings as string[]);
    // Technology has no contract: the default COLA scenario's category rate serves it, unflagged.
    expect(flagged.filter((f) => f.work_group === 'Technology')).toEqual([]);
    expect(warnings.filter((w) => w.includes('0% COLA'))).toEqual([]);
    // Every line belongs to a real work group (no stray 'Para Educator').
    expect(warnings.filter((w) => w.includes('has no work group'))).toEqual([]);
    // Every group has a contract or scenario COLA for FY27: the review list stays short.
    expect(flagged.length).toBeLessThan(20);
    const run = await knex('import_runs').where({ import_type: 'operating' }).first();
    expect(run.warning_count).toBe(flagged.filter((f) => f.import_run_id === run.id).length);
  });

  it('has no work group of its own spelling: every label is a work group that a contract or the COLA scenario covers', async () => {
    // A label that differs from a work group only by spelling (case, spaces, punctuation) is the
    // stray group the demo once had: its lines got no raise, as no contract covers it.
    const squeeze = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
    const groups = await knex('work_groups').select('id', 'name', 'category_id');
    const labels = await knex('line_items')
      .whereNotNull('work_group')
      .distinct('work_group', 'work_group_id')
      .orderBy('work_group');
    const byName = new Map(groups.map((g) => [g.name, g.id]));
    expect(labels.filter((l) => byName.get(l.work_group) !== l.work_group_id)).toEqual([]);
    expect(new Set(groups.map((g) => squeeze(g.name))).size).toBe(groups.length);
    expect(
      await knex('line_items').where({ is_operating: true }).whereNull('work_group_id').count({ n: '*' }),
    ).toEqual([{ n: 0 }]);

    // Each work group with employees has FY27 COLA from a contract in force or the default scenario
    // (for the group or its category), read straight from the tables.
    const covered = new Set<number>(
      await knex('contracts as c')
        .join('contract_cola_rates as r', 'r.contract_id', 'c.id')
        .whereIn('c.status', ['SETTLED', 'NEGOTIATING'])
        .whereNull('c.superseded_by_id')
        .where('r.fiscal_year', 2027)
        .pluck('c.work_group_id'),
    );
    const scenario = await knex('cola_scenarios').where({ is_default: true }).orderBy('id').first('id');
    const settings = await knex('cola_settings').where({ scenario_id: scenario.id, fiscal_year: 2027 });
    const coveredCategories = new Set(
      settings.map((r) => r.work_group_category_id).filter((c) => c !== null),
    );
    for (const r of settings.filter((r) => r.work_group_id !== null)) {
      covered.add(r.work_group_id);
    }
    const staffed = new Set<number>(
      await knex('line_items')
        .where({ is_operating: true, fiscal_year: 2026 })
        .distinct()
        .pluck('work_group_id'),
    );
    const uncovered = groups.filter(
      (g) => staffed.has(g.id) && !covered.has(g.id) && !coveredCategories.has(g.category_id),
    );
    expect(uncovered.map((g) => g.name)).toEqual([]);
  });

  it('has the FY27 projections Generate Projections makes: running it again changes no total', async () => {
    const totals = (trx: Knex) =>
      trx('line_items_all')
        .where({ budget_year_id: budgetYearId, fiscal_year: 2027 })
        .groupBy('is_operating', 'is_projected')
        .orderBy('is_operating')
        .select(
          'is_operating',
          'is_projected',
          trx.raw('count(*)::int AS n'),
          trx.raw('sum(current_salary * 100)::bigint::text AS salary'),
          trx.raw('sum(next_year_salary * 100)::bigint::text AS next'),
          trx.raw('sum(amount * 100)::bigint::text AS amount'),
        );
    const before = await totals(knex);
    expect(before.map((r) => [r.is_operating, r.is_projected])).toEqual([
      [false, true],
      [true, true],
    ]);
    expect(before[1].n).toBeGreaterThan(400);
    const after = await dryRun(knex, async (trx) => {
      for (const projectionType of ['operating', 'proposed'] as const) {
        const r = await generateProjectionsIn(trx, systemActor('test'), {
          budgetYearId,
          toFiscalYear: 2027,
          projectionType,
          forceRegenerate: true,
        });
        expect(r.replacedCount).toBe(r.projectedCount);
      }
      return totals(trx);
    });
    expect(after).toEqual(before);
  });
});
