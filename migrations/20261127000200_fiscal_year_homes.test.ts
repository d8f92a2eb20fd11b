import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { activeScope } from '@server/sql/line-items-scope';
import { databaseBefore } from '../test/migration-db';
import { buildBudgetYear, buildScenario, insertEmployees, insertProposed } from '../test/factories';
import { down, up } from './20261127000200_fiscal_year_homes';
import { migrationSource } from './index';

const NAME = '20261127000200_fiscal_year_homes';

/** Every row of a table, by its key, as the database holds it. */
async function rowsOf(knex: Knex, table: string, key: string): Promise<Map<string, Record<string, unknown>>> {
  const rows: Record<string, unknown>[] = await knex(table).select('*');
  return new Map(
    rows.map((r) => [
      key
        .split(',')
        .map((k) => String(r[k]))
        .join(':'),
      r,
    ]),
  );
}

/** A stage event with a snapshot of the given lines, as the stages service records one. */
async function stage(
  knex: Knex,
  budgetYearId: number,
  stageName: string,
  lineIds: number[],
): Promise<number> {
  const [row] = await knex('budget_stages')
    .insert({
      budget_year_id: budgetYearId,
      fiscal_year: 2027,
      event: 'advance',
      stage: stageName,
      stage_date: '2027-03-01',
      created_by_name: 'Fran Finance',
    })
    .returning('id');
  await knex('budget_stage_lines').insert(
    lineIds.map((id) => ({
      stage_id: row.id,
      line_id: id,
      is_operating: false,
      is_projected: false,
      amount: '1.00',
    })),
  );
  return row.id;
}

/** The year's counted proposed total in a budget year, in cents, read with the dashboard's rule. */
async function countedCents(knex: Knex, budgetYearId: number, fiscalYear: number): Promise<bigint> {
  const { rows } = await knex.raw(
    `SELECT coalesce(sum(li.amount * 100), 0)::bigint::text AS c FROM line_items_all li
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND ${activeScope('li')}`,
    [budgetYearId, fiscalYear],
  );
  return BigInt(rows[0].c);
}

/**
 * The demo's two homes of FY2027: budget year FY26 planned, adopted and appropriated it; budget
 * year FY27 ('Planning year: import the FY27 payroll') imported a second FY2027 beside it. The
 * migration gives FY2027 one home and accounts for every line, snapshot and audit entry.
 */
