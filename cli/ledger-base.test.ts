import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';
import { buildBudgetYear, buildCategory, buildScenario, FIXTURES, insertProposed } from '../test/factories';

const LEDGER = path.join(FIXTURES, 'lunenburg-munis-ytd-fy2023.csv');
/** The fixture's ytd_expended of its three DESE function 4220 accounts, in cents (period 13). */
const OPERATIONS_SPENT = 177_578_84n;

/** `--proposed-base` of `projections generate` and `project` through budget-cli. */
describe('budget-cli projections generate --proposed-base', () => {
  let runner: CliRunner;
  let budgetYearId: number;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('ledger-base', { timeout: 150_000 });
    expect((await cli('db', 'migrate')).code).toBe(0);
    const handle = await runner.openDb();
    try {
      const db = handle.knex;
      budgetYearId = await buildBudgetYear(db, { label: 'FY23', currentFiscalYear: 2023 });
      const scenarioId = await buildScenario(db, budgetYearId, 'proposed');
      const operations = await buildCategory(db, { name: 'Operations', deseFunction: '4220', yoy: 2 });
      await insertProposed(db, [
        { budgetYearId, scenarioId, fiscalYear: 2023, amount: '150000.00', categoryId: operations },
      ]);
    } finally {
      await handle.close();
    }
  }, 180_000);
  afterAll(async () => {
    await runner?.close();
  });

  it(
    'refuses actual spending without a ledger, then grows the proposed lines from it once imported',
    { timeout: 240_000 },
    async () => {
      const args = ['--budget-year', 'FY23', '--type', 'proposed', '--to', 'FY24'];
      const bad = await cli('projections', 'generate', ...args, '--proposed-base', 'forecast');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--proposed-base: Must be 'budget' or 'actual'");
      const none = await cli('projections', 'generate', ...args, '--proposed-base', 'actual');
      expect(none.code).toBe(2);
      expect(none.stderr).toContain(
        'FY23 has no ledger import: import the ledger (actuals) for FY23, or use the budget as the base',
      );

      expect((await cli('ledger', 'import', LEDGER, '--fiscal-year', 'FY2023')).code).toBe(0);
      const run = await cli('projections', 'generate', ...args, '--proposed-base', 'actual');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(
        'Base of FY24: FY23 actual spending from the ledger, period 13 (year complete)',
      );
      expect(run.stdout).toMatch(/Operations: \$177,578\.84 ÷ \$150,000\.00 = ×1\.1838589333/);

      // The same through `project --json`: the amount is the line × factor × 1.02, rounded once.
      const json = jsonDocument(
        await cli('project', ...args, '--force', '--proposed-base', 'actual', '--json'),
        'object',
      );
      expect(json).toMatchObject({
        proposedBase: 'actual',
        actualBase: { fromYear: 2023, fiscalYear: 2024 },
      });
      const handle = await runner.openDb();
      try {
        const [line] = await handle
          .knex('line_items')
          .where({ budget_year_id: budgetYearId, fiscal_year: 2024, is_projected: true });
        const factor = 1_1838589333n; // round(17757884 / 15000000, 10) in units of 10^-10
        expect((OPERATIONS_SPENT * 10n ** 10n * 2n + 15_000_000n) / (2n * 15_000_000n)).toBe(factor);
        const want = (15_000_000n * factor * 102n * 2n + 10n ** 12n) / (2n * 10n ** 12n);
        expect(centsOf(line.amount)).toBe(want);
      } finally {
        await handle.close();
      }
    },
  );
});
