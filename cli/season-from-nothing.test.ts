import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSTON_CLI_MAP, rows, SCHOOLS, schoolsFile, SKIP_BOSTON, sum } from '../test/boston-four-schools';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { exportCents } from '../test/real-files';
import { LEDGER_FILE, parseFixture, sumOf } from '../test/worlds/ledger.suite';

/**
 * A whole season for a district that starts from nothing, through the command line alone
 * (budget-cli on an empty database, SEED_DEMO=0): `setup`, `buildings add` with DESE school codes,
 * `budget-year create`, the real Boston payroll of four schools (744 rows, $63,750,483.42) as
 * FY2025's operating budget, two proposed lines, DESE codes (rules, and `dese set-code`), the
 * Lunenburg ledger slice as FY2023's actuals (the repository's copy is ../shared's slice byte for
 * byte: ledger-import.test.ts), the stages up to Town Appropriated, Publish, then the roll forward
 * into FY2026 (dry run, then real, --json). Every expected figure is summed here in integer cents
 * from the files (the payroll by test/boston-four-schools.ts's own parser), never by the code
 * under test.
 */

/** DESE school codes of the four schools (eight digits: district 0035, then the school). */
const DESE: Record<string, string> = {
  'Curley K-8': '00350020',
  'Boston Latin': '00350560',
  'Condon K-8': '00350146',
  'Charlestown High': '00350515',
};
/** The proposed budget: two lines by account, their amounts as exact text. */
const PROPOSED = [
  { account: '1000-300-2410-5420', description: 'Textbooks', amount: '125000.10' },
  { account: '1000-300-3300-5330', description: 'Bus contract', amount: '402311.55' },
];
const proposedCents = PROPOSED.reduce((n, p) => n + exportCents(p.amount), 0n);

