import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { seesIndividualPay } from '@server/lib/pay-groups';
import { ledgerImportsQueries as q } from '@server/domains/imports';
import { requireBudgetYear } from '@server/domains/budgets';
import { resolveFundChoice } from '@server/domains/funds';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { LedgerFund, LedgerFundChoice } from '@shared/schemas/ledger-fund';
import * as src from './queries/budget-vs-actual-sources';

/**
 * What a budget vs actual report reads, settled before its snapshot is opened: the reader, the
 * year, whose proposed lines are the budget and which fund (every fund, the general fund or one).
 */

/** Which budget year's proposed lines are the year's budget, or null. */
async function budgetSource(app: AppContext, fiscalYear: number, budgetYearId?: number) {
  if (budgetYearId !== undefined) {
    const year = await requireBudgetYear(app.db, budgetYearId, 'budgetYearId');
    return { id: year.id, label: year.fiscal_year };
  }
  return src.budgetYearForFiscalYear(app.db, fiscalYear);
}

/** 404 unless the fiscal year exists (a budget year names it or holds lines of it). */
async function requireFiscalYear(app: AppContext, fiscalYear: number): Promise<void> {
  // A year whose ledger was imported stays readable after its budget year moves on.
  if (
    !(await q.fiscalYearExists(app.db, fiscalYear)) &&
    !(await q.findCurrentImportInfo(app.db, fiscalYear))
  ) {
    throw notFound(`Fiscal year ${fiscalYearLabel(fiscalYear)}`);
  }
}

/**
 * Checks the reader, the year (404) and the fund (400 naming `fund`), and finds whose lines are
 * the budget.
 */
export async function reportSource(
  app: AppContext,
  actor: Actor,
  query: { fiscalYear: number; budgetYearId?: number; fund?: LedgerFundChoice },
): Promise<ReportSource> {
  authorize(actor, 'budgetVsActual.read');
  await requireFiscalYear(app, query.fiscalYear);
  const fund = await resolveFundChoice(app.db, query.fund);
  return {
    budget: await budgetSource(app, query.fiscalYear, query.budgetYearId),
    fund,
    seesPay: seesIndividualPay(actor),
  };
}

/** Whose lines are the budget (null: none), and which fund the report reads. */
export interface ReportSource {
  budget: Awaited<ReturnType<typeof budgetSource>>;
  fund: LedgerFund;
  /** Whether the reader sees every sum of pay (server/lib/pay-groups.ts), however few people it covers. */
  seesPay: boolean;
}
