import type { AppContext } from '@server/context';
import { reconciliation } from '@server/domains/line-items';
import { authorize, type Actor } from '@server/policies/index';
import type { RosterSalaryLinesQuery } from '@shared/schemas/positions';
import type { RosterSalaryLines } from '@shared/schemas/reconciliation';
import { rosterBudgetYear } from './guards';

/**
 * GET /positions/salary-lines: the salary lines a roster's cost is budgeted into, when they are
 * locked (a voted stage, or a closed year) and no longer equal the positions' cost: what every
 * position write answers (reconciliation.lockedRosterLines, the one rule), said to whoever opens
 * the roster, not only to the next one who changes it. Worded for the reader: the steps they may
 * take (reopen: budgetStages.manage; Update Salary Budget: reconciliation.write), else who can.
 * An open year answers null after a few small reads (lockedRosterLines looks at the lock before
 * it costs any position).
 */
export async function rosterSalaryLines(
  app: AppContext,
  actor: Actor,
  query: RosterSalaryLinesQuery,
): Promise<RosterSalaryLines> {
  authorize(actor, 'positions.read');
  const budgetYearId = await rosterBudgetYear(app.db, query.fiscalYear, query.budgetYearId);
  // Said on opening, not after a change: no 'this change is not in them'.
  const drift = await reconciliation.lockedRosterLines(
    app.db,
    actor,
    { budgetYearId, fiscalYear: query.fiscalYear },
    false,
  );
  return { salaryLines: drift };
}
