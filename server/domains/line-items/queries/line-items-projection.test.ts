import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/db';
import type { DbHandle } from '@server/db/index';
import { buildBudgetYear, insertEmployees } from '../../../../test/factories';
import { nextYearSalaries } from './line-items-projection';

// A contract's COLA in a district of 50,000 employees projected five years ahead moves about
// 100,000 next-year salaries; reading them back in one statement of one parameter per id failed
// past PostgreSQL's 65,535 parameters, and the contract's save answered 500.

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

describe('nextYearSalaries', () => {
  it('reads back more lines than a statement has parameters', async () => {
    const db = handle.knex;
    const budgetYearId = await buildBudgetYear(db);
    const [id] = await insertEmployees(db, [
      { budgetYearId, fiscalYear: 2026, salary: '50000.00', nextYearSalary: '51234.56', manual: true },
    ]);
    const ids = [id, ...Array.from({ length: 70_000 }, (_, i) => id + 1 + i)];
    const values = await nextYearSalaries(db, ids);
    expect([...values]).toEqual([[id, '51234.56']]);
  });
});
