import { describe, expect, it } from 'vitest';
import { formatMoneyCents, fromCents } from '@shared/money';
import { useCli } from '../test/use-cli';
import { insertProposed } from '../test/factories';
import { buildColaWorld, c, model, type ColaWorld } from '../test/worlds/cola-calc.world';

// The district's own FY2026 budget and FY2027 town goal: what `rif` uses when a flag is left out.
const FY26_BUDGET = ['47200000.12', '12345.67'];
const FY26_BUDGET_CENTS = FY26_BUDGET.reduce((n, a) => n + BigInt(a.replace('.', '')), 0n);

/** `budget-cli rif` and `budget-cli project` on a world of the test's own. */
describe('budget-cli rif and project', () => {
  let w: ColaWorld;
  const count = async (sql: string) => {
    return withDb(async (knex) => {
      return Number((await knex.raw(sql)).rows[0].n);
    });
  };

  const { cli, withDb } = useCli('cola', {
    setupTimeout: 300_000,
    seed: async (knex) => {
      w = await buildColaWorld(knex);
      await knex('budget_years').where({ id: w.budgetYearId }).update({ fiscal_year: 'FY26' });
      // `project` uses the default COLA scenario: the world's, so the model applies to it too.
      await knex('cola_scenarios').where({ id: w.scenarioId }).update({ is_default: true });
      await insertProposed(
        knex,
        FY26_BUDGET.map((amount) => ({ budgetYearId: w.budgetYearId, fiscalYear: 2026, amount })),
      );
      await knex('town_goals').insert({ fiscal_year: 2027, goal_type: 'DOLLAR', dollar_goal: '48100000.55' });
    },
  });

  it(
    'calculates and saves the RIF gap, as JSON and as a table, and refuses bad flags',
    { timeout: 300_000 },
    async () => {
      const m = model(w, 2027).get(2027)!;
      const cola = m.cola.SETTLED + m.cola.NEGOTIATING + m.cola.SCENARIO;
      // New hires and a typed next-year salary are FY27 payroll too.
      const need = 8_783_456_789n + cola + m.steps + m.newHires + m.adjustments;
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
      // No --baseline: the FY2026 proposed budget, as the dashboard totals it.
      const needNoSteps = FY26_BUDGET_CENTS + cola + m.newHires + m.adjustments;
      const dollars = (cents: bigint) => formatMoneyCents(fromCents(cents));
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
      const early = await cli(
        'rif',
        '--fiscal-year',
        '2026',
        '--town-funding',
        '1',
        '--baseline',
        '1',
        '--budget-year',
        'FY26',
      );
      expect(early.code).toBe(2);
      expect(early.stderr).toContain('No employees to start FY26 from');
      expect(await count('SELECT count(*) AS n FROM rif_calculations')).toBe(saved);
    },
  );

  it(
    'takes the baseline and the town funding it is not given from the district’s data, saying where from, and asks for what a year lacks',
    { timeout: 300_000 },
    async () => {
      const r = await cli('rif', '--scenario', String(w.scenarioId), '--budget-year', 'FY26', '--json');
      expect(r.code, r.stderr).toBe(0);
      const calc = JSON.parse(r.stdout);
      expect([calc.fiscalYear, c(calc.baselineBudget), c(calc.townFundingAmount)]).toEqual([
        2027,
        FY26_BUDGET_CENTS,
        4_810_000_055n,
      ]);
      expect(r.stderr).toContain('baseline: $47,212,345.79 (FY26 proposed budget, general fund, 2 lines)');
      expect(r.stderr).toMatch(
        /town-funding: \$48,100,000\.55 \(FY27 town goal, set [A-Z][a-z]{2} \d{1,2}, \d{4}\)/,
      );
      const noGoal = await cli('rif', '--fiscal-year', 'FY28', '--budget-year', 'FY26', '--baseline', '1');
      expect(noGoal.code).toBe(2);
      expect(noGoal.stderr).toContain('FY28 has no town goal: give --town-funding');
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
        `SELECT count(*) AS n FROM line_items_all WHERE budget_year_id = ${w.budgetYearId} AND is_projected AND fiscal_year IN (2027, 2028)`,
      );
      expect(r.projectedCount).toBe(projected);
      expect(projected).toBeGreaterThan(0);

      const again = await cli('project', '--budget-year', 'FY26', '--type', 'operating', '--to', 'FY28');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('CONFLICT');
      // The command names its own flag, not the API's 'regenerate'.
      expect(again.stderr).toContain('run again with --force to replace them');
      // With --json the refusal is one JSON document on stdout.
      const againJson = await cli(
        'project',
        '--budget-year',
        'FY26',
        '--type',
        'operating',
        '--to',
        'FY28',
        '--json',
      );
      expect(againJson.code).toBe(1);
      expect(JSON.parse(againJson.stdout)).toMatchObject({
        code: 'CONFLICT',
        error: expect.stringContaining('--force'),
      });
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
      // The projected payroll is the walk every calculation totals (new hires and typed salaries in).
      const years = model(w, 2028);
      for (const fy of [2027, 2028]) {
        const total = await count(
          `SELECT sum(current_salary) * 100 AS n FROM line_items_all
            WHERE budget_year_id = ${w.budgetYearId} AND fiscal_year = ${fy} AND is_operating AND is_projected`,
        );
        expect(BigInt(total)).toBe(years.get(fy)!.payroll);
      }

      const bad = await cli('project', '--budget-year', 'FY26', '--type', 'sideways');
      expect(bad.code).toBe(2);
      const missing = await cli('project', '--budget-year', 'FY99', '--type', 'operating');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No budget year FY99');
    },
  );
});
