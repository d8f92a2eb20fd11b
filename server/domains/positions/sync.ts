import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';

/**
 * What follows a change to a year's positions, in the same transaction. Nothing yet: the proposed
 * budget's personnel lines still follow the payroll through Update Salary Budget.
 */
export async function afterPositionsChange(
  _db: Db,
  _actor: Actor,
  _year: { budget_year_id: number; fiscal_year: number },
): Promise<void> {}