describe(`migration ${NAME}`, () => {
  // The template is migrated: this migration undone, for the data it was written for.
  const db = databaseBefore(down);

  it('is registered, so every database that migrates runs it', async () => {
    expect(await migrationSource.getMigrations([])).toContain(NAME);
  });

  it('moves the second FY2027 into its one home with every line, snapshot and audit entry', async () => {
    const fy26 = await buildBudgetYear(db.knex, { label: 'FY26', currentFiscalYear: 2026 });
    const fy27 = await buildBudgetYear(db.knex, { label: 'FY27', currentFiscalYear: 2027 });
    const fy26Op = await buildScenario(db.knex, fy26, 'operating', true, 'FY26 Operating Budget');
    const fy26Prop = await buildScenario(db.knex, fy26, 'proposed', true, 'FY26 Proposed Budget');
    const fy27Op = await buildScenario(db.knex, fy27, 'operating', true, 'FY27 Operating Budget');
    await buildScenario(db.knex, fy27, 'proposed', true, 'FY27 Proposed Budget');
    // FY26's FY2027: appropriated at $74,500.25 over three lines, two employees.
    const planned = await insertProposed(db.knex, [
      { budgetYearId: fy26, fiscalYear: 2027, amount: '50000.00', scenarioId: fy26Prop },
      { budgetYearId: fy26, fiscalYear: 2027, amount: '24000.25', scenarioId: fy26Prop },
      { budgetYearId: fy26, fiscalYear: 2027, amount: '500.00', scenarioId: fy26Prop },
    ]);
    const plannedStaff = await insertEmployees(db.knex, [
      { budgetYearId: fy26, fiscalYear: 2027, salary: '61000.00', scenarioId: fy26Op },
      { budgetYearId: fy26, fiscalYear: 2027, salary: '62000.00', scenarioId: fy26Op },
    ]);
    const fy2026 = await insertProposed(db.knex, [
      { budgetYearId: fy26, fiscalYear: 2026, amount: '70000.00' },
    ]);
    // FY27's FY2027: an imported payroll, and one proposed line without a budget.
    const imported = await insertEmployees(db.knex, [
      { budgetYearId: fy27, fiscalYear: 2027, salary: '70000.00', scenarioId: fy27Op },
      { budgetYearId: fy27, fiscalYear: 2027, salary: '71000.00', scenarioId: fy27Op },
    ]);
    const [stray] = await insertProposed(db.knex, [
      { budgetYearId: fy27, fiscalYear: 2027, amount: '999.99' },
    ]);
    const fy2028 = await insertProposed(db.knex, [
      { budgetYearId: fy27, fiscalYear: 2028, amount: '80000.00' },
    ]);
    // FY27 recorded a Superintendent's Recommended before FY26's appropriation, so FY26's latest stage is newest.
    const recommended = await stage(db.knex, fy26, 'SUPERINTENDENT_RECOMMENDED', planned);
    const strayStage = await stage(db.knex, fy27, 'SUPERINTENDENT_RECOMMENDED', [stray]);
    const adopted = await stage(db.knex, fy26, 'SCHOOL_COMMITTEE_ADOPTED', planned);
    const appropriated = await stage(db.knex, fy26, 'TOWN_APPROPRIATED', planned);
    const cuts = await db
      .knex('cut_scenarios')
      .insert([
        { budget_year_id: fy26, fiscal_year: 2027, name: 'Guidance cuts', is_active: true },
        { budget_year_id: fy27, fiscal_year: 2027, name: 'Guidance cuts', is_active: true },
      ])
      .returning('id');
    const [adoption] = await db
      .knex('scenario_adoptions')
      .insert({
        cut_scenario_id: cuts[0].id,
        scenario_name: 'Guidance cuts',
        budget_year_id: fy26,
        fiscal_year: 2027,
        from_stage_id: recommended,
        adopted_by_name: 'Fran Finance',
        totals_before: '75000.25',
        totals_after: '74500.25',
      })
      .returning('id');
    await db.knex('audit_log').insert(
      [...planned, ...imported, stray].map((id) => ({
        actor_label: 'budget-cli',
        action: 'import',
        entity: 'line_item',
        entity_id: String(id),
        after: JSON.stringify({ id }),
      })),
    );
    const before = {
      lines: await rowsOf(db.knex, 'line_items', 'id'),
      stages: await rowsOf(db.knex, 'budget_stages', 'id'),
      snapshots: await rowsOf(db.knex, 'budget_stage_lines', 'stage_id,line_id'),
      audit: await rowsOf(db.knex, 'audit_log', 'id'),
      adoptions: await rowsOf(db.knex, 'scenario_adoptions', 'id'),
    };
    const appropriatedCents = await countedCents(db.knex, fy26, 2027);
    expect(appropriatedCents).toBe(5_000_000n + 2_400_025n + 50_000n);

    await up(db.knex);

    const homes = await db
      .knex('fiscal_year_homes')
      .orderBy('fiscal_year')
      .select('fiscal_year', 'budget_year_id');
    expect(homes).toEqual([
      { fiscal_year: 2026, budget_year_id: fy26 },
      { fiscal_year: 2027, budget_year_id: fy26 },
      { fiscal_year: 2028, budget_year_id: fy27 },
    ]);
    // Every line is still there under its id; only FY27's FY2027 lines changed budget year and budget.
    const lines = await rowsOf(db.knex, 'line_items', 'id');
    expect([...lines.keys()].sort()).toEqual([...before.lines.keys()].sort());
    const moved = new Set([...imported, stray].map(String));
    for (const [id, row] of before.lines) {
      const { budget_year_id, scenario_id, updated_at, ...rest } = lines.get(id)!;
      const { budget_year_id: b0, scenario_id: s0, updated_at: u0, ...rest0 } = row;
      expect(rest, `line ${id}`).toEqual(rest0);
      expect(budget_year_id, `line ${id}`).toBe(moved.has(id) ? fy26 : b0);
      if (!moved.has(id)) {
        expect([scenario_id, updated_at]).toEqual([s0, u0]);
      }
    }
    const movedTo = await db
      .knex('line_items as li')
      .join('scenarios as s', 's.id', 'li.scenario_id')
      .whereIn('li.id', [...imported, stray])
      .orderBy('li.id')
      .select('s.name', 's.is_active', 's.budget_year_id');
    expect(movedTo).toEqual([
      { name: 'FY27 Operating Budget (from budget year FY27)', is_active: false, budget_year_id: fy26 },
      { name: 'FY27 Operating Budget (from budget year FY27)', is_active: false, budget_year_id: fy26 },
      { name: 'FY27 proposed lines (from budget year FY27)', is_active: false, budget_year_id: fy26 },
    ]);
    // What Town Meeting appropriated is still FY2027's budget, to the cent: the moved lines do not count.
    expect(await countedCents(db.knex, fy26, 2027)).toBe(appropriatedCents);
    expect(await countedCents(db.knex, fy27, 2027)).toBe(0n);
    expect(await countedCents(db.knex, fy26, 2026)).toBe(7_000_000n);
    expect(await countedCents(db.knex, fy27, 2028)).toBe(8_000_000n);
    expect(lines.get(String(fy2026[0]))!.budget_year_id).toBe(fy26);
    expect(lines.get(String(fy2028[0]))!.budget_year_id).toBe(fy27);
    expect(plannedStaff.every((id) => lines.get(String(id))!.scenario_id === fy26Op)).toBe(true);

    // Every stage and snapshot line, untouched but for the stray stage's budget year; the latest
    // event, which decides the stage residents see and the lock, is still the appropriation.
    const stages = await rowsOf(db.knex, 'budget_stages', 'id');
    expect([...stages.keys()].sort()).toEqual([...before.stages.keys()].sort());
    for (const [id, row] of before.stages) {
      expect(stages.get(id), `stage ${id}`).toEqual({ ...row, budget_year_id: fy26 });
    }
    expect(await rowsOf(db.knex, 'budget_stage_lines', 'stage_id,line_id')).toEqual(before.snapshots);
    const latest = await db
      .knex('budget_stages')
      .where({ fiscal_year: 2027 })
      .orderBy('id', 'desc')
      .first('id');
    expect(latest.id).toBe(appropriated);
    expect(
      [recommended, strayStage, adopted].every((id) => stages.get(String(id))!.budget_year_id === fy26),
    ).toBe(true);
    expect(await rowsOf(db.knex, 'audit_log', 'id')).toEqual(before.audit);
    expect(await rowsOf(db.knex, 'scenario_adoptions', 'id')).toEqual(before.adoptions);
    expect(adoption.id).toBeGreaterThan(0);
    const cutRows = await db
      .knex('cut_scenarios')
      .orderBy('id')
      .select('budget_year_id', 'name', 'is_active');
    expect(cutRows).toEqual([
      { budget_year_id: fy26, name: 'Guidance cuts', is_active: true },
      { budget_year_id: fy26, name: 'Guidance cuts (from budget year FY27)', is_active: false },
    ]);

    // Down and up again: the data is in its one shape, so nothing moves and the homes are the same.
    await down(db.knex);
    await up(db.knex);
    expect(await rowsOf(db.knex, 'line_items', 'id')).toEqual(lines);
    expect(
      await db.knex('fiscal_year_homes').orderBy('fiscal_year').select('fiscal_year', 'budget_year_id'),
    ).toEqual(homes);
  });

  it('refuses a second home from then on, by any writer, naming the home', async () => {
    const fy26 = (await db.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
    const fy27 = (await db.knex('budget_years').where({ fiscal_year: 'FY27' }).first('id')).id;
    const count = async () => Number((await db.knex('line_items').count({ n: '*' }))[0].n);
    const lines = await count();
    await expect(
      insertEmployees(db.knex, [{ budgetYearId: fy27, fiscalYear: 2027, salary: '1.00' }]),
    ).rejects.toMatchObject({ code: 'BY003', detail: '2027:FY26:FY27' });
    await expect(
      db.knex('budget_stages').insert({
        budget_year_id: fy27,
        fiscal_year: 2027,
        event: 'reopen',
        stage: 'TOWN_APPROPRIATED',
        stage_date: '2027-06-01',
        created_by_name: 'x',
      }),
    ).rejects.toMatchObject({ code: 'BY003' });
    await expect(
      db.knex('cut_scenarios').insert({ budget_year_id: fy27, fiscal_year: 2027, name: 'Elsewhere' }),
    ).rejects.toMatchObject({ code: 'BY003' });
    // Moving a line out of its home into FY27 is a second home too.
    const [fy2026Line] = await db
      .knex('line_items')
      .where({ budget_year_id: fy26, fiscal_year: 2026 })
      .pluck('id');
    await expect(
      db.knex('line_items').where({ id: fy2026Line }).update({ budget_year_id: fy27 }),
    ).rejects.toMatchObject({ code: 'BY003', detail: '2026:FY26:FY27' });
    expect(await count()).toBe(lines);
    // Projections are a budget year's forecast, not a plan: FY27 may project FY2027.
    await insertEmployees(db.knex, [
      { budgetYearId: fy27, fiscalYear: 2027, salary: '1.00', isProjected: true },
    ]);
    // A stage claims a year nobody holds; the other budget year is then refused it.
    await db.knex('budget_stages').insert({
      budget_year_id: fy27,
      fiscal_year: 2029,
      event: 'advance',
      stage: 'SUPERINTENDENT_RECOMMENDED',
      stage_date: '2028-03-01',
      created_by_name: 'Fran Finance',
    });
    expect((await db.knex('fiscal_year_homes').where({ fiscal_year: 2029 }).first()).budget_year_id).toBe(
      fy27,
    );
    await expect(
      insertProposed(db.knex, [{ budgetYearId: fy26, fiscalYear: 2029, amount: '5.00' }]),
    ).rejects.toMatchObject({ code: 'BY003', detail: '2029:FY27:FY26' });
    // An import or a stage cannot claim a year another budget year already holds lines of.
    await insertProposed(db.knex, [{ budgetYearId: fy26, fiscalYear: 2030, amount: '7.00' }]);
    await expect(
      db.knex('budget_stages').insert({
        budget_year_id: fy27,
        fiscal_year: 2030,
        event: 'advance',
        stage: 'SUPERINTENDENT_RECOMMENDED',
        stage_date: '2029-03-01',
        created_by_name: 'Fran Finance',
      }),
    ).rejects.toMatchObject({ code: 'BY003', detail: '2030:FY26:FY27' });
    expect(await db.knex('fiscal_year_homes').where({ fiscal_year: 2030 }).first()).toBeUndefined();
    // A home whose budget year no longer holds any of the year's plan is given up.
    await db.knex('line_items').where({ budget_year_id: fy27, fiscal_year: 2028 }).delete();
    expect(await db.knex('fiscal_year_homes').where({ fiscal_year: 2028 }).first()).toBeUndefined();
    await insertProposed(db.knex, [{ budgetYearId: fy26, fiscalYear: 2028, amount: '5.00' }]);
  });
});
