import { beforeAll, describe, expect, it } from 'vitest';
import { useDb } from '../test/use-db';
import { positionCostByPlace, proposedSalaryLines } from '../test/worlds/positions.world';
import { seedDemo } from './demo';
import { CURRENT_FISCAL_YEAR } from './demo-district';

/**
 * A fresh demo install shows no stale salary budget: the year being planned (FY2027, no payroll of
 * its own) holds, in its proposed personnel lines, exactly what FY2026's positions cost by
 * category, building and function code. Both sides are added up here in cents from the tables.
 */
describe("the demo's FY2027 salary lines", () => {
  const db = useDb();
  let budgetYearId: number;
  beforeAll(async () => {
    await seedDemo(db.knex, { personaPassword: 'demo-persona-password', passwordCost: 10 });
    budgetYearId = (await db.knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
  });

  it("equal FY2026's positions' cost at every place, to the cent", async () => {
    const cost = await positionCostByPlace(db.knex, budgetYearId, CURRENT_FISCAL_YEAR);
    expect(Object.keys(cost).length).toBeGreaterThan(5);
    expect(await proposedSalaryLines(db.knex, budgetYearId, CURRENT_FISCAL_YEAR + 1)).toEqual(cost);
  });
});
