import { describe, expect, it } from 'vitest';
import { buildEmployee, buildProposed, buildWorld, type World } from '../test/factories';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

/**
 * The budgets and line-items commands, through budget-cli against a database of their own
 * (a PGlite folder, or with TEST_DATABASE_URL a fresh database on that server).
 */
describe('budget-cli budgets and line-items', () => {
  let w: World;
  let alternativeId: number;
  const ids: Record<string, number> = {};

  const { cli } = useCli('li', {
    timeout: 150_000,
    setupTimeout: 300_000,
    // The CLI owns the PGlite folder while it runs; write the rows first, then close.
    seed: async (knex) => {
      w = await buildWorld(knex);
      await knex('budget_years').where({ id: w.budgetYearId }).update({ fiscal_year: 'FY26' });
      for (const [key, salary] of [
        ['a', '0.10'],
        ['b', '0.20'],
        ['c', '1000000.01'],
      ]) {
        ids[key] = await buildEmployee(knex, w, {
          first_name: `Emp${key}`,
          last_name: `Line${key}`,
          current_salary: salary,
        });
      }
      const pair = {
        last_name: "O'Brien",
        position: 'Grade 3 Teacher',
        current_salary: '76767.00',
        fiscal_year: 2027,
      };
      ids.katherine = await buildEmployee(knex, w, { ...pair, first_name: 'Katherine' });
      ids.kathryn = await buildEmployee(knex, w, { ...pair, first_name: 'Kathryn', last_name: 'OBrien' });
      ids.books = await buildProposed(knex, w, { account_description: 'Library books', amount: '1234.50' });
      const [alt] = await knex('scenarios')
        .insert({ budget_year_id: w.budgetYearId, name: 'Guidance alternative', scenario_type: 'proposed' })
        .returning('id');
      alternativeId = alt.id;
    },
  });

  it('prints help for the new commands', async () => {
    const res = await cli('line-items', 'list', '--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('--budget-year <label>');
  }, 150_000);

  it('lists employee lines of a fiscal year with an exact total', async () => {
    const res = await cli(
      'line-items',
      'list',
      '--budget-year',
      'FY26',
      '--fiscal-year',
      'FY26',
      '--type',
      'operating',
    );
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+Name\s+Position\s+Building\s+Status\s+Salary$/);
    expect(res.stdout).toContain('Linea, Empa');
    expect(lines.find((l) => l.startsWith('Total'))).toMatch(/1,000,000\.31$/);
    // Money is right-aligned: every salary ends in the same column.
    const ends = lines.slice(2, 6).map((l) => l.length);
    expect(new Set(ends).size).toBe(1);
    expect(lines.at(-1)).toBe('3 employee lines.');
  }, 150_000);

  it('prints the API’s JSON with --json and lists proposed lines', async () => {
    const json = await cli(
      'line-items',
      'list',
      '--budget-year',
      '2025-2026',
      '--fiscal-year',
      '2026',
      '--type',
      'proposed',
      '--json',
    );
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout) as { lineItems: { id: number; amount: number }[] };
    expect(body.lineItems).toEqual([expect.objectContaining({ id: ids.books, amount: 1234.5 })]);
  }, 150_000);

  it('refuses bad flags with exit 2 and an unknown budget year with exit 1', async () => {
    const bad = await cli(
      'line-items',
      'list',
      '--budget-year',
      'FY26',
      '--fiscal-year',
      'soon',
      '--type',
      'capital',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--fiscal-year: Invalid fiscal year: soon/);
    expect(bad.stderr).toMatch(/--type: Use operating or proposed/);
    const unknown = await cli('budgets', 'list', '--budget-year', 'FY40');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No budget year FY40 \(there are: /);
  }, 300_000);

  it('finds the misspelt duplicate with its reasons', async () => {
    const res = await cli('line-items', 'duplicates', '--budget-year', 'FY26');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`O'Brien, Katherine`);
    expect(res.stdout).toContain('OBrien, Kathryn');
    expect(res.stdout).toMatch(/Same last name; First name 90% similar; Same position/);
    expect(res.stdout.trim().split('\n').at(-1)).toBe('1 possible duplicate group(s).');
    const groups = jsonDocument(
      await cli('line-items', 'duplicates', '--budget-year', 'FY26', '--json'),
      'array',
    );
    expect(groups).toHaveLength(1);
    expect(groups[0].map((c: { lastName: string }) => c.lastName).sort()).toEqual(["O'Brien", 'OBrien']);
  }, 150_000);

  it('lists budgets and sets one active, deactivating the other of its type', async () => {
    const set = await cli('budgets', 'set-active', String(alternativeId));
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`budget ${w.proposedScenarioId} was deactivated`);
    const list = await cli('budgets', 'list', '--budget-year', 'FY26', '--json');
    const rows = JSON.parse(list.stdout) as { id: number; isActive: boolean }[];
    expect(
      rows
        .filter((r) => r.isActive)
        .map((r) => r.id)
        .sort(),
    ).toEqual([w.operatingScenarioId, alternativeId].sort());
    expect((await cli('budgets', 'set-active', 'abc')).code).toBe(2);
    expect((await cli('budgets', 'set-active', '999999')).code).toBe(1);
  }, 600_000);
});