describe.skipIf(SKIP_BOSTON)('a season from an empty install, through the CLI', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);
  /** Runs a command that must succeed; its stdout. */
  const ok = async (...args: string[]) => {
    const res = await cli(...args);
    expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(0);
    return res.stdout;
  };
  /** A read of the CLI's database from the test (closed at once: PGlite allows one process). */
  const query = async <T>(sql: string): Promise<T[]> => {
    const handle = await runner.openDb();
    try {
      return (await handle.knex.raw(sql)).rows as T[];
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    runner = await createCliRunner('season');
  });
  afterAll(() => runner?.close());

  it(
    'sets the district up and imports its payroll, proposed lines and ledger',
    { timeout: 600_000 },
    async () => {
      await ok('db', 'migrate');
      expect(await query('SELECT id FROM budget_years')).toEqual([]);
      for (const school of SCHOOLS) {
        await ok('buildings', 'add', school, '--dese-code', DESE[school]);
      }
      await ok('budget-year', 'create', 'FY25', '--fiscal-years', 'FY23-FY27', '--current', 'FY25');
      const setup = await ok(
        'setup',
        '--district-name',
        'Boston Public Schools',
        '--demo-categories',
        '--work-group',
        'BTU Teachers',
      );
      expect(setup).toContain('Setup complete.');
      const buildings = await query<{ name: string; dese_school_code: string }>(
        'SELECT name, dese_school_code FROM buildings ORDER BY id',
      );
      expect(Object.fromEntries(buildings.map((b) => [b.name, b.dese_school_code]))).toEqual(DESE);

      const payroll = path.join(runner.dataDir, 'boston-four-schools.csv');
      writeFileSync(payroll, schoolsFile);
      const imported = jsonDocument(
        await cli(
          'import',
          payroll,
          '--type',
          'operating',
          '--budget-year',
          'FY25',
          '--version',
          'FY25 Draft',
          ...BOSTON_CLI_MAP,
          '--json',
        ),
        'object',
      );
      expect(imported).toMatchObject({ imported: 744, skipped: 0, fiscalYears: [2025] });

      const proposed = path.join(runner.dataDir, 'proposed.csv');
      writeFileSync(
        proposed,
        [
          'Account,Description,Amount',
          ...PROPOSED.map((p) => `${p.account},${p.description},${p.amount}`),
        ].join('\n'),
      );
      const planned = jsonDocument(
        await cli(
          'import',
          proposed,
          '--type',
          'proposed',
          '--budget-year',
          'FY25',
          '--version',
          'FY25 Draft',
          '--json',
        ),
        'object',
      );
      expect(planned).toMatchObject({ imported: 2, fiscalYears: [2025] });

      // Every dollar carries a DESE function code before adoption: the payroll is instruction (2305),
      // the textbooks 2410 and the buses 3300, by rules the district keeps for next year too.
      await ok('dese', 'rule-add', '--kind', 'account', '--match', '*-2410-*', '--code', '2410');
      await ok('dese', 'rule-add', '--kind', 'account', '--match', '*-3300-*', '--code', '3300');
      await ok('dese', 'apply-rules', '--budget-year', 'FY25', '--fiscal-year', 'FY2025');
      const coded = await ok(
        'dese',
        'set-code',
        '--fiscal-year',
        'FY2025',
        '--type',
        'operating',
        '--code',
        '2305',
      );
      expect(coded).toBe('Gave 744 lines of FY25 function code 2305\n');
      // Refused, nothing written: a code that is not a code, and a year with nothing left to code.
      const malformed = await cli('dese', 'set-code', '--fiscal-year', 'FY2025', '--code', '23x5');
      expect(malformed.code).toBe(2);
      expect(malformed.stderr).toContain('--code');
      const again = await cli('dese', 'set-code', '--fiscal-year', 'FY2025', '--code', '2210');
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Every line of FY25 in budget year FY25 has a function code already');
      const uncoded = await query<{ n: number }>(
        'SELECT count(*)::int AS n FROM line_items WHERE fiscal_year = 2025 AND dese_code IS NULL',
      );
      expect(uncoded[0].n).toBe(0);

      const ledger = jsonDocument(
        await cli('ledger', 'import', LEDGER_FILE, '--fiscal-year', 'FY2023', '--json'),
        'object',
      );
      expect(ledger.fiscalYear).toBe(2023);
      const accounts = await query<{ expended: string }>(
        'SELECT expended::text AS expended FROM ledger_accounts WHERE fiscal_year = 2023',
      );
      const fixture = parseFixture();
      expect(accounts.reduce((n, a) => n + exportCents(a.expended ?? '0'), 0n)).toBe(
        sumOf(fixture, (r) => r.expended),
      );

      // What the database holds, summed in SQL and read as text, against the file's own cents.
      const stored = await query<{ n: number; total: string }>(
        `SELECT count(*)::int AS n, sum(current_salary)::text AS total FROM line_items
        WHERE fiscal_year = 2025 AND is_operating`,
      );
      expect(stored[0].n).toBe(rows.length);
      expect(exportCents(stored[0].total)).toBe(sum(rows));
      expect(sum(rows)).toBe(6_375_048_342n);
    },
  );

  it(
    'adopts and appropriates FY2025, and publishes it for residents to the cent',
    { timeout: 300_000 },
    async () => {
      for (const [stage, date] of [
        ['SUPERINTENDENT_RECOMMENDED', '2025-02-10'],
        ['SCHOOL_COMMITTEE_ADOPTED', '2025-03-12'],
        ['TOWN_APPROPRIATED', '2025-05-05'],
      ]) {
        await ok('stage', 'advance', '--fiscal-year', 'FY2025', '--stage', stage, '--date', date);
      }
      const published = jsonDocument(
        await cli('publish', '--years', '2025', '--url-path', 'boston', '--json'),
        'object',
      );
      expect(published.publishedYears).toEqual([2025]);
      expect(published.sources).toEqual([
        expect.objectContaining({ fiscalYear: 2025, budgetYearLabel: 'FY25' }),
      ]);
      // Residents read the appropriated proposed budget: the snapshot Publish stored, as text.
      const snapshot = await query<{ stage: string; total: string }>(
        `SELECT data ->> 'stageLabel' AS stage, data ->> 'totalBudget' AS total
         FROM public_dashboard_snapshots WHERE fiscal_year = 2025`,
      );
      expect(snapshot[0].stage).toBe('Town Appropriated');
      expect(exportCents(snapshot[0].total)).toBe(proposedCents);
    },
  );

  it(
    'rolls FY2025 forward into FY2026: the dry run and the real one carry the file to the cent',
    { timeout: 300_000 },
    async () => {
      const dry = jsonDocument(
        await cli('budget-year', 'roll-forward', '--from', 'FY2025', '--dry-run', '--json'),
        'object',
      );
      expect(dry.dryRun).toBe(true);
      expect(await query('SELECT id FROM line_items WHERE fiscal_year = 2026')).toEqual([]);
      const real = jsonDocument(
        await cli('budget-year', 'roll-forward', '--from', 'FY2025', '--json'),
        'object',
      );
      expect(real.dryRun).toBe(false);
      expect(real.warning).toBeNull();
      // No work group was mapped, so nobody has a next-year salary: each person's FY2025 pay (the
      // file's REGULAR) carries over; every Boston row is Active (the file has no status).
      for (const res of [dry, real]) {
        expect(res.from).toMatchObject({ fiscalYear: 2025, budgetYear: 'FY25', stage: 'TOWN_APPROPRIATED' });
        expect(res.to).toMatchObject({ fiscalYear: 2026, budgetYear: 'FY25', createsBudgetYear: false });
        expect(res.totals).toMatchObject({ employeesCarried: 744, employeesLeftOut: 0, proposedCarried: 2 });
        expect(exportCents(res.totals.operatingTotal.toFixed(2))).toBe(sum(rows));
        expect(exportCents(res.totals.proposedTotal.toFixed(2))).toBe(proposedCents);
      }
      const rolled = await query<{ is_operating: boolean; n: number; salaries: string; amounts: string }>(
        `SELECT is_operating, count(*)::int AS n, sum(current_salary)::text AS salaries, sum(amount)::text AS amounts
         FROM line_items WHERE fiscal_year = 2026 GROUP BY is_operating ORDER BY is_operating`,
      );
      expect(rolled.map((r) => r.n)).toEqual([2, 744]);
      expect(exportCents(rolled[0].amounts)).toBe(proposedCents);
      expect(exportCents(rolled[1].salaries)).toBe(sum(rows));
    },
  );
});
