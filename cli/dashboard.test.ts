import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';

/** The dashboard, town-goal and projection commands, run as budget-cli on the demo district. */
describe('budget-cli dashboard, town-goals, projections', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('dashboard');
  });
  afterAll(() => runner?.close());

  it('sets a goal, refuses bad input, and reports the budget against it', { timeout: 300_000 }, async () => {
    expect((await cli('db', 'migrate')).code).toBe(0);
    expect((await cli('db', 'seed', '--demo')).code).toBe(0);

    const negative = await cli('town-goals', 'set', '--fiscal-year', 'FY30', '--dollar', '-5');
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('Amounts cannot be negative');
    const noBaseline = await cli('town-goals', 'set', '--fiscal-year', 'FY30', '--percent', '2');
    expect(noBaseline.code).toBe(2);
    expect(noBaseline.stderr).toContain('A percent goal needs a baseline');
    // The API's rules: a BOTH pair that disagrees, a percent with more decimals than are kept.
    const disagree = await cli(
      'town-goals',
      'set',
      '--fiscal-year',
      'FY30',
      '--dollar',
      '1000000',
      '--percent',
      '50',
      '--baseline',
      '46733000',
    );
    expect(disagree.code).toBe(2);
    expect(disagree.stderr).toContain('The dollar goal and the percent goal disagree');
    const decimals = await cli(
      'town-goals',
      'set',
      '--fiscal-year',
      'FY30',
      '--percent',
      '3.14159',
      '--baseline',
      '1',
    );
    expect(decimals.code).toBe(2);
    expect(decimals.stderr).toContain('Use at most 3 decimal places for a percent');

    const set = await cli(
      'town-goals',
      'set',
      '--fiscal-year',
      'FY26',
      '--dollar',
      '50000000',
      '--notes',
      'Revised',
    );
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Saved the FY26 goal: $50,000,000.00');

    const summary = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--json');
    expect(summary.code).toBe(0);
    const report = JSON.parse(summary.stdout);
    expect(report.townGoal).toEqual({ fiscalYear: 2026, total: 50_000_000, hasTownGoal: true });
    const categoryCents = report.categories.categories.reduce(
      (n: number, c: { total: number }) => n + Math.round(c.total * 100),
      0,
    );
    expect(categoryCents / 100).toBe(report.summary.proposedBudget);

    const projected = await cli(
      'projections',
      'generate',
      '--budget-year',
      'FY26',
      '--type',
      'proposed',
      '--to',
      'FY28',
    );
    expect(projected.code).toBe(0);
    expect(projected.stdout).toMatch(
      /^Projected [\d,]+ proposed lines from FY26 into FY27, FY28 \(replacing [\d,]+\)\.$/m,
    );
    // --json as `project --json`: the API's answer, one document; the count as the text wrote it.
    const again = jsonDocument(
      await cli(
        'projections',
        'generate',
        '--budget-year',
        'FY26',
        '--type',
        'proposed',
        '--to',
        'FY28',
        '--json',
      ),
      'object',
    );
    expect(again).toMatchObject({ baseYear: 2026, fiscalYears: [2027, 2028] });
    const count = (again.projectedCount as number).toLocaleString('en-US');
    expect(projected.stdout).toContain(`Projected ${count} proposed lines`);
    const badYear = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--fiscal-year', 'soon');
    expect([badYear.code, badYear.stderr]).toEqual([
      2,
      'Error [VALIDATION_FAILED]: Invalid input:\n  --fiscal-year: Invalid fiscal year: soon\n',
    ]);
    // Fix Base Year: the demo's payroll is in its base year; a move onto FY25's roster is refused.
    const fix = (type: string, to: string) =>
      cli('projections', 'fix-base-year', '--budget-year', 'FY26', '--type', type, '--to', to);
    expect((await fix('operating', 'FY26')).stdout).toBe(
      'The operating lines are in FY26 already: nothing moved; the base year is FY26.\n',
    );
    const clash = await fix('operating', 'FY25');
    expect(clash.code).toBe(1);
    expect(clash.stderr).toMatch(
      /^Error \[CONFLICT\]: Cannot move the positions to FY25: other positions are already there \(\d+ in FY25\)\n$/,
    );
    const badKind = await fix('staff', 'FY26');
    expect([badKind.code, badKind.stderr]).toEqual([
      2,
      "Error [VALIDATION_FAILED]: Invalid input:\n  --type: must be 'operating' or 'proposed'\n",
    ]);

    // The general fund alone: the funds report's general-fund budget, summed there by fund.
    const general = jsonDocument(
      await cli('dashboard', 'summary', '--budget-year', 'FY26', '--funds', 'general', '--json'),
      'object',
    );
    const funds = jsonDocument(await cli('funds', 'report', '--fiscal-year', 'FY2026', '--json'), 'object');
    expect(general.summary.funds).toBe('general');
    expect(centsOf(general.summary.proposedBudget)).toBe(centsOf(funds.generalFund.budget));
    expect(general.summary.proposedBudget).toBeLessThan(report.summary.proposedBudget);
    // The goal is compared with the general fund's budget whichever funds the summary sums.
    expect(report.summary.guidanceBudget).toBe(general.summary.proposedBudget);
    expect(report.gap).toBe(Math.round((50_000_000 - general.summary.proposedBudget) * 100) / 100);
    const printed = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--funds', 'general');
    expect(printed.stdout.split('\n')[0]).toBe(`FY26 budget, FY26, ${general.summary.fundsLabel}`);
    const badFunds = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--funds', 'grants');
    expect(badFunds.code).toBe(2);
    expect(badFunds.stderr).toContain("--funds: funds must be 'all' or 'general'");
    const unknown = await cli('dashboard', 'summary', '--budget-year', 'FY40');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No budget year FY40');
  });

  // The FY28 the test above projected into, which no goal covers (the demo sets none): no guidance
  // gap against a goal of 0, but that the year has no goal, and how to set one.
  it('says a year with no town goal has none, never a gap against $0', { timeout: 300_000 }, async () => {
    const text = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--fiscal-year', 'FY28');
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(/guidance by|counts as \$0/);
    expect(text.stdout).toContain('  Town guidance goal  not set\n');
    expect(text.stdout).toContain(
      '  Gap                 No town goal set (budget-cli town-goals set --fiscal-year FY28)\n',
    );

    const json = await cli(
      'dashboard',
      'summary',
      '--budget-year',
      'FY26',
      '--fiscal-year',
      'FY28',
      '--json',
    );
    const report = JSON.parse(json.stdout);
    expect(report.summary).toMatchObject({ hasTownGoal: false, guidanceGap: null });
    expect(report.summary.proposedCount).toBeGreaterThan(0);
    expect(report.gap).toBeNull();
  });

  // QA (the Chicago roster): 'Employees 38,631' for a year whose figures are the positions of the
  // roster before it, where the dashboard's card says 'Positions' and whose roster they are.
  it('says a planned year counts the positions of the roster before it, as the dashboard does', async () => {
    const listed = JSON.parse(
      (await cli('positions', 'list', '--budget-year', 'FY26', '--fiscal-year', 'FY26', '--json')).stdout,
    );
    const count = (status: string) =>
      listed.positions.filter((p: { status: string }) => p.status === status).length;
    const [filled, vacant] = [count('filled'), count('vacant') + count('posted')];
    const planned = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--fiscal-year', 'FY27');
    expect(planned.code).toBe(0);
    expect(planned.stdout).toContain(`  Positions           ${(filled + vacant).toLocaleString('en-US')} (`);
    expect(planned.stdout).toContain(
      `  Budgeted positions of the FY26 roster: ${filled} filled, ${vacant} vacant`,
    );
    expect(planned.stdout).not.toContain('Employees');
    // A year with its own payroll counts its employees, with no word of a roster.
    const own = await cli('dashboard', 'summary', '--budget-year', 'FY26', '--fiscal-year', 'FY26');
    expect(own.stdout).toMatch(/\n {2}Employees {11}\d/);
    expect(own.stdout).not.toContain('roster');
  });
});
