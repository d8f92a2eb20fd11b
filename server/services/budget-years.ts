import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import * as q from '@server/queries/budget-years';

/** Every budget year, oldest first: the shell's year selector and the dashboard read this. */
export async function listBudgetYears(app: AppContext, actor: Actor) {
  authorize(actor, 'dashboard.read');
  return { budgetYears: (await q.listBudgetYears(app.db)).map(q.presentBudgetYear) };
}
