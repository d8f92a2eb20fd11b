import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/fiscal-years';

/**
 * The budget year, or 404: every aggregate names one, and an id of nothing is an error, not zeros.
 * With `field` (a body field naming it), a 400 naming the field instead. The one 'budget year
 * exists' check of the server.
 */
export async function requireBudgetYear(
  db: Db,
  budgetYearId: number,
  field?: string,
): Promise<q.BudgetYearRow> {
  const row = await q.findBudgetYearRow(db, budgetYearId);
  if (!row) {
    throw field
      ? validationFailed([{ path: field, message: `Budget year ${budgetYearId} does not exist` }])
      : notFound('Budget year');
  }
  return row;
}

/**
 * The fiscal years a budget year holds lines for, plus its current fiscal year (so a new budget
 * year offers the year to import into), ascending.
 */
export async function listFiscalYears(app: AppContext, actor: Actor, budgetYearId: number) {
  authorize(actor, 'dashboard.read');
  const year = await requireBudgetYear(app.db, budgetYearId);
  const withLines = await q.fiscalYearsWithLines(app.db, budgetYearId);
  const years = new Set(withLines);
  years.add(year.current_fiscal_year);
  return { fiscalYears: [...years].sort((a, b) => a - b), withLines };
}

/** Every fiscal year with lines in any budget year, with its line count and whether it is projected. */
export async function listAllFiscalYears(app: AppContext, actor: Actor, isOperating?: boolean) {
  authorize(actor, 'dashboard.read');
  return { fiscalYears: await q.allFiscalYears(app.db, isOperating) };
}
