import { describe, expect, it } from 'vitest';
import { buildEmployee, buildProposed, buildWorld, type World } from '../test/factories';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

/** `budgets create`, with and without --copy-from, through budget-cli on a database of its own. */
describe('budget-cli budgets create', () => {
  let w: World;

  /** Scenario count, and each budget's line count and exact sum of amounts (as text). */
  async function snapshot() {
    return withDb(async (knex) => {
      const scenarios = Number((await knex('scenarios').count('* as c'))[0].c);
      const sums = (await knex('line_items')
        .groupBy('scenario_id')
        .orderBy('scenario_id')
        .select(
          'scenario_id',
          knex.raw('count(*)::int AS count'),
          knex.raw('coalesce(sum(amount), 0)::text AS amount'),
          knex.raw('coalesce(sum(current_salary), 0)::text AS salary'),
        )) as { scenario_id: number; count: number; amount: string; salary: string }[];
      return { scenarios, sums };
    });
  }

  const { cli, withDb } = useCli('budgets', {
    timeout: 150_000,
    setupTimeout: 300_000,
    seed: async (knex) => {
      w = await buildWorld(knex);
      await knex('budget_years').where({ id: w.budgetYearId }).update({ fiscal_year: 'FY26' });
      for (const [amount, fiscalYear] of [
        ['0.10', 2026],
        ['0.20', 2026],
        ['1234.50', 2027],
      ] as const) {
        await buildProposed(knex, w, { amount, fiscal_year: fiscalYear });
      }
      await buildEmployee(knex, w, { current_salary: '1000000.01' });
    },
  });

  it('copies a budget’s lines with --copy-from, exactly, and starts empty without it', async () => {
    const res = await cli(
      'budgets',
      'create',
      '--budget-year',
      'FY26',
      '--type',
      'proposed',
      '--name',
      'Guidance copy',
      '--copy-from',
      String(w.proposedScenarioId),
      '--json',
    );
    const body = jsonDocument(res, 'object') as {
      scenario: { id: number; isActive: boolean };
      copiedLineCount: number;
    };
    expect(body).toMatchObject({ copiedLineCount: 3, scenario: { isActive: false, lineItemCount: 3 } });
    const { sums } = await snapshot();
    const of = (id: number) => sums.find((s) => s.scenario_id === id);
    expect(of(body.scenario.id)).toEqual({ ...of(w.proposedScenarioId), scenario_id: body.scenario.id });
    expect(of(body.scenario.id)).toMatchObject({ count: 3, amount: '1234.80' });

    const empty = await cli(
      'budgets',
      'create',
      '--budget-year',
      'FY26',
      '--type',
      'operating',
      '--name',
      'Blank',
    );
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toMatch(/^Created the operating budget Blank \(id \d+, inactive\), empty\.\n$/);

    const listed = jsonDocument(await cli('budgets', 'list', '--budget-year', 'FY26', '--json'), 'array');
    expect(listed.map((b: { name: string }) => b.name)).toEqual(
      expect.arrayContaining(['Guidance copy', 'Blank']),
    );
  }, 600_000);

  it('refuses a budget of another type and bad flags, writing nothing', async () => {
    const before = await snapshot();
    const create = (...more: string[]) =>
      cli('budgets', 'create', '--budget-year', 'FY26', '--type', 'proposed', '--name', 'Refused', ...more);
    const otherType = await create('--copy-from', String(w.operatingScenarioId));
    expect(otherType.code).toBe(2);
    expect(otherType.stderr).toMatch(
      /--copy-from: Budget \d+ is an operating budget; a proposed budget can only copy a proposed budget/,
    );
    const unknown = await create('--copy-from', '999999');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--copy-from: Budget 999999 does not exist/);
    const bad = await cli(
      'budgets',
      'create',
      '--budget-year',
      'FY26',
      '--type',
      'capital',
      '--name',
      ' ',
      '--copy-from',
      'x',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--type: Scenario type must be one of operating, proposed/);
    expect(bad.stderr).toMatch(/--name: Scenario name cannot be empty/);
    expect(bad.stderr).toMatch(/--copy-from: /);
    expect(await snapshot()).toEqual(before);
  }, 600_000);
});
