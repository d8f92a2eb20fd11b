import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSTON_CLI_MAP, rows, SCHOOLS, schoolsFile, SKIP_BOSTON, sum } from '../test/boston-four-schools';
import { exportCents } from '../test/real-files';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * A district set up from the command line on an empty database (no demo): `budget-cli setup`,
 * `budget-year create` and `buildings add`, run as budget-cli. Malformed flags are refused
 * naming the flag, exit 2, and write nothing.
 */
describe('budget-cli setup, budget-year create and buildings add on an empty database', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('setup');
  });
  afterAll(() => runner?.close());

  it('sets a district up step by step, refusing malformed years by flag', { timeout: 300_000 }, async () => {
    expect((await cli('db', 'migrate')).code).toBe(0);
    const empty = await cli('setup');
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('[ ] Budget year and fiscal years: No budget year yet');
    expect(empty.stdout).toContain('Still missing (5):');
    expect(empty.stdout).toContain('budget-cli budget-year create FY28');

    // Every malformed year: a message naming the flag, exit 2, nothing written.
    const refusals: [string[], string][] = [
      [['--fiscal-years', 'FY27-FYX'], '--fiscal-years: FYX is not a fiscal year (write FY28 or 2028)'],
      [['--fiscal-years', 'FY19-FY22'], '--fiscal-years: Choose a fiscal year from FY2020 to FY2034'],
      [['--fiscal-years', 'FY30-FY27'], '--fiscal-years: The last fiscal year comes before the first (FY30)'],
      [['--current', 'soon'], '--current: soon is not a fiscal year (write FY28 or 2028)'],
      [['--current', 'FY33'], '--current: The current fiscal year must be one of its fiscal years'],
    ];
    for (const [flags, message] of refusals) {
      const res = await cli('budget-year', 'create', 'FY28', ...flags);
      expect(res.code, `${flags.join(' ')}: ${res.stderr}`).toBe(2);
      expect(res.stderr).toContain(message);
    }
    const badLabel = await cli('budget-year', 'create', 'FY99');
    expect(badLabel.code).toBe(2);
    expect(badLabel.stderr).toContain('LABEL: Choose a fiscal year from FY2020 to FY2034');
    expect((await cli('setup')).stdout).toContain('No budget year yet');

    const made = await cli(
      'budget-year',
      'create',
      'FY28',
      '--fiscal-years',
      'FY27-FY32',
      '--current',
      'FY28',
      '--json',
    );
    expect(made.code, made.stderr).toBe(0);
    const body = JSON.parse(made.stdout);
    expect(body.budgetYear).toMatchObject({ fiscalYear: 'FY28', currentFiscalYear: 2028 });
    expect(body.fiscalYears).toEqual([2027, 2028, 2029, 2030, 2031, 2032]);
    expect(body.scenarios.map((s: { name: string }) => s.name)).toEqual([
      'FY28 Operating Budget',
      'FY28 Proposed Budget',
    ]);
    const again = await cli('budget-year', 'create', 'FY28');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('LABEL: Budget year FY28 already exists');

    const badCode = await cli('buildings', 'add', 'Curley K-8', '--dese-code', '3500');
    expect(badCode.code).toBe(2);
    expect(badCode.stderr).toContain('--dese-code: DESE school code must be 8 digits, e.g. 00350020');
    const school = await cli(
      'buildings',
      'add',
      'Curley K-8',
      '--code',
      'CUR',
      '--dese-code',
      '00350020',
      '--type',
      'elementary',
    );
    expect(school.code, school.stderr).toBe(0);
    expect(school.stdout).toMatch(/Added building Curley K-8 \(CUR\), id \d+\./);

    const rest = await cli(
      'setup',
      '--district-name',
      'Boston Public Schools',
      '--demo-categories',
      '--work-group',
      'BTU Teachers',
      '--work-group',
      'BTU Paraprofessionals',
    );
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toContain('Saved the district name and logo.');
    expect(rest.stdout).toContain('Added 11 budget categories.');
    expect(rest.stdout).toContain('Added work group BTU Paraprofessionals.');
    expect(rest.stdout).toContain('[x] District name and logo: Boston Public Schools, no logo yet');
    expect(rest.stdout).toContain('[x] Buildings: 1 building');
    expect(rest.stdout).toContain('[x] Budget year and fiscal years: FY28 (FY27 to FY32, current FY28)');
    expect(rest.stdout).toContain('[x] Work groups: 2 work groups');
    expect(rest.stdout).toContain('Setup complete.');

    // The import now finds the budget year it used to refuse ('No budget year FY28 (there are: none)').
    const budgets = await cli('budgets', 'list', '--budget-year', 'FY28', '--json');
    expect(budgets.code, budgets.stderr).toBe(0);
    expect(JSON.parse(budgets.stdout).map((s: { isActive: boolean }) => s.isActive)).toEqual([true, true]);
  });

  it.skipIf(SKIP_BOSTON)(
    'a district set up by the CLI imports the real Boston payroll into its new budget year',
    { timeout: 300_000 },
    async () => {
      for (const school of SCHOOLS) {
        if (school !== 'Curley K-8') {
          expect((await cli('buildings', 'add', school)).code).toBe(0);
        }
      }
      const file = path.join(runner.dataDir, 'boston-four-schools.csv');
      writeFileSync(file, schoolsFile);
      const res = await cli(
        'import',
        file,
        '--type',
        'operating',
        '--budget-year',
        'FY28',
        '--version',
        'FY28 Draft',
        ...BOSTON_CLI_MAP,
        '--json',
      );
      expect(res.code, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout)).toMatchObject({ imported: 744, skipped: 0, fiscalYears: [2028] });
      // What the database holds, summed in SQL and read as text, against the file's own cents.
      const handle = await runner.openDb();
      try {
        const [row] = await handle
          .knex('line_items as li')
          .join('budget_years as b', 'b.id', 'li.budget_year_id')
          .where({ 'b.fiscal_year': 'FY28', 'li.fiscal_year': 2028, 'li.is_operating': true })
          .select(
            handle.knex.raw('count(*)::int as n'),
            handle.knex.raw('sum(li.current_salary)::text as total'),
            handle.knex.raw('count(li.building_id)::int as placed'),
          );
        expect(row.n).toBe(rows.length);
        expect(exportCents(row.total)).toBe(sum(rows));
        expect(exportCents(row.total)).toBe(6_375_048_342n);
        // Every row's school is one of the buildings added by name.
        expect(row.placed).toBe(744);
      } finally {
        await handle.close();
      }
    },
  );
});

