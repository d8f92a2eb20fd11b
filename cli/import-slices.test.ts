import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@shared/day-words';
import { createCliRunner, type CliRunner } from '../test/cli';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const VERSION = "FY26 Superintendent's Preliminary";

/**
 * budget-cli import of the slices in fixtures/import into the demo district, in a database of its
 * own (PGlite in a temporary DATA_DIR, or a fresh database on TEST_DATABASE_URL's server): the
 * Boston payroll with its summary, progress and duplicate warning, and the version a ledger slice
 * is imported to. Flags, refusals and the real files whole are in cli/import.test.ts.
 */
describe('budget-cli import of the fixture slices', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);
  const json = (stdout: string) => JSON.parse(stdout) as Record<string, any>;

  beforeAll(async () => {
    runner = await createCliRunner('import-slices', { timeout: 240_000 });
    expect((await cli('db', 'seed', '--demo')).code).toBe(0);
  }, 240_000);
  afterAll(() => runner?.close());

  it(
    'imports the Boston payroll slice, with a mapping override, a summary and plain progress lines',
    { timeout: 120_000 },
    async () => {
      const file = path.join(FIXTURES, 'boston-earnings-2024.csv');
      const dry = await cli(
        'import',
        file,
        '--type',
        'operating',
        '--budget-year',
        'FY26',
        '--version',
        VERSION,
        '--dry-run',
      );
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('Dry run (nothing saved): would import 30 of 30 rows into FY26');
      // The reconciliation of the mapped salary column (the slice's REGULAR has no negatives).
      expect(dry.stdout).toMatch(
        /Reconciliation of REGULAR \(currentSalary\):\n {2}File sum: {5}\$[\d,]+\.\d\d/,
      );
      expect(dry.stdout).toContain('Balanced: file sum = stored sum + differences, to the cent.');
      // The rule's flags are a share of the rows, not a third group beside computed and kept: the
      // summary read '6,845 by the automatic rule, ... 24,417 flagged for review' of 25,530 rows.
      // It says it in the web result's words (shared/import-words.ts).
      expect(dry.stdout).toMatch(
        /\nNext-year salaries: [\d,]+ computed by the automatic rule, [\d,]+ kept from the file\.( Of the 30 rows, the rule flags [\d,]+ for review: no work group, so none computed, or computed at 0% COLA\.)?\n/,
      );
      expect(dry.stdout).not.toContain('flagged for review');
      // The demo's own FY26 employees stay: the file's join them, and the summary says so.
      expect(dry.stdout).toMatch(
        /\nNote: FY26 already has [1-9][\d,]* employees \(\$[\d,]+\): these 30 rows are added to them, not in their place\.\n/,
      );
      // Two projected lines of the version's fiscal year, which the imported payroll supersedes.
      const db = await runner.openDb();
      try {
        const version = await db.knex('budget_versions').where({ label: VERSION }).first();
        const budgetYear = await db.knex('budget_years').where({ fiscal_year: 'FY26' }).first();
        const projected = {
          budget_year_id: budgetYear.id,
          fiscal_year: version.fiscal_year,
          is_operating: true,
        };
        await db.knex('line_items').insert([
          { ...projected, is_projected: true, last_name: 'Projected A', current_salary: 1 },
          { ...projected, is_projected: true, last_name: 'Projected B', current_salary: 2 },
        ]);
      } finally {
        await db.close();
      }
      const res = await cli(
        'import',
        file,
        '--type',
        'operating',
        '--budget-year',
        'fy26',
        '--version',
        VERSION.toUpperCase(),
        '--map',
        'currentSalary=TOTAL GROSS',
        '--note-column',
        'POSTAL',
      );
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toMatch(/currentSalary\s+<- TOTAL GROSS/);
      expect(res.stdout).toMatch(/Imported 30 of 30 rows into FY26 \(import run \d+\)/);
      expect(res.stdout).toContain('Total: $7,090,415.81; fiscal year(s): FY26');
      expect(res.stdout).toContain(
        'Replaced 2 projected line(s) of FY26: imported lines supersede projections.',
      );
      // Not a terminal: progress comes as plain lines on stderr.
      expect(res.stderr).toContain('Read 100% (30 rows)');
      // Every imported person holds a position: the vacancies filled and the new ones, as counted
      // from the tables.
      const runId = Number(/import run (\d+)/.exec(res.stdout)?.[1]);
      const held = await runner.openDb();
      try {
        const counted = await held
          .knex('position_holders as h')
          .join('line_items as li', 'li.id', 'h.line_item_id')
          .where('li.import_run_id', runId)
          .count({ n: '*' })
          .first();
        const n = Number(counted?.n);
        const [, filled, created] =
          /Positions: (\d+) vacanc(?:y|ies) filled by newcomers, (\d+) new\./.exec(res.stdout) ?? [];
        expect(Number(filled) + Number(created)).toBe(n);
        expect(n).toBe(30);
      } finally {
        await held.close();
      }
    },
  );

  it(
    'counts the last row in its progress, and refuses the same file into the same year without --again',
    { timeout: 120_000 },
    async () => {
      // A file whose last line has no line break (the real Boston file) read
      // 'Read 100% (25,529 rows)' and then imported 25,530: the last row comes after the last bytes.
      const file = path.join(runner.dataDir, 'boston-no-final-newline.csv');
      writeFileSync(file, readFileSync(path.join(FIXTURES, 'boston-earnings-2024.csv'), 'utf8').trimEnd());
      const args = ['import', file, '--type', 'operating', '--budget-year', 'FY26', '--version', VERSION];
      const dry = await cli(...args, '--dry-run');
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain('would import 30 of 30 rows');
      expect(dry.stderr).toContain('Read 100% (30 rows)');
      expect(dry.stderr).not.toContain('Read 100% (29 rows)');
      expect(dry.stderr).not.toContain('Warning');

      // The 'imported before' notice, as a warning line and in --json.
      const first = await cli(...args, '--json');
      expect(first.code, first.stderr).toBe(0);
      expect(json(first.stdout).duplicateOf).toBeNull();
      const again = await cli(...args, '--dry-run', '--json');
      expect(again.code, again.stderr).toBe(0);
      const runId = json(first.stdout).importRunId as number;
      expect(json(again.stdout).duplicateOf).toMatchObject({
        id: runId,
        importedCount: 30,
        budgetYear: 'FY26',
      });
      const when = formatDateTime(json(again.stdout).duplicateOf.createdAt as string);
      const words = `This file was imported into FY26 on ${when} by budget-cli (30 lines); importing it again adds them a second time.`;
      expect(again.stderr).toContain(`Warning: ${words}`);

      // The import itself is refused, nothing written, until --again says so.
      const lines = async () => {
        const db = await runner.openDb();
        try {
          return Number((await db.knex('line_items').count({ n: '*' }).first())?.n);
        } finally {
          await db.close();
        }
      };
      const before = await lines();
      const refused = await cli(...args);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`${words} Add --again to import it anyway.`);
      expect(await lines()).toBe(before);
      const repeated = await cli(...args, '--again');
      expect(repeated.code, repeated.stderr).toBe(0);
      expect(repeated.stderr).toContain(`Warning: ${words}`);
      expect(await lines()).toBe(before + 30);
    },
  );

  it(
    'says an amount column of text is mapped but unreadable, not unmapped',
    { timeout: 60_000 },
    async () => {
      const file = path.join(runner.dataDir, 'tbd-budget.csv');
      writeFileSync(file, 'Account Description,Function,Budget\nSupplies,2330,TBD\nBooks,2410,TBD\n');
      const res = await cli('import', file, '--type', 'proposed', '--budget-year', 'FY26', '--dry-run');
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain(
        'Amount is mapped to column "Budget", but its values are not amounts (row 2: "TBD")',
      );
      expect(res.stderr).not.toContain('Please map required fields');
      // So is a payroll's Next Year Salary column of text, in the same words.
      const payroll = path.join(runner.dataDir, 'tbd-next-year.csv');
      writeFileSync(payroll, 'Employee Name,Title,Salary,Next Year\n"Lee, Ana",Teacher,"61,000",TBD\n');
      const next = await cli(
        'import',
        payroll,
        '--type',
        'operating',
        '--budget-year',
        'FY26',
        '--map',
        'nextYearSalary=Next Year',
        '--dry-run',
      );
      expect(next.code).not.toBe(0);
      expect(next.stderr).toContain(
        'Next Year Salary is mapped to column "Next Year", but its values are not amounts (row 2: "TBD")',
      );
    },
  );

  it('finds or creates the version, and prints JSON', { timeout: 120_000 }, async () => {
    const file = path.join(FIXTURES, 'lunenburg-munis-ytd-fy2023.csv');
    // A dry run writes nothing, not even the version it would create.
    const dry = await cli(
      'import',
      file,
      '--type',
      'proposed',
      '--budget-year',
      'FY26',
      '--version',
      'Town Meeting',
      '--create-version',
      '--dry-run',
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('would import 73 of 73 rows into FY26, new version "Town Meeting"');
    const unknown = await cli(
      'import',
      file,
      '--type',
      'proposed',
      '--budget-year',
      'FY26',
      '--version',
      'Town Meeting',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No version labelled "Town Meeting" for FY26 (there are: ');
    expect(unknown.stderr).toContain(`"${VERSION}"`);
    const created = await cli(
      'import',
      file,
      '--type',
      'proposed',
      '--budget-year',
      'FY26',
      '--version',
      'Town Meeting',
      '--create-version',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const result = json(created.stdout);
    expect(result).toMatchObject({ imported: 73, skipped: 0, fiscalYears: [2023], dryRun: false });
    expect(result.columnMappings).toMatchObject({ accountLine: 'account', amount: 'revised_budget' });
    expect(created.stderr).toBe('');
    // A new version whose label names another fiscal year than its lines would get is refused...
    const slip = await cli(
      'import',
      file,
      '--type',
      'proposed',
      '--budget-year',
      'FY26',
      '--version',
      'FY28 Preliminary',
      '--create-version',
      '--dry-run',
    );
    expect(slip.code).toBe(2);
    expect(slip.stderr).toContain('names FY28 but would hold FY26 lines: add --version-fiscal-year FY28');
    // ...and --version-fiscal-year chooses the year it holds (the same file into FY26 again: --again).
    const chosen = await cli(
      'import',
      file,
      '--type',
      'proposed',
      '--budget-year',
      'FY26',
      '--version',
      'FY28 Preliminary',
      '--create-version',
      '--version-fiscal-year',
      'FY28',
      '--again',
      '--json',
    );
    expect(chosen.code, chosen.stderr).toBe(0);
    const version = await runner.openDb().then(async (h) => {
      try {
        return await h.knex('budget_versions').where({ label: 'FY28 Preliminary' }).first('fiscal_year');
      } finally {
        await h.close();
      }
    });
    expect(version).toEqual({ fiscal_year: 2028 });
  });
});
