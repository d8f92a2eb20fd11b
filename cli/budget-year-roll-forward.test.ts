import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';
import { exportCents } from '../test/real-files';
import { positionsFromLines } from '@server/domains/positions';

/**
 * `budget-cli budget-year roll-forward --from FY2027 [--dry-run] [--confirm] [--json]` and `--undo
 * FY2028` on a district made from the command line: the dry run's totals are the source lines'
 * (recomputed here in cents), writing nothing; a malformed year is refused naming the flag (exit 2);
 * the real run writes what the dry run said; undo removes it.
 */
describe('budget-cli budget-year roll-forward', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);
  /** Numeric text -> cents, never through a float. */
  const cents = (v: string) => exportCents(String(v));

  beforeAll(async () => {
    runner = await createCliRunner('roll-forward');
  });
  afterAll(() => runner?.close());

  it('dry run, refusals by flag, roll forward and undo', { timeout: 300_000 }, async () => {
    expect((await cli('db', 'migrate')).code).toBe(0);
    expect((await cli('budget-year', 'create', 'FY27')).code).toBe(0);
    const empty = await cli('budget-year', 'roll-forward', '--from', 'FY2027', '--dry-run');
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toContain('FY27 in budget year FY27 has no lines to roll forward');

    // Lines no command makes (an import would): two employees, one retiring, two proposed, one one-time.
    const db = await runner.openDb();
    const by = await db.knex('budget_years').where({ fiscal_year: 'FY27' }).first('id');
    const base = { budget_year_id: by.id, fiscal_year: 2027 };
    await db.knex('line_items').insert([
      {
        ...base,
        is_operating: true,
        last_name: 'Ames',
        current_salary: '50000.10',
        next_year_salary: '51500.11',
      },
      {
        ...base,
        is_operating: true,
        last_name: 'Bell',
        current_salary: '62000.00',
        next_year_salary: '63860.00',
      },
      {
        ...base,
        is_operating: true,
        last_name: 'Cole',
        current_salary: '70000.00',
        employee_status: 'Retiring',
      },
      { ...base, is_operating: false, account_description: 'Paper', amount: '1234.56' },
      { ...base, is_operating: false, account_description: 'Boiler', amount: '40000.01', one_time: true },
    ]);
    const sources = await db.knex('line_items').where(base).orderBy('id');
    // FY2027's roster: each employee a filled position (Cole's goes forward vacant: he retires).
    expect(await positionsFromLines(db.knex, { budgetYearId: by.id, actorLabel: 'test' })).toBe(3);
    await db.close();
    const operating = sources
      .filter((l) => l.is_operating && l.employee_status === 'Active')
      .reduce((n, l) => n + cents(l.next_year_salary ?? l.current_salary), 0n);
    expect(operating).toBe(11_536_011n);

    for (const [flags, message] of [
      [['--from', 'FY20x7'], '--from: FY20x7 is not a fiscal year (write FY28 or 2028)'],
      [['--from', 'FY2019'], '--from: Choose a fiscal year from FY2020 to FY2034'],
      [[], '--from: Name the fiscal year to roll forward from, e.g. --from FY27'],
      [['--undo', 'next'], '--undo: next is not a fiscal year'],
    ] as const) {
      const res = await cli('budget-year', 'roll-forward', ...flags);
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toContain(message);
    }

    const dry = await cli('budget-year', 'roll-forward', '--from', 'FY2027', '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(
      'Dry run (nothing written): would roll FY27 (budget year FY27, Draft) forward into FY28 (budget year FY28, new)',
    );
    expect(dry.stdout).toContain('Employees carried: 2, salaries $115,360.11');
    expect(dry.stdout).toContain('Employees left out (retiring or inactive): 1');
    expect(dry.stdout).toContain('Proposed lines carried: 1, $1,234.56');
    expect(dry.stdout).toContain('One-time lines left out: 1, $40,000.01');
    expect(dry.stdout).toContain(
      'Positions carried: 3 positions (3.000 FTE): 2 filled by 2 carried holders, 1 vacant, posted or frozen',
    );
    // The years in the words the screens use ('FY27'), as the server's messages write them.
    expect(dry.stdout).toContain(
      '  Warning: FY27 is Draft, not yet Town Appropriated: FY28 would start from figures that may still change (run with --confirm to go on)',
    );
    expect((await cli('budget-year', 'roll-forward', '--from', 'FY2027')).stderr).toContain(
      'FY27 is Draft, not yet Town Appropriated: FY28 would start from figures that may still change. Confirm to roll forward anyway',
    );

    const real = await cli('budget-year', 'roll-forward', '--from', 'FY2027', '--confirm', '--json');
    expect(real.code, real.stderr).toBe(0);
    const body = JSON.parse(real.stdout);
    expect(body.positions).toEqual({
      carried: 3,
      filled: 2,
      vacant: 1,
      fte: '3.000',
      holders: 2,
      salaryLinesReplaced: 0,
      sharesToGeneralFund: 0,
    });
    expect(body.totals).toMatchObject({
      employeesCarried: 2,
      operatingTotal: 115360.11,
      proposedTotal: 1234.56,
    });
    const again = await cli('budget-year', 'roll-forward', '--from', 'FY2027', '--confirm');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('FY28 already has 3 lines in budget year FY28');

    const undone = await cli('budget-year', 'roll-forward', '--undo', 'FY2028');
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toBe(
      'Undid the roll forward into FY28: 3 lines and 3 positions removed, budget year FY28 removed\n',
    );
  });
});