/**
 * A new install whose first command is `budget-cli setup` (README, Starting your own district): the
 * CLI migrates as the server does on start, and nothing more (no demo district, no admin). A blank
 * district name is refused as the setup screen refuses it, before anything is written.
 */
describe('budget-cli setup on a database nothing has migrated', () => {
  let fresh: CliRunner;
  let other: CliRunner | undefined;

  beforeAll(async () => {
    fresh = await createCliRunner('setup-unmigrated');
  });
  afterAll(() => Promise.all([fresh?.close(), other?.close()]));

  it(
    'brings the schema up to date on the first setup, then only reads it',
    { timeout: 300_000 },
    async () => {
      // Help opens no database (on PGlite, not even its folder).
      expect((await fresh.cli('--help')).code).toBe(0);
      expect(existsSync(path.join(fresh.dataDir, 'pgdata'))).toBe(false);

      const first = await fresh.cli('setup');
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toMatch(/^Applied \d+ migration\(s\) to bring the database up to date\.\n$/);
      expect(first.stdout).toContain('[ ] District name and logo: No district name yet');
      expect(first.stdout).toContain('Still missing (5):');

      const again = await fresh.cli('setup');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toBe('');
      expect((await fresh.cli('db', 'migrate')).stdout).toBe('Already up to date.\n');
      // Only the schema: no demo district, no first admin.
      const handle = await fresh.openDb();
      try {
        const count = async (table: string) => Number((await handle.knex(table).count({ n: '*' }))[0].n);
        expect({ users: await count('users'), buildings: await count('buildings') }).toEqual({
          users: 0,
          buildings: 0,
        });
      } finally {
        await handle.close();
      }
    },
  );

  it(
    'refuses an empty or blank district name, exits 2 and keeps the saved one',
    { timeout: 300_000 },
    async () => {
      const named = await fresh.cli('setup', '--district-name', 'Springfield Public Schools');
      expect(named.code, named.stderr).toBe(0);
      for (const blank of ['', '   ']) {
        const res = await fresh.cli('setup', '--district-name', blank, '--work-group', 'Unit A');
        expect(res.code, `"${blank}"`).toBe(2);
        expect(res.stderr).toContain('--district-name: Enter the district’s name');
        expect(res.stdout).toBe('');
      }
      const status = await fresh.cli('setup');
      expect(status.stdout).toContain('[x] District name and logo: Springfield Public Schools');
      // The work group named beside the blank name was not added either.
      expect(status.stdout).toContain('[ ] Work groups:');
    },
  );

  it('creates a budget year as the first command on an empty database', { timeout: 300_000 }, async () => {
    other = await createCliRunner('budget-year-unmigrated');
    const made = await other.cli('budget-year', 'create', 'FY28');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Created budget year FY28 \(id \d+\)/);
    expect((await other.cli('setup')).stdout).toContain('[x] Budget year and fiscal years: FY28');
  });
});
