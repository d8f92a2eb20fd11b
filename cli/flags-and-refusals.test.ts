import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { buildBudgetYear, FIXTURES } from '../test/factories';

const LEDGER = path.join(FIXTURES, 'lunenburg-munis-ytd-fy2023.csv');
const BOSTON = path.join(FIXTURES, 'boston-earnings-2024.csv');
const VERSION = "FY26 Superintendent's Preliminary";

/**
 * Through budget-cli on the demo district: dollar flags read as people type them, refusals
 * naming the flag typed, --json refusals of the arguments as JSON, a report of a year without a
 * budget refused, the ledger's year checked and its dry run worded as one, and the import's text
 * summary with the counts --json has.
 */
describe('budget-cli flags and refusals', () => {
  let runner: CliRunner;
  let tmp: string;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('flags', { timeout: 240_000 });
    tmp = mkdtempSync(path.join(tmpdir(), 'flags-cli-'));
    expect((await cli('db', 'seed', '--demo')).code).toBe(0);
    const handle = await runner.openDb();
    try {
      await buildBudgetYear(handle.knex, { label: 'FY23', currentFiscalYear: 2023 });
    } finally {
      await handle.close();
    }
  }, 240_000);
  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await runner?.close();
  });

  it(
    'rif reads --town-funding as other dollar flags do, and refuses junk by the flag',
    { timeout: 120_000 },
    async () => {
      // 76,500,000 dollars = 7,650,000,000 cents, whatever way it is written.
      const expected = Number(7_650_000_000n / 100n);
      for (const typed of ['76500000', '76,500,000', '$76,500,000.00']) {
        const res = jsonDocument(
          await cli('rif', '--fiscal-year', 'FY27', '--town-funding', typed, '--json'),
          'object',
        );
        expect(res.townFundingAmount, typed).toBe(expected);
      }
      const junk = await cli('rif', '--fiscal-year', 'FY27', '--town-funding', 'lots');
      expect(junk.code).toBe(2);
      expect(junk.stderr).toContain('--town-funding: ');
      expect(junk.stderr).not.toContain('townFundingAmount');
      const goal = await cli('town-goals', 'set', '--fiscal-year', 'FY27', '--dollar', 'lots');
      expect(goal.code).toBe(2);
      expect(goal.stderr).toContain('--dollar: ');
      // A year that is none is refused naming --fiscal-year, never a flag that does not exist.
      const year = await cli('rif', '--fiscal-year', 'soon', '--town-funding', '1');
      expect([year.code, year.stderr]).toEqual([
        2,
        'Error [VALIDATION_FAILED]: Invalid input:\n  --fiscal-year: Invalid fiscal year: soon\n',
      ]);
    },
  );

  it(
    'answers an unknown option under --json with a JSON refusal, not the help',
    { timeout: 60_000 },
    async () => {
      const res = await cli('dese', 'report', '--bogus', '--json');
      expect(res.code).toBe(2);
      expect(JSON.parse(res.stdout)).toEqual({
        error: "Unknown option '--bogus'",
        code: 'VALIDATION_FAILED',
      });
      expect(res.stderr).not.toContain('Usage:');
      // Without --json the person still gets the help after the error.
      const plain = await cli('dese', 'report', '--bogus');
      expect(plain.code).toBe(2);
      expect(plain.stderr).toContain("unknown option '--bogus'");
      expect(plain.stderr).toContain('Usage:');
    },
  );

  it(
    'refuses a DESE report of a fiscal year the budget year has no lines for',
    { timeout: 60_000 },
    async () => {
      const res = await cli('dese', 'report', '--fiscal-year', 'FY2099');
      expect(res.code).toBe(1);
      expect(res.stdout).toBe('');
      expect(res.stderr).toMatch(/Budget year FY\d+ has no budget lines for FY99: nothing to report/);
      const json = await cli('dese', 'report', '--fiscal-year', 'FY2099', '--json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it(
    "names the flag in a service's refusal, checks the ledger's year, and words its dry run as one",
    { timeout: 180_000 },
    async () => {
      const noYear = await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2031');
      expect(noYear.code).toBe(2);
      expect(noYear.stderr).toContain('--fiscal-year: FY31 does not exist');
      expect(noYear.stderr).not.toContain('fiscalYear:');
      // The export as MUNIS names it, without its fiscal year column: its name says FY2023.
      const named = path.join(tmp, 'glytdbud-expense-fy2023-p13-gf-school.csv');
      copyFileSync(LEDGER, named);
      const wrong = await cli('ledger', 'import', named, '--fiscal-year', 'FY2026', '--map', 'fiscalYear=');
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain("The file's name says FY23");
      expect(wrong.stderr).toContain('not FY26');
      const first = await cli('ledger', 'import', named, '--fiscal-year', 'FY2023', '--map', 'fiscalYear=');
      expect(first.code, first.stderr).toBe(0);
      const ledgerId = /Imported ledger #(\d+)/.exec(first.stdout)?.[1];
      expect(ledgerId).toBeDefined();
      const dry = await cli('ledger', 'import', named, '--fiscal-year', 'FY2023', '--dry-run');
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain(`Would replace ledger #${ledgerId} (period 13,`);
      expect(dry.stdout).not.toContain('Replaced ledger');
    },
  );

  it(
    'prints the next-year salary, crosswalk and review counts --json has',
    { timeout: 180_000 },
    async () => {
      const args = ['import', BOSTON, '--type', 'operating', '--budget-year', 'FY26', '--version', VERSION];
      const json = jsonDocument(await cli(...args, '--dry-run', '--json'), 'object');
      const text = await cli(...args, '--dry-run');
      expect(text.code, text.stderr).toBe(0);
      const n = json.nextYearSalaries;
      expect(n.automatic + n.manual + n.flagged).toBeGreaterThan(0);
      // The wizard's sentence: the rule's flagged rows are a share of the rows, not a third group.
      expect(text.stdout).toContain(
        `Next-year salaries: ${n.automatic} computed by the automatic rule, ${n.manual} kept from the file. ` +
          `Of the ${json.imported} rows, the rule flags ${n.flagged} for review:`,
      );
      const c = json.crosswalk;
      expect(c).toBeDefined();
      expect(text.stdout).toContain(
        `Position crosswalk (${c.rules} rule(s)): ${c.matchedRows} row(s) matched, ${c.unmatchedRows} matched no rule;`,
      );
      expect(json.reviewCount).toBeGreaterThan(0);
      expect(text.stdout).toContain(
        `Marked for review: ${json.reviewCount} line(s) would be on the Data Quality list.`,
      );
    },
  );

  it(
    'names a stored crosswalk rule the import leaves out because its pattern is no longer accepted',
    { timeout: 180_000 },
    async () => {
      // Saved when JavaScript's engine ran the rules: RE2 has no backreferences.
      const handle = await runner.openDb();
      try {
        await handle
          .knex('position_crosswalk_rules')
          .insert({ match_type: 'regex', pattern: '^(a)\\1', dese_code: '2330' });
      } finally {
        await handle.close();
      }
      const args = [
        'import',
        BOSTON,
        '--type',
        'operating',
        '--budget-year',
        'FY26',
        '--version',
        VERSION,
        '--dry-run',
      ];
      const json = jsonDocument(await cli(...args, '--json'), 'object');
      expect(json.crosswalk.unusableRules).toHaveLength(1);
      const text = await cli(...args);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toContain(
        `Rule left out (its pattern is no longer accepted): ${json.crosswalk.unusableRules[0].message}`,
      );
      expect(text.stdout).toContain("'^(a)\\1'");
    },
  );
});
