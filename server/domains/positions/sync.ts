import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { reconciliation } from '@server/domains/line-items';

/**
 * What follows a change to a roster's positions, in the same transaction: the proposed salary
 * lines of the year their cost is budgeted for (the roster's fiscal year + 1, in that year's home,
 * else the roster's budget year) are set to the positions' cost by category, building and function
 * code, through the line writer (reconciliation.followRoster: not for a year with a payroll of
 * its own, nor a locked one). A change to a holder's employee line is followed by the line writer
 * itself (server/domains/line-items/follow.ts).
 */
export async function afterPositionsChange(
  db: Db,
  actor: Actor,
  year: { budget_year_id: number; fiscal_year: number },
): Promise<void> {
  await reconciliation.followRoster(db, actor, {
    budgetYearId: year.budget_year_id,
    fiscalYear: year.fiscal_year,
  });
}
