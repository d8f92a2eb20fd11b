import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCli } from '../test/use-cli';
import { buildBudgetYear, buildScenario, insertProposed } from '../test/factories';

/** `dese report|unmapped|rule-add|rules|apply-rules`, through budget-cli. */
describe('budget-cli dese', () => {
  let out: string;
  const year = ['--budget-year', 'FY27', '--fiscal-year', 'FY2027'];

  const { cli } = useCli('dese', {
    timeout: 150_000,
    seed: async (knex) => {
      const id = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      const scenarioId = await buildScenario(knex, id, 'proposed', true, 'Proposed');
      const line = (amount: string, accountLine: string, code: string | null) => ({
        budgetYearId: id,
        scenarioId,
        fiscalYear: 2027,
        amount,
        accountLine,
        columns: { dese_code: code },
      });
      await insertProposed(knex, [
        line('2500000.25', '0100-3-300-2305-03-2-10-1-511001', '2305'),
        line('125000.50', '0100-3-300-4220-01-1-74-2-535006', '4220'),
        line('7300.01', '0100-3-300-0300-99-0-99-4-517006', null),
      ]);
      await knex('funds').insert([
        { name: 'Title I', code: '2401', kind: 'federal_grant', counts_toward_nss: false },
        { name: 'IDEA', code: '2402', kind: 'federal_grant', counts_toward_nss: false },
      ]);
    },
  });
  beforeAll(() => {
    out = mkdtempSync(path.join(tmpdir(), 'dese-cli-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it(
    'reports the unmapped line, codes it by a rule, and writes the report as JSON and Excel',
    { timeout: 300_000 },
    async () => {
      const unmapped = await cli('dese', 'unmapped', ...year);
      expect(unmapped.stdout).toBe('FY27: $7,300.01 in 1 line has no function code\n');
      const bad = await cli('dese', 'rule-add', '--kind', 'account', '--match', '0100#*', '--code', '1230');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("'0100#*'");
      const added = await cli(
        'dese',
        'rule-add',
        '--kind',
        'account',
        '--match',
        '0100-3-300-0300-*',
        '--code',
        '1230',
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toMatch(
        /Rule \d+: Account matches 0100-3-300-0300-\* → 1230 Other District-Wide Administration \(1 line\)/,
      );
      const applied = await cli('dese', 'apply-rules', ...year, '--json');
      expect(JSON.parse(applied.stdout)).toMatchObject({ updated: 1, dryRun: false });

      const json = await cli('dese', 'report', ...year, '--json');
      expect(json.code, json.stderr).toBe(0);
      const report = JSON.parse(json.stdout);
      expect(report.totals).toMatchObject({ total: 2632300.76, lineCount: 3 });
      expect(report.unmapped.lineCount).toBe(0);
      expect(report.dashboard.proposedBudget).toBe(2632300.76);

      const text = await cli('dese', 'report', ...year);
      expect(text.stdout).toContain('Total budget');
      expect(text.stdout).toContain('$2,632,300.76');
      const file = path.join(out, 'dese.xlsx');
      const xlsx = await cli('dese', 'report', ...year, '--xlsx', file);
      expect(xlsx.code, xlsx.stderr).toBe(0);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync(file) as unknown as ExcelJS.Buffer);
      expect(book.worksheets.map((s) => s.name)).toEqual(['Schedule 19', 'By function', 'NSS']);
    },
  );

  it(
    'adds a rule naming a fund by its code, refuses an unknown code, and applies it',
    { timeout: 120_000 },
    async () => {
      const RULE = ['--kind', 'account', '--match', '0100-3-300-4220-*', '--code', '4220'];
      const unknown = await cli('dese', 'rule-add', ...RULE, '--fund', 'NOPE');
      expect(unknown.code).not.toBe(0);
      expect(unknown.stderr).toContain("--fund: no fund has the code 'NOPE'");
      const added = await cli('dese', 'rule-add', ...RULE, '--fund', '2401');
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toMatch(/→ 4220 .*, paid by Title I \(1 line\)/);
      const applied = await cli('dese', 'apply-rules', ...year);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toContain('Gave 1 lines on the general fund the fund a rule names');
      // A budget file's line under the rule's accounts, with no fund named, takes the rule's fund
      // at import, and the summary says so.
      const file = path.join(out, 'budget.csv');
      writeFileSync(
        file,
        'Description,Amount,Account\nCustodial supplies,410.00,0100-3-300-4220-02-1-74-2-535006\n',
      );
      const imported = await cli('import', file, '--type', 'proposed', ...year.slice(0, 2), '--dry-run');
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toMatch(/Function-code rules: \d+ line\(s\) would get a DESE code, 1 a fund\./);
    },
  );

  it(
    'says which imported lines two rules give different funds, and apply-rules refuses them naming both rules',
    { timeout: 120_000 },
    async () => {
      // No line is under both rules' accounts yet, so each may be saved.
      for (const [match, fund] of [
        ['0200-*', '2401'],
        ['0200-3-*', '2402'],
      ]) {
        const added = await cli(
          'dese',
          'rule-add',
          '--kind',
          'account',
          '--match',
          match,
          '--code',
          '4220',
          '--fund',
          fund,
        );
        expect(added.code, added.stderr).toBe(0);
      }
      const file = path.join(out, 'budget-both.csv');
      writeFileSync(
        file,
        'Description,Amount,Account\nLab supplies,75.00,0200-3-300-4220-01-1-74-2-535006\n',
      );
      const imported = await cli('import', file, '--type', 'proposed', ...year.slice(0, 2));
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain(
        'Function-code rules give 1 line different funds: those keep what the file gave them.',
      );
      const refused = await cli('dese', 'apply-rules', ...year);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(
        /One line, one fund: rule \d+ \(Account matches 0200-\* → 4220 .*\) and rule \d+ \(Account matches 0200-3-\* → 4220 .*\) would give 1 line different funds \(Title I and IDEA; e\.g\. line \d+\)\. .*Nothing was changed\./,
      );
    },
  );
});
