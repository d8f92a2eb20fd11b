import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as q from './queries/budget-years';
import { districtName } from '@server/sql/district-name';
import { requireBudgetYear } from './fiscal-years';

/** Every budget year, oldest first: the shell's year selector and the dashboard read this. */
export async function listBudgetYears(app: AppContext, actor: Actor) {
  authorize(actor, 'dashboard.read');
  return {
    budgetYears: (await q.listBudgetYears(app.db)).map(q.presentBudgetYear),
    // Every screen's header names the district: it comes with the list each signed-in page loads.
    districtName: await districtName(app.db),
    // So the shell can say where a budget year that plans nothing of its own has its years planned.
    homes: await q.listHomes(app.db),
    budgetYearsWithLines: await q.budgetYearsWithLines(app.db),
  };
}

/** Moves a budget year's current fiscal year (the dashboard's centre year; FY2020 to FY2034). */
export async function setCurrentFiscalYear(
  app: AppContext,
  actor: Actor,
  id: number,
  currentFiscalYear: number,
) {
  authorize(actor, 'budgets.manage');
  return app.db.transaction(async (trx) => {
    const before = await requireBudgetYear(trx, id);
    const row = (await q.updateCurrentFiscalYear(trx, id, currentFiscalYear))!;
    const budgetYear = q.presentBudgetYear(row);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'budget-year',
      entityId: id,
      before: q.presentBudgetYear(before),
      after: budgetYear,
    });
    return { budgetYear };
  });
}
