import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { buildBudgetYear, insertEmployees } from '../test/factories';

/**
 * budget-cli on the demo district as a finance officer scripts the budget season: read-only
 * commands on the budget year the web app opens on (FY26) unless told, the Positions screen's
 * filters, --json from every command that prints, and a stale position version worded for a script.
 */
describe('budget-cli season defaults, filters and --json', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);
  const json = async (kind: 'object' | 'array', ...args: string[]) =>
    jsonDocument(await cli(...args, '--json'), kind);

  beforeAll(async () => {
    runner = await createCliRunner('season-defaults', { timeout: 240_000 });
    const migrated = await json('object', 'db', 'migrate');
    expect(migrated.applied.length).toBeGreaterThan(10);
    expect(await json('object', 'db', 'migrate')).toEqual({ applied: [] });
    const seeded = await json('object', 'db', 'seed', '--demo');
    expect(seeded).toMatchObject({ employees: expect.any(Number), proposedLines: expect.any(Number) });
    expect(seeded.employees).toBeGreaterThan(100);
  }, 240_000);
  afterAll(() => runner?.close());

  it(
    'reads the budget year the web app opens on when --budget-year is left out, and says so',
    { timeout: 180_000 },
    async () => {
      const defaulted = await cli('dashboard', 'summary');
      expect(defaulted.code, defaulted.stderr).toBe(0);
      expect(defaulted.stdout).toMatch(/^FY26 budget, FY26, All funds\n/);
      expect(defaulted.stderr).toContain("Budget year FY26 (the web app's default; --budget-year to choose)");
      expect(await json('object', 'dashboard', 'summary')).toEqual(
        await json('object', 'dashboard', 'summary', '--budget-year', 'FY26'),
      );
      // A fiscal year named alone is read in its home budget year.
      expect(await json('object', 'dashboard', 'summary', '--fiscal-year', 'FY27')).toEqual(
        await json('object', 'dashboard', 'summary', '--budget-year', 'FY26', '--fiscal-year', 'FY27'),
      );
      const help = await cli('dashboard', 'summary', '--help');
      expect(help.stdout.replace(/\s+/g, ' ')).toContain(
        "--budget-year <label> budget year, e.g. FY26 (default: --fiscal-year's home, else the one the web app opens on)",
      );

      const same: ['object' | 'array', string[], string[]][] = [
        ['array', ['budgets', 'list'], ['budgets', 'list', '--budget-year', 'FY26']],
        [
          'object',
          ['line-items', 'list', '--type', 'proposed'],
          ['line-items', 'list', '--type', 'proposed', '--budget-year', 'FY26', '--fiscal-year', '2026'],
        ],
        ['array', ['line-items', 'duplicates'], ['line-items', 'duplicates', '--budget-year', 'FY26']],
        [
          'object',
          ['positions', 'list', '--limit', '5'],
          ['positions', 'list', '--limit', '5', '--fiscal-year', 'FY26'],
        ],
      ];
      for (const [kind, short, full] of same) {
        const text = await cli(...short);
        expect(text.code, `${short.join(' ')}: ${text.stderr}`).toBe(0);
        expect(text.stdout, short.join(' ')).toBe((await cli(...full)).stdout);
        expect(text.stderr).toContain('Budget year FY26');
        expect(await json(kind, ...short)).toEqual(await json(kind, ...full));
      }
      expect((await cli('line-items', 'list', '--type', 'proposed')).stdout).toMatch(
        /\d+ proposed lines\.\n$/,
      );

      // A write still names its budget year.
      const create = await cli('budgets', 'create', '--type', 'proposed', '--name', 'Plan B');
      expect(create.code).toBe(2);
      expect(create.stderr).toContain("required option '--budget-year <label>' not specified");
    },
  );

  it(
    'shows the stages, the NSS meter and budget vs actual of the year the web app opens on, and says so',
    { timeout: 240_000 },
    async () => {
      const fy = ['--budget-year', 'FY26', '--fiscal-year', 'FY2026'];
      const reads: [string[], string[]][] = [
        [
          ['stage', 'list'],
          ['stage', 'list', ...fy],
        ],
        [
          ['nss', 'show'],
          ['nss', 'show', ...fy],
        ],
        [
          ['nss', 'rules'],
          ['nss', 'rules', '--fiscal-year', 'FY2026'],
        ],
        [
          ['ledger', 'report'],
          ['ledger', 'report', '--fiscal-year', 'FY2026'],
        ],
      ];
      for (const [short, full] of reads) {
        const text = await cli(...short);
        expect(text.code, `${short.join(' ')}: ${text.stderr}`).toBe(0);
        expect(text.stdout, short.join(' ')).toBe((await cli(...full)).stdout);
        expect(text.stderr).toContain("Budget year FY26 (the web app's default; --budget-year to choose)");
        expect(text.stderr).toContain(
          "Fiscal year FY26 (budget year FY26's current; --fiscal-year to choose)",
        );
        expect(await json('object', ...short)).toEqual(await json('object', ...full));
      }
      expect((await cli('stage', 'list')).stdout).toMatch(/^FY26: /);
      expect((await cli('ledger', 'report')).stdout).toMatch(
        /^Budget vs actual FY26, All funds, by category: /,
      );

      // Writes still name their fiscal year.
      for (const write of [
        ['stage', 'advance', '--stage', 'Superintendent’s Recommended', '--date', '2026-01-10'],
        ['stage', 'reopen', '--reason', 'A late change'],
        ['nss', 'figures', 'set', '--foundation-enrollment', '1', '--foundation-budget', '1'],
        ['ledger', 'import', 'ledger.csv'],
      ]) {
        const refused = await cli(...write);
        expect(refused.code, write.join(' ')).toBe(2);
        expect(refused.stderr).toMatch(/required option '--fiscal-year <(year|FY)>' not specified/);
      }
    },
  );

  it('says which fiscal years a budget’s line count covers', { timeout: 120_000 }, async () => {
    const listed = await cli('budgets', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const rows = await json('array', 'budgets', 'list');
    const operating = rows.find((b: { name: string }) => b.name === 'FY26 Operating Budget');
    // The count is the budget's own lines in each fiscal year FY26 plans, one year's being far fewer.
    const years = await Promise.all(
      ['FY2025', 'FY2026', 'FY2027'].map(
        async (year) =>
          (await json('object', 'line-items', 'list', '--type', 'operating', '--fiscal-year', year)).lineItems
            .length as number,
      ),
    );
    expect(operating.lineItemCount).toBe(years[0] + years[1] + years[2]);
    expect(listed.stdout).toMatch(
      new RegExp(
        `^${operating.id}\\s.*FY26 Operating Budget\\s+Active\\s+${operating.lineItemCount}\\s`,
        'm',
      ),
    );
    expect(listed.stdout).toContain(
      "Lines: each budget's own, in every fiscal year FY26 plans (FY25 to FY27), projected years included; " +
        "`line-items list --fiscal-year` lists one year's.\n",
    );
    const empty = await cli('budgets', 'list', '--budget-year', 'FY25');
    expect(empty.stdout).toContain(
      'Lines: FY25 plans no fiscal year of its own, so its budgets hold none (`budget-year list` shows which budget year plans each).\n',
    );
  });

  it(
    'filters over-filled, unpriced and one fund’s positions as the Positions screen does',
    { timeout: 180_000 },
    async () => {
      const all = await json('object', 'positions', 'list', '--fiscal-year', 'FY26');
      const held = all.positions.find(
        (p: { status: string; fte: number; holders: unknown[] }) =>
          p.status === 'filled' && p.fte === 1 && p.holders.length === 1,
      );
      // Its holder keeps a whole FTE in a half-time position: over-filled (no command makes one).
      const handle = await runner.openDb();
      try {
        await handle.knex('positions').where({ id: held.id }).update({ fte: 0.5 });
      } finally {
        await handle.close();
      }
      const over = await json('object', 'positions', 'list', '--fiscal-year', 'FY26', '--over-filled');
      expect(over.positions.map((p: { id: number }) => p.id)).toEqual([held.id]);
      expect(over.positions[0].overFilled).toBe(true);
      const overText = await cli('positions', 'list', '--fiscal-year', 'FY26', '--over-filled');
      expect(overText.code, overText.stderr).toBe(0);
      expect(overText.stdout).toMatch(new RegExp(`^${held.id}\\s`, 'm'));
      expect(overText.stdout).toMatch(/^1 position, 0\.5 FTE .*, 1 over-filled\n$/m);

      const unpriced = await json('object', 'positions', 'list', '--fiscal-year', 'FY26', '--unpriced');
      expect(unpriced.positions.length).toBe(all.totals.unpricedCount);
      expect(unpriced.positions.length).toBeGreaterThan(0);
      expect(unpriced.positions.every((p: { unpricedReason: string | null }) => p.unpricedReason)).toBe(true);

      const titleOne = await json('object', 'positions', 'list', '--fiscal-year', 'FY26', '--fund', '2401');
      expect(titleOne.total).toBeGreaterThan(0);
      expect(titleOne.total).toBeLessThan(all.total);
      expect(
        await json('object', 'positions', 'list', '--fiscal-year', 'FY26', '--fund', 'Title I, Part A'),
      ).toEqual(titleOne);
      const nofund = await cli('positions', 'list', '--fiscal-year', 'FY26', '--fund', 'NOPE');
      expect(nofund.code).toBe(2);
      expect(nofund.stderr).toContain("--fund: no fund has the code 'NOPE'");
    },
  );

  it('prints --json from the commands that printed only a sentence', { timeout: 180_000 }, async () => {
    const goal = await json('object', 'town-goals', 'set', '--fiscal-year', 'FY29', '--dollar', '48,000,000');
    expect(goal).toMatchObject({ created: true, goal: { fiscalYear: 2029, dollarGoal: 48_000_000 } });

    const viewer = await json('object', 'users', 'deactivate', 'viewer@example.org');
    expect(viewer).toMatchObject({ email: 'viewer@example.org', isActive: false });

    const budgets = await json('array', 'budgets', 'list', '--budget-year', 'FY26');
    const inactive = budgets.find((b: { isActive: boolean }) => !b.isActive);
    const active = await json('object', 'budgets', 'set-active', String(inactive.id));
    expect(active.scenario).toMatchObject({ id: inactive.id, isActive: true });
    expect(typeof active.deactivatedId).toBe('number');

    const rule = await json(
      'object',
      'dese',
      'rule-add',
      '--kind',
      'category',
      '--match',
      'Transportation',
      '--code',
      '3300',
    );
    const removed = await json('object', 'dese', 'rule-delete', String(rule.id));
    expect(removed.message).toEqual(expect.any(String));
    expect(await json('array', 'dese', 'rules')).toEqual([]);
  });

  it(
    'words a stale --version as what to run next, not as a screen to reload',
    { timeout: 120_000 },
    async () => {
      const [first] = (await json('object', 'positions', 'list', '--fiscal-year', 'FY26', '--limit', '1'))
        .positions;
      const read = String(first.version);
      const edited = await cli('positions', 'edit', String(first.id), '--notes', 'Moved to room 12');
      expect(edited.code, edited.stderr).toBe(0);
      const now = first.version + 1;

      const stale = await cli('positions', 'edit', String(first.id), '--version', read, '--notes', 'Mine');
      expect(stale.code).toBe(1);
      expect(stale.stdout).toBe('');
      expect(stale.stderr).toBe(
        `Error [CONFLICT]: Position ${first.id} is at version ${now}, not the version ${read} given: ` +
          `someone changed it since you read it. See what changed with \`budget-cli positions show ${first.id}\`, ` +
          `then run your command again with --version ${now} (or without --version to change the position as it is now).\n`,
      );
      const staleJson = await cli('positions', 'close', String(first.id), '--version', read, '--json');
      expect(staleJson.code).toBe(1);
      expect(JSON.parse(staleJson.stdout)).toMatchObject({
        code: 'CONFLICT',
        error: expect.stringContaining(`--version ${now}`),
      });
      expect(staleJson.stdout).not.toMatch(/reload/i);
    },
  );

  it(
    'words a closed or voted year as the command that reopens it, not a Budget Stages button',
    { timeout: 180_000 },
    async () => {
      const closed = await cli('budget-year', 'close', 'FY2025');
      expect(closed.code, closed.stderr).toBe(0);
      const refused = await cli('stage', 'reopen', '--fiscal-year', 'FY2025', '--reason', 'Late bill');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'Error [YEAR_LOCKED]: FY25 is closed (Draft): it is read-only history, and nothing in it can change ' +
          'until an administrator reopens it with a reason (`budget-cli budget-year reopen FY25 --reason "…"`)\n',
      );
      expect(refused.stderr).not.toContain('Budget Stages');
      const refusedJson = await cli('stage', 'reopen', '--fiscal-year', 'FY2025', '--reason', 'x', '--json');
      expect(JSON.parse(refusedJson.stdout)).toMatchObject({
        code: 'YEAR_LOCKED',
        error: expect.stringContaining('`budget-cli budget-year reopen FY25'),
      });
      // What the hint says to run does reopen it.
      const reopened = await cli('budget-year', 'reopen', 'FY25', '--reason', 'Late bill');
      expect(reopened.code, reopened.stderr).toBe(0);

      // A year the committee voted: its lines wait for `stage reopen`.
      for (const stage of ['SUPERINTENDENT_RECOMMENDED', 'SCHOOL_COMMITTEE_ADOPTED']) {
        const moved = await cli(
          'stage',
          'advance',
          '--fiscal-year',
          'FY2026',
          '--stage',
          stage,
          '--date',
          '2026-03-01',
        );
        expect(moved.code, moved.stderr).toBe(0);
      }
      // A comparison is a read: of the year the web app opens on unless told.
      const adopted = (await json('object', 'stage', 'list')).events.at(-1).id;
      const compare = ['stage', 'compare', '--from', String(adopted), '--to', 'current', '--lines', 'none'];
      const compared = await cli(...compare);
      expect(compared.code, compared.stderr).toBe(0);
      expect(compared.stderr).toContain(
        "Fiscal year FY26 (budget year FY26's current; --fiscal-year to choose)",
      );
      expect(compared.stdout).toMatch(/^FY26 \(budget year FY26\), all funds: School Committee Adopted/);
      expect(compared.stdout).toBe(
        (await cli(...compare, '--budget-year', 'FY26', '--fiscal-year', 'FY2026')).stdout,
      );

      const [held] = (await json('object', 'positions', 'list', '--fiscal-year', 'FY26', '--limit', '1'))
        .positions;
      const locked = await cli('positions', 'edit', String(held.id), '--notes', 'Room 12');
      expect(locked.code).toBe(1);
      expect(locked.stderr).toBe(
        'Error [YEAR_LOCKED]: FY26 is School Committee Adopted: its lines cannot change until an administrator ' +
          'reopens it with a reason (`budget-cli stage reopen --fiscal-year FY26 --reason "…"`)\n',
      );
    },
  );

  it(
    'opens a budget year whose current year has no lines on its first year with lines, as the screens do',
    { timeout: 180_000 },
    async () => {
      // A payroll imported into the year after the budget year's current one.
      const handle = await runner.openDb();
      try {
        const id = await buildBudgetYear(handle.knex, { label: 'FY31', currentFiscalYear: 2031 });
        await insertEmployees(handle.knex, [{ budgetYearId: id, fiscalYear: 2032, salary: '50000.00' }]);
      } finally {
        await handle.close();
      }
      const said =
        "Fiscal year FY32 (budget year FY31's first with lines; its current FY31 has none; --fiscal-year to choose)";
      const lines = await cli('line-items', 'list', '--budget-year', 'FY31', '--type', 'operating', '--json');
      expect(lines.code, lines.stderr).toBe(0);
      expect(lines.stderr).toContain(said);
      const listed = JSON.parse(lines.stdout) as {
        lineItems: { fiscalYear: number; currentSalary: number }[];
      };
      expect(listed.lineItems.map((l) => [l.fiscalYear, l.currentSalary])).toEqual([[2032, 50000]]);
      for (const args of [
        ['stage', 'list', '--budget-year', 'FY31'],
        ['positions', 'list', '--budget-year', 'FY31'],
      ]) {
        const res = await cli(...args);
        expect(res.code, res.stderr).toBe(0);
        expect(res.stderr).toContain(said);
      }
      // The demo's FY26 has lines in its current year: opened there, as before.
      const demo = await cli('stage', 'list');
      expect(demo.stderr).toContain("Fiscal year FY26 (budget year FY26's current; --fiscal-year to choose)");
    },
  );
});
