import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import { notFound } from '@server/errors';
import { insertAudit } from '@server/queries/audit';
import * as q from '@server/queries/budget-years';
import { requireBudgetYear } from './fiscal-years';
import { parseFiscalYear } from '@server/schemas/fiscal-year';

/** Every budget year, oldest first: the shell's year selector and the dashboard read this. */
export async function listBudgetYears(app: AppContext, actor: Actor) {
  authorize(actor, 'dashboard.read');
  return { budgetYears: (await q.listBudgetYears(app.db)).map(q.presentBudgetYear) };
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

/**
 * The budget year a label names ('FY26', '2025-2026', '2026'): the one whose own label parses to
 * the same fiscal year (the CLI's --budget-year). 404 when none does.
 */
export async function findBudgetYearByLabel(app: AppContext, actor: Actor, label: string) {
  authorize(actor, 'dashboard.read');
  const year = parseFiscalYear(label);
  const rows = await q.listBudgetYears(app.db);
  const match =
    rows.find((r) => r.fiscal_year.trim().toLowerCase() === label.trim().toLowerCase()) ??
    (year === null ? undefined : rows.find((r) => parseFiscalYear(r.fiscal_year) === year));
  if (!match) {
    throw notFound(`Budget year ${label}`);
  }
  return q.presentBudgetYear(match);
}
