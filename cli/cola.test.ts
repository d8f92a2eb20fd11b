import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';
import { buildColaWorld, c, model, type ColaWorld } from '../server/routes/cola-calc.world';

/** `budget-cli rif` and `budget-cli project`, run as the real binary on a world of the test's own. */
describe('budget-cli rif and project', () => {
  let runner: CliRunner;
  let w: ColaWorld;
  const cli = (...args: string[]) => runner.cli(...args);
  const count = async (sql: string) => {
    const handle = await runner.openDb();
    try {
      return Number((await handle.knex.raw(sql)).rows[0].n);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    runner = await createCliRunner('cola');
    expect((await runner.cli('db', 'migrate')).code).toBe(0);
    const handle = await runner.openDb();
    try {
      w = await buildColaWorld(handle.knex);
      await handle.knex('budget_years').where({ id: w.budgetYearId }).update({ fiscal_year: 'FY26' });
    } finally {
      await handle.close();
    }
  }, 300_000);
  afterAll(() => runner?.close());

  it(
    'calculates and saves the RIF gap, as JSON and as a table, and refuses bad flags',
    { timeout: 300_000 },
    async () => {
      const m = model(w, 2027).get(2027)!;
      const cola = m.cola.SETTLED + m.cola.NEGOTIATING + m.cola.SCENARIO;
      const need = 8_783_456_789n + cola + m.steps;
      const flags = ['--fiscal-year', 'FY27', '--scenario', String(w.scenarioId), '--budget-year', 'FY26'];
      const json = await cli(
        'rif',
        ...flags,
        '--town-funding',
        '87000000.5',
        '--baseline',
        '87834567.89',
        '--json',
      );
      expect(json.code, json.stderr).toBe(0);
      const r = JSON.parse(json.stdout);
      expect([c(r.colaImpact.settled), c(r.colaImpact.negotiating), c(r.colaImpact.scenario)]).toEqual([
        m.cola.SETTLED,
        m.cola.NEGOTIATING,
        m.cola.SCENARIO,
      ]);
      expect([c(r.stepsLanesAmount), c(r.districtNeed), c(r.gap)]).toEqual([
        m.steps,
        need,
        need - 8_700_000_050n,
      ]);
      expect(r).toMatchObject({
        fiscalYear: 2027,
        rifRequired: true,
        includeStepsLanes: true,
        baseYear: 2026,
      });
      expect(r.positionsEstimate).toBe(Number((need - 8_700_000_050n + 8_499_999n) / 8_500_000n));

      const table = await cli('rif', ...flags, '--town-funding', '90000000', '--no-steps-lanes');
      expect(table.code, table.stderr).toBe(0);
      const needNoSteps = 8_783_456_700n + cola;
      const dollars = (cents: bigint) =>
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(cents) / 100);
      expect(table.stdout).toContain('RIF gap for FY27 (saved as calculation #');
      expect(table.stdout).toMatch(
        new RegExp(`District need\\s+${dollars(needNoSteps).replace(/[$.]/g, '\\$&')}`),
      );
      expect(table.stdout).toContain('(not included)');
      expect(table.stdout).toMatch(/RIF required\s+no\n/);
      expect(table.stdout).toContain('Cost of 1% COLA by bargaining unit');
      expect(table.stdout).toContain(w.groups.teachers.name);

      const saved = await count('SELECT count(*) AS n FROM rif_calculations');
      expect(saved).toBe(2);
      const negative = await cli('rif', ...flags, '--town-funding', '-5');
      expect(negative.code).toBe(2);
      expect(negative.stderr).toContain('Amounts cannot be negative');
      const words = await cli('rif', ...flags, '--town-funding', 'lots');
      expect(words.code).toBe(2);
      const scenario = await cli(
        'rif',
        '--scenario',
        '999999',
        '--town-funding',
        '1',
        '--budget-year',
        'FY26',
      );
      expect(scenario.code).toBe(2);
      expect(scenario.stderr).toContain('Invalid scenario selected');
      const early = await cli('rif', '--fiscal-year', '2026', '--town-funding', '1', '--budget-year', 'FY26');
      expect(early.code).toBe(2);
      expect(early.stderr).toContain('No employees to start FY26 from');
      expect(await count('SELECT count(*) AS n FROM rif_calculations')).toBe(saved);
    },
  );

  it(
    'projects a budget year forward, refuses to overwrite without --force, and replaces with it',
    { timeout: 300_000 },
    async () => {
      const first = await cli(
        'project',
        '--budget-year',
        'FY26',
        '--type',
        'operating',
        '--to',
        'FY28',
        '--json',
      );
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toContain('Projecting FY26 operating lines from FY26 through FY28');
      const r = JSON.parse(first.stdout);
      expect(r).toMatchObject({ baseYear: 2026, fiscalYears: [2027, 2028], replacedCount: 0 });
      const projected = await count(
        `SELECT count(*) AS n FROM line_items WHERE budget_year_id = ${w.budgetYearId} AND is_projected AND fiscal_year IN (2027, 2028)`,
      );
      expect(r.projectedCount).toBe(projected);
      expect(projected).toBeGreaterThan(0);

      const again = await cli('project', '--budget-year', 'FY26', '--type', 'operating', '--to', 'FY28');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('CONFLICT');
      const forced = await cli(
        'project',
        '--budget-year',
        'FY26',
        '--type',
        'operating',
        '--to',
        '2028',
        '--force',
      );
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toContain(
        `Projected ${projected} operating lines from FY26 into FY27, FY28 (replacing ${projected}).`,
      );

      const bad = await cli('project', '--budget-year', 'FY26', '--type', 'sideways');
      expect(bad.code).toBe(2);
      const missing = await cli('project', '--budget-year', 'FY99', '--type', 'operating');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No budget year FY99');
    },
  );
});
