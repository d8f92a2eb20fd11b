import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { reconciliation } from '@server/domains/line-items';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';

/** A position's place as a salary line's: (category, building, function code). */
export type PositionPlace = [categoryId: number | null, buildingId: number | null, code: string | null];

/** The places of positions (as `positions` rows), each once. */
export function placesOf(
  rows: readonly { category_id: number | null; building_id: number | null; dese_code: string | null }[],
): PositionPlace[] {
  const seen = new Map<string, PositionPlace>();
  for (const r of rows) {
    const place: PositionPlace = [r.category_id ?? null, r.building_id ?? null, r.dese_code ?? null];
    seen.set(JSON.stringify(place), place);
  }
  return [...seen.values()];
}

/**
 * What follows a change to a roster's positions, in the same transaction: the proposed salary
 * lines of the year their cost is budgeted for (the roster's fiscal year + 1, in that year's home,
 * else the roster's budget year) are set to the positions' cost by category, building and function
 * code, through the line writer (reconciliation.followRoster: not for a year with a payroll of
 * its own, nor a locked one). With `places` (where the changed positions were and are), only the
 * lines there are set: at 50,000 positions, costing every one again is what an edit of one must not
 * wait for. A change to a holder's employee line is followed by the line writer itself
 * (server/domains/line-items/follow.ts). `why`: the change reason the salary lines it moves record
 * (the stage comparison's reason beside each).
 *
 * Returns what it could not do: when that year's lines are locked (a voted stage keeps its lines)
 * and no longer equal the positions' cost, how far they are (reconciliation.lockedRosterLines), for
 * the write's answer to say; else null.
 */
export async function afterPositionsChange(
  db: Db,
  actor: Actor,
  year: { budget_year_id: number; fiscal_year: number },
  places?: readonly PositionPlace[],
  why?: string,
): Promise<SalaryLinesLocked | null> {
  const roster = { budgetYearId: year.budget_year_id, fiscalYear: year.fiscal_year };
  const set = await reconciliation.followRoster(db, actor, roster, places, why);
  return set ? null : reconciliation.lockedRosterLines(db, actor, roster);
}

/** A write's answer with what its change could not reach, when anything (afterPositionsChange). */
export { withSalaryLines } from '@shared/schemas/reconciliation';
