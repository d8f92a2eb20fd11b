import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';
import { buildBudgetYear, FIXTURES } from '../test/factories';

const LEDGER = path.join(FIXTURES, 'lunenburg-munis-ytd-fy2023.csv');

/**
 * What a finance officer reads when `ledger import` (and `import`) refuse a --map, and what
 * `nss show` says before the state figures are entered: the flags to type, never the API's fields.
 */
describe('budget-cli ledger refusals name the flags', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('ledger-refusals', { timeout: 150_000 });
    expect((await cli('db', 'migrate')).code).toBe(0);
    const handle = await runner.openDb();
    try {
      await buildBudgetYear(handle.knex, { label: 'FY23', currentFiscalYear: 2023 });
    } finally {
      await handle.close();
    }
  }, 180_000);
  afterAll(async () => {
    await runner?.close();
  });

  it(
    'words a --map naming a column the file lacks, or an unknown field, with --map',
    { timeout: 120_000 },
    async () => {
      const noColumn = await cli(
        'ledger',
        'import',
        LEDGER,
        '--fiscal-year',
        'FY2023',
        '--map',
        'expended=nope',
        '--dry-run',
      );
      expect(noColumn.code).toBe(2);
      expect(noColumn.stderr).toContain("--map expended: The file has no column named 'nope'");
      expect(noColumn.stderr).not.toContain('columnMappings');

      const unknown = await cli(
        'ledger',
        'import',
        LEDGER,
        '--fiscal-year',
        'FY2023',
        '--map',
        'ytd=ytd_expended',
        '--json',
      );
      expect(unknown.code).toBe(2);
      const doc = JSON.parse(unknown.stdout) as { error: string; code: string };
      expect(doc.code).toBe('VALIDATION_FAILED');
      expect(doc.error).toMatch(/^--map ytd: Unknown field for a ledger import/);
      // The fields --map takes, so the next try can be right.
      expect(doc.error).toContain('expended');
      expect(doc.error).toContain('revisedBudget');
      expect(unknown.stderr).not.toContain('columnMappings');

      const payroll = await cli(
        'import',
        LEDGER,
        '--type',
        'proposed',
        '--budget-year',
        'FY23',
        '--map',
        'amount=nope',
        '--dry-run',
      );
      expect(payroll.code).toBe(2);
      expect(payroll.stderr).toContain("--map amount: The file has no column named 'nope'");
      expect(payroll.stderr).not.toContain('columnMappings');
    },
  );

  it('names the --map a required field needs', { timeout: 120_000 }, async () => {
    const res = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023', '--map', 'expended=');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Please map required fields: Expended Year to Date');
    expect(res.stderr).toContain('--map expended=COLUMN');
  });

  it('lists the fields --map takes in its help', { timeout: 120_000 }, async () => {
    const help = await cli('ledger', 'import', '--help');
    expect(help.code).toBe(0);
    for (const field of ['account', 'expended', 'revisedBudget', 'encumbered', 'period']) {
      expect(help.stdout).toContain(field);
    }
  });

  it(
    'prints percent used to one decimal, as the web screen does, and says a second import of the same file replaces the first',
    { timeout: 120_000 },
    async () => {
      const first = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023');
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).not.toContain('imported before');
      const again = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(
        /^This exact file was imported before \(ledger #\d+, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M by budget-cli\): an import replaces the year's ledger, so nothing is counted twice\.$/m,
      );
      const json = JSON.parse(
        (await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023', '--dry-run', '--json')).stdout,
      ) as { previousImports: { id: number }[] };
      expect(json.previousImports.length).toBeGreaterThan(0);

      const table = await cli('ledger', 'report', '--fiscal-year', 'FY2023', '--by', 'function');
      expect(table.code, table.stderr).toBe(0);
      // $2,962,207.45 of $3,219,806.26 is 92.0% (the web's '92.0%', not '92%'); 1420's 100.0%.
      expect(table.stdout).toMatch(/^Total .*\$2,962,207\.45\s+\$0\.00\s+\$257,598\.81\s+92\.0%/m);
      expect(table.stdout).toMatch(/^1420 Human Resources and Benefits .*\s100\.0%\s/m);
    },
  );

  it(
    'names the rule set nss rules reads, and says so when no rule set is in force yet',
    { timeout: 120_000 },
    async () => {
      const fy23 = await cli('nss', 'rules', '--fiscal-year', 'FY2023');
      expect(fy23.code, fy23.stderr).toBe(0);
      expect(fy23.stdout.split('\n')[0]).toBe(
        'NSS inclusion rules in force in FY23: the rule set of FY14; carry-forward limit 5% (G.L. c.70 §11)',
      );
      const fy10 = await cli('nss', 'rules', '--fiscal-year', 'FY2010');
      expect(fy10.code, fy10.stderr).toBe(0);
      expect(fy10.stdout).toBe(
        'No NSS inclusion rule set is in force in FY10: the first one starts later.\n',
      );
    },
  );

  it(
    'says which command enters the state figures the NSS meter waits for',
    { timeout: 120_000 },
    async () => {
      const res = await cli('nss', 'show', '--fiscal-year', 'FY2023');
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain('Enter the state figures to see NSS');
      expect(res.stdout).toContain('budget-cli nss figures set --fiscal-year FY2023');
    },
  );

  it(
    'refuses a pattern that reads none of the accounts in a few words, naming --pattern and the account column',
    { timeout: 120_000 },
    async () => {
      const res = await cli(
        'ledger',
        'import',
        LEDGER,
        '--fiscal-year',
        'FY2023',
        '--pattern',
        'FUND-FUNC-OBJECT',
        '--dry-run',
      );
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('No account can be read by the pattern FUND-FUNC-OBJECT');
      expect(res.stderr).toContain('Check --pattern and the account column (--map account=COLUMN).');
      // Three accounts quote the problem; the other rows are counted, not listed (73 were).
      expect(res.stderr.match(/row \d+: '/g)).toHaveLength(3);
      expect(res.stderr).toMatch(/; and \d+ more\)/);
    },
  );
});
