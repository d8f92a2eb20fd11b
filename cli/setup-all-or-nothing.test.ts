import { describe, expect, it } from 'vitest';
import { budgetYearsResponse } from '@shared/schemas/budget-years';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

/**
 * A new district from the command line: `setup` does all its flags or none (a refusal writes
 * nothing), and `budget-year list` shows the budget years `budget-year create` made, with --json as
 * GET /api/budget-years answers.
 */
describe('budget-cli setup all or nothing, budget-year list', () => {
  const { cli } = useCli('setup-all-or-nothing', { timeout: 150_000 });

  it('refuses a setup whose work group exists, keeping neither the name nor the categories', async () => {
    expect((await cli('setup', '--work-group', 'Unit A')).code).toBe(0);

    const refused = await cli(
      'setup',
      '--district-name',
      'Springfield Public Schools',
      '--demo-categories',
      '--work-group',
      'Nurses',
      '--work-group',
      'unit a',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A work group named unit a already exists');
    expect(refused.stdout).toBe('');

    const status = jsonDocument(await cli('setup', '--json'), 'object');
    const step = (key: string) => status.steps.find((s: { key: string }) => s.key === key);
    expect(step('district')).toMatchObject({ done: false });
    expect(step('categories')).toMatchObject({ done: false, summary: 'No budget categories yet' });
    expect(step('workGroups')).toMatchObject({ done: true, summary: '1 work group' });
    expect((await cli('categories', 'list', '--json')).stdout.trim()).toBe('[]');

    // The same without the refused step: every step is saved.
    const done = await cli(
      'setup',
      '--district-name',
      'Springfield Public Schools',
      '--demo-categories',
      '--work-group',
      'Nurses',
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('[x] District name and logo: Springfield Public Schools, no logo yet');
    expect(done.stdout).toContain('[x] Work groups: 2 work groups');
  }, 120_000);

  it('lists the budget years with the fiscal years each plans', async () => {
    const none = await cli('budget-year', 'list');
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toBe('(none)\n');

    const made = await cli(
      'budget-year',
      'create',
      'FY28',
      '--fiscal-years',
      'FY27-FY32',
      '--current',
      'FY28',
    );
    expect(made.code, made.stderr).toBe(0);
    // A budget year of one fiscal year: listed as that year (it read 'FY33-FY33').
    expect((await cli('budget-year', 'create', 'FY33', '--fiscal-years', 'FY33')).code).toBe(0);

    const listed = await cli('budget-year', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^1 +FY28 +FY28 Budget +FY27-FY32 +FY28 +none yet$/m);
    expect(listed.stdout).toMatch(/^2 +FY33 +FY33 Budget +FY33 +FY33 +none yet$/m);

    // --json is the API's answer, field for field: no field of the CLI's own, none missing.
    const json = budgetYearsResponse
      .strict()
      .parse(jsonDocument(await cli('budget-year', 'list', '--json'), 'object'));
    expect(json.budgetYears.map((y) => [y.fiscalYear, y.currentFiscalYear])).toEqual([
      ['FY28', 2028],
      ['FY33', 2033],
    ]);
    expect(json.homes.filter((h) => h.budgetYearId === 1).map((h) => h.fiscalYear)).toEqual([
      2027, 2028, 2029, 2030, 2031, 2032,
    ]);
    expect(json.budgetYearsWithLines).toEqual([]);
    expect(json.districtName).toBe('Springfield Public Schools');
  }, 120_000);
});
