import { describe, expect, it } from 'vitest';
import { FY27, useCli } from '../test/use-cli';
import { buildBudgetYear, insertProposed } from '../test/factories';

/**
 * The reads that print a fiscal year refuse one no budget year plans, naming the flag, as `stage
 * list` does (cli/lookups.ts refuseUnplannedFiscalYear): the API answers such a year as an empty
 * one, which printed reads as a year that exists with a budget of $0.
 */
describe('budget-cli reads of a fiscal year no budget year plans', () => {
  const { cli } = useCli('unplanned-fiscal-year', {
    timeout: 150_000,
    seed: async (knex) => {
      const id = await buildBudgetYear(knex, { label: 'FY27', currentFiscalYear: 2027 });
      await insertProposed(knex, [{ budgetYearId: id, fiscalYear: 2027, amount: '125000.50' }]);
    },
  });

  const reads: [string, string[]][] = [
    ['dashboard summary', ['dashboard', 'summary']],
    ['funds report', ['funds', 'report']],
    ['scenarios list', ['scenarios', 'list']],
    ['line-items list', ['line-items', 'list', '--type', 'proposed']],
  ];

  it.each(reads)('%s refuses it (exit 2) and still reads the year planned', async (_name, command) => {
    const refused = await cli(...command, '--fiscal-year', 'FY1999');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('--fiscal-year: No budget year plans FY99');
    // With a budget year named too: the fiscal year is what nobody plans.
    const named = await cli(...command, '--budget-year', 'FY27', '--fiscal-year', 'FY99', '--json');
    expect(named.code).toBe(2);
    expect(JSON.parse(named.stdout).details).toEqual([
      { path: '--fiscal-year', message: 'No budget year plans FY99' },
    ]);
    const planned = await cli(...command, ...FY27);
    expect(planned.code, planned.stderr).toBe(0);
  });
});
