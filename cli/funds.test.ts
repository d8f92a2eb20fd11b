import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';

/** budget-cli funds against the demo district in a database of its own. */
describe('budget-cli funds', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);
  /** FTE to the thousandth, grouped, as the screen writes it (worked out here, not by the app). */
  const fteShown = (fte: number) =>
    fte.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

  beforeAll(async () => {
    runner = await createCliRunner('funds');
  });
  afterAll(() => runner?.close());

  it(
    'lists the demo funds, adds, changes and deletes a grant; refuses what the API refuses',
    { timeout: 300_000 },
    async () => {
      expect((await cli('db', 'seed', '--demo')).code).toBe(0);

      const funds = jsonDocument(await cli('funds', 'list', '--json'), 'array') as {
        code: string;
        kind: string;
        countsTowardNss: boolean;
      }[];
      expect(funds.map((f) => [f.code, f.kind, f.countsTowardNss])).toEqual([
        ['0100', 'general', true],
        ['2401', 'federal_grant', false],
        ['2402', 'federal_grant', false],
        ['2801', 'revolving', false],
        ['2850', 'circuit_breaker', false],
      ]);
      const table = await cli('funds', 'list');
      expect(table.stdout).toMatch(/0100\s+General Fund\s+General fund appropriation\s+counts/);
      expect(table.stdout).toMatch(
        /2401\s+Title I, Part A\s+Federal grant\s+left out\s+\$640,000\.00\s+2025-07-01 to 2026-09-30/,
      );

      // The demo's Title I pays a professional development line and half of each reading
      // specialist (their salary lines at the schools they work in): the meter leaves them out, by fund.
      const fy26 = jsonDocument(
        await cli('funds', 'report', '--fiscal-year', 'FY2026', '--json'),
        'object',
      ) as {
        funds: { code: string; lineCount: number }[];
      };
      const titleILines = fy26.funds.find((f) => f.code === '2401')!.lineCount;
      expect(titleILines).toBeGreaterThan(1);
      const meter = await cli('nss', 'show', '--fiscal-year', 'FY2026');
      expect(meter.code, meter.stderr).toBe(0);
      expect(meter.stdout).toMatch(
        new RegExp(
          `Left out, paid by Title I, Part A \\(2401\\)\\s+\\$[\\d,]+\\.\\d\\d in ${titleILines} lines\\n`,
        ),
      );

      // The budget of all funds: each fund's lines, every fund together beside the general fund.
      const report = jsonDocument(
        await cli('funds', 'report', '--fiscal-year', 'FY2026', '--json'),
        'object',
      ) as {
        funds: {
          code: string;
          budget: number;
          lineCount: number;
          previousActual: number | null;
          byFunction: { budget: number }[];
          byCategory: { budget: number }[];
          payroll: { fte: number; people: number };
        }[];
        positionsRoster: unknown;
        allFunds: { budget: number };
        generalFund: { budget: number };
      };
      const cents = (n: number) => BigInt(Math.round(n * 100));
      expect(cents(report.allFunds.budget)).toBe(report.funds.reduce((s, f) => s + cents(f.budget), 0n));
      expect(report.generalFund.budget).toBe(report.funds[0].budget);
      // Within each fund, its budget by function and by category adds up to it; no FY2025 ledger.
      for (const f of report.funds) {
        expect(f.byFunction.reduce((s, x) => s + cents(x.budget), 0n)).toBe(cents(f.budget));
        expect(f.byCategory.reduce((s, x) => s + cents(x.budget), 0n)).toBe(cents(f.budget));
        expect(f.previousActual).toBeNull();
      }
      const printed = await cli('funds', 'report', '--fiscal-year', 'FY2026');
      expect(printed.stdout).toMatch(/^Budget of all funds, FY26 \(budget year FY26\)\n/);
      expect(printed.stdout).toMatch(/\n\s+All funds\s+\$[\d,]+\.\d\d.*no ledger\n/);
      // The columns are headed by their years as the title writes them (they read 'Fy26').
      expect(printed.stdout).toMatch(/\nCode +Fund +Kind +NSS +FY26 +FY25 +Change +Lines +FY25 actual\n/);
      expect(printed.stdout).toContain('FY25 actual: no ledger imported for FY25');
      expect(printed.stdout).toMatch(/\nTitle I, Part A \(2401\), FY26 budget \$[\d,]+\.\d\d:\n/);
      // FY26 has its own payroll, which its salary lines follow: each fund's staffing is that
      // payroll's people (FY25's roster, which does not set FY26's budget, is not named).
      expect(report.positionsRoster).toBeNull();
      const generalFund = report.funds.find((f) => f.code === '0100')!;
      expect(generalFund.payroll.people).toBeGreaterThan(0);
      // In the Budget of All Funds screen's words (its FTE to the thousandth, grouped).
      expect(printed.stdout).toContain(
        `Pays ${fteShown(generalFund.payroll.fte)} FTE of ${generalFund.payroll.people.toLocaleString('en-US')} people on FY26's payroll\n`,
      );
      expect(printed.stdout).not.toContain('roster');
      // FY27 is planned from FY26's roster: each fund pays its positions by fund share, in the
      // screen's words too (the CLI wrote 'position(s) of the FY26 roster (by fund share)').
      const planned = jsonDocument(
        await cli('funds', 'report', '--fiscal-year', 'FY2027', '--json'),
        'object',
      ) as {
        positionsRoster: { fiscalYear: number } | null;
        funds: { code: string; positions: { fte: number; count: number } }[];
      };
      expect(planned.positionsRoster?.fiscalYear).toBe(2026);
      const paid = planned.funds.find((f) => f.code === '0100')!.positions;
      expect(paid.count).toBeGreaterThan(1);
      const plannedText = (await cli('funds', 'report', '--fiscal-year', 'FY2027')).stdout;
      expect(plannedText).toContain(
        `Pays ${fteShown(paid.fte)} FTE of ${paid.count.toLocaleString('en-US')} positions of FY26's roster\n`,
      );
      expect(plannedText).not.toContain('position(s)');

      const added = await cli(
        'funds',
        'add',
        'METCO',
        '--code',
        '2501',
        '--kind',
        'state_grant',
        '--award',
        '250000.50',
        '--start',
        '2025-07-01',
        '--end',
        '2026-06-30',
        '--json',
      );
      const metco = jsonDocument(added, 'object') as {
        id: number;
        awardAmount: number;
        countsTowardNss: boolean;
      };
      expect(metco).toMatchObject({ awardAmount: 250000.5, countsTowardNss: false });

      const clash = await cli('funds', 'add', 'Second', '--code', '2401', '--kind', 'other');
      expect(clash.code).toBe(2);
      expect(clash.stderr).toContain("--code: Fund code 2401 is already Title I, Part A's");
      const kind = await cli('funds', 'add', 'Lottery', '--code', '9999', '--kind', 'lottery');
      expect(kind.code).toBe(2);
      expect(kind.stderr).toContain('--kind: Kind must be one of');
      const award = await cli(
        'funds',
        'add',
        'Lunch',
        '--code',
        '9998',
        '--kind',
        'revolving',
        '--award',
        '10',
      );
      expect(award.stderr).toContain('--award: Only a grant has an award amount and a grant period');
      const yesNo = await cli(
        'funds',
        'add',
        'Gifts',
        '--code',
        '9997',
        '--kind',
        'other',
        '--counts-nss',
        'maybe',
      );
      expect(yesNo.code).toBe(2);
      expect(yesNo.stderr).toContain('--counts-nss');

      const counted = await cli(
        'funds',
        'update',
        String(metco.id),
        '--counts-nss',
        'yes',
        '--award',
        'none',
      );
      expect(counted.code, counted.stderr).toBe(0);
      expect(counted.stdout).toContain('Updated fund METCO (2501, State grant)');
      expect(counted.stdout).toContain('counts toward net school spending');

      const general = await cli('funds', 'delete', '1');
      expect(general.code).toBe(1);
      expect(general.stderr).toContain('The general fund stays the general fund');
      const gone = await cli('funds', 'delete', String(metco.id));
      expect(gone.code, gone.stderr).toBe(0);
      expect(gone.stdout).toContain('METCO (State grant) deleted.');
      const after = jsonDocument(await cli('funds', 'list', '--json'), 'array') as unknown[];
      expect(after).toHaveLength(5);
      expect((await cli('funds', 'delete', 'x')).code).toBe(2);
    },
  );
});
