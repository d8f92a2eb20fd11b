import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondHomeMessage } from '@shared/schemas/fiscal-year';
import { insertEmployees } from '../test/factories';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';

/**
 * The walk that used to end for good on an empty install: `budget-year create FY26 --fiscal-years
 * FY26-FY30`, then FY27 refused because FY26 plans it. `budget-year edit` re-spans FY26 so FY27 can
 * be made, and `budget-year delete` removes a mistaken, empty budget year; one that holds lines is
 * refused saying what it holds, and nothing changes.
 */
describe('budget-cli budget-year edit and delete', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('budget-year-edit');
  });
  afterAll(() => runner?.close());

  /** Budget years by label with the fiscal years each is home of, read from the tables. */
  async function tables() {
    const db = await runner.openDb();
    try {
      const years = await db.knex('budget_years').orderBy('id').select('id', 'fiscal_year', 'name');
      const homes = await db.knex('fiscal_year_homes').orderBy('fiscal_year');
      return years.map((y: { id: number; fiscal_year: string; name: string }) => ({
        label: y.fiscal_year,
        name: y.name,
        homes: homes
          .filter((h: { budget_year_id: number }) => h.budget_year_id === y.id)
          .map((h: { fiscal_year: number }) => h.fiscal_year),
      }));
    } finally {
      await db.close();
    }
  }

  it('re-spans, renames and deletes, refusing what would lose work', { timeout: 300_000 }, async () => {
    expect((await cli('db', 'migrate')).code).toBe(0);
    expect((await cli('budget-year', 'create', 'FY26', '--fiscal-years', 'FY26-FY30')).code).toBe(0);
    const blocked = await cli('budget-year', 'create', 'FY27');
    expect(blocked.code).not.toBe(0);
    expect(blocked.stderr).toContain(secondHomeMessage(2027, 'FY26', 'FY27'));

    const badSpan = await cli('budget-year', 'edit', 'FY26', '--fiscal-years', 'FY26-FYX');
    expect(badSpan.code).toBe(2);
    expect(badSpan.stderr).toContain('--fiscal-years: FYX is not a fiscal year (write FY28 or 2028)');
    const noOwn = await cli('budget-year', 'edit', 'FY26', '--fiscal-years', 'FY27-FY28');
    expect(noOwn.code).not.toBe(0);
    expect(noOwn.stderr).toContain(
      "Planning FY27 to FY28 leaves out the budget year's own fiscal year, FY26",
    );
    const unknown = await cli('budget-year', 'edit', 'FY33', '--name', 'x');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('No budget year FY33 (there are: FY26)');
    expect(await tables()).toEqual([
      { label: 'FY26', name: 'FY26 Budget', homes: [2026, 2027, 2028, 2029, 2030] },
    ]);

    const edited = await cli(
      'budget-year',
      'edit',
      'FY26',
      '--fiscal-years',
      'FY26',
      '--name',
      'Main budget',
    );
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toBe('Saved budget year FY26 (Main budget): fiscal year FY26, current FY26.\n');
    const fy27 = await cli('budget-year', 'create', 'FY27', '--json');
    expect(fy27.code, fy27.stderr).toBe(0);

    const overlap = await cli('budget-year', 'edit', 'FY26', '--fiscal-years', 'FY26-FY27', '--json');
    expect(overlap.code).not.toBe(0);
    expect(overlap.stderr).toContain(secondHomeMessage(2027, 'FY27', 'FY26'));
    expect(await tables()).toEqual([
      { label: 'FY26', name: 'Main budget', homes: [2026] },
      { label: 'FY27', name: 'FY27 Budget', homes: [2027] },
    ]);

    // A line in FY27: it cannot be deleted, and says why.
    const db = await runner.openDb();
    try {
      const id = jsonDocument(fy27, 'object').budgetYear.id as number;
      await insertEmployees(db.knex, [{ budgetYearId: id, fiscalYear: 2027, salary: '48000.00' }]);
    } finally {
      await db.close();
    }
    const kept = await cli('budget-year', 'delete', 'FY27');
    expect(kept.code).not.toBe(0);
    expect(kept.stderr).toContain('FY27 holds 1 line: it cannot be deleted');

    const gone = await cli('budget-year', 'delete', 'FY26', '--json');
    expect(gone.code, gone.stderr).toBe(0);
    expect(jsonDocument(gone, 'object').deleted.fiscalYear).toBe('FY26');
    expect(await tables()).toEqual([{ label: 'FY27', name: 'FY27 Budget', homes: [2027] }]);
  });
});
