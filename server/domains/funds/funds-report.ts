import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { fundActuals } from '@server/domains/ledger';
import { deseCodes } from '@server/domains/massachusetts';
import { resolveScope } from '@server/domains/planning';
import { centsOf, fromCents } from '@shared/money';
import type { FundsReport, FundsReportQuery } from '@shared/schemas/funds';
import type { FundCategory, FundFunction } from '@shared/schemas/funds-report-detail';
import * as q from './queries/funds';
import { sumsByFundAndCategory, sumsByFundAndFunction } from './queries/fund-breakdown';
import { sumsByFund } from './queries/line-fund';
import { isOverAward } from './over-award';
import { payRule } from './funds-report-pay';
import { staffingByFund } from './funds-report-staffing';

interface Sum {
  budget: bigint;
  previous: bigint;
  /** null: no ledger for the year before. */
  actual: bigint | null;
  lines: number;
}

/** A fund's figures as the reader reads them: null each when the pay rule withholds the fund. */
const fundFigures = (s: Sum, withheld: boolean) =>
  withheld
    ? { budget: null, previousBudget: null, change: null, lineCount: s.lines, previousActual: null }
    : figures(s);

const figures = (s: Sum) => ({
  budget: fromCents(s.budget),
  previousBudget: fromCents(s.previous),
  change: fromCents(s.budget - s.previous),
  lineCount: s.lines,
  previousActual: s.actual === null ? null : fromCents(s.actual),
});

/** Rows of a breakdown grouped by fund, each as the API gives it. */
function byFund<R extends { fund_id: number }, T>(
  rows: readonly R[],
  present: (r: R) => T,
): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    out.set(r.fund_id, [...(out.get(r.fund_id) ?? []), present(r)]);
  }
  return out;
}

/**
 * GET /funds/report and `budget-cli funds report`: the budget of all funds for a fiscal year, as a
 * school business manager presents it to the school committee. For each fund the proposed budget's
 * lines it pays (the dashboard's budget), the year before's (in that year's home budget year), the
 * change, what the year before's ledger says the fund spent (its accounts' fund segment), and its
 * budget by DESE function and by category; every fund together beside the general fund the town
 * appropriates; a grant whose lines are more than its award is flagged. Sums are SQL's,
 * differences and totals integer cents.
 */
export async function fundsReport(
  app: AppContext,
  actor: Actor,
  input: FundsReportQuery,
): Promise<FundsReport> {
  authorize(actor, 'dashboard.read');
  const scope = await resolveScope(app.db, {
    budgetYearId: input.budgetYearId,
    fiscalYear: input.fiscalYear,
  });
  const previousHome = (await homeOfFiscalYear(app.db, scope.fiscalYear - 1))?.id ?? scope.budgetYearId;
  // One after the other: the embedded database has one connection.
  const funds = await q.listFunds(app.db);
  const now = await sumsByFund(app.db, scope);
  const before = await sumsByFund(app.db, {
    budgetYearId: previousHome,
    fiscalYear: scope.fiscalYear - 1,
    versionId: null,
  });
  const actuals = await fundActuals(app.db, scope.fiscalYear - 1);
  const staffing = await staffingByFund(app.db, scope);
  const names = deseCodes();
  const functions = byFund(await sumsByFundAndFunction(app.db, scope), (r): FundFunction => ({
    code: r.code,
    name: r.code === null ? null : (names.get(r.code)?.name ?? null),
    budget: fromCents(centsOf(r.amount)),
    lineCount: r.line_count,
  }));
  const categories = byFund(await sumsByFundAndCategory(app.db, scope), (r): FundCategory => ({
    categoryId: r.category_id,
    name: r.name ?? 'No category',
    budget: fromCents(centsOf(r.amount)),
    lineCount: r.line_count,
  }));
  // Sums of 1 to 4 people's pay, withheld from a reader who may not see them.
  const pay = await payRule(
    app.db,
    actor,
    scope,
    funds.map((f) => f.id),
  );
  const sums = new Map<number, Sum>(
    funds.map((f) => [
      f.id,
      {
        budget: 0n,
        previous: 0n,
        lines: 0,
        actual: actuals ? centsOf(actuals.expended.get(f.id) ?? 0) : null,
      },
    ]),
  );
  for (const r of now) {
    const s = sums.get(r.fund_id)!;
    s.budget += centsOf(r.amount);
    s.lines += r.line_count;
  }
  for (const r of before) {
    sums.get(r.fund_id)!.previous += centsOf(r.amount);
  }
  const all: Sum = { budget: 0n, previous: 0n, lines: 0, actual: actuals ? 0n : null };
  for (const s of sums.values()) {
    all.budget += s.budget;
    all.previous += s.previous;
    all.lines += s.lines;
    all.actual = all.actual === null || s.actual === null ? null : all.actual + s.actual;
  }
  const general = funds.find((f) => f.kind === 'general')!;
  return {
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    funds: funds.map((f) => {
      const s = sums.get(f.id)!;
      const award = f.award_amount === null ? null : centsOf(f.award_amount);
      const withheld = pay.fundWithheld(f.id);
      return {
        fundId: f.id,
        code: f.code,
        name: f.name,
        kind: f.kind,
        countsTowardNss: f.counts_toward_nss,
        awardAmount: award === null ? null : fromCents(award),
        overAward: withheld ? null : isOverAward(f, s.budget),
        ...fundFigures(s, withheld),
        byFunction: pay.byFunction(f.id, functions.get(f.id) ?? []),
        byCategory: pay.byCategory(f.id, categories.get(f.id) ?? []),
        ...staffing.of(f.id),
      };
    }),
    allFunds: figures(all),
    generalFund: fundFigures(sums.get(general.id)!, pay.fundWithheld(general.id)),
    positionsRoster: staffing.positionsRoster,
    payroll: staffing.payroll,
    previousLedger: actuals
      ? {
          fiscalYear: actuals.fiscalYear,
          period: actuals.period,
          fileName: actuals.fileName,
          unmatchedExpended: fromCents(centsOf(actuals.unmatchedExpended)),
          unmatchedAccountCount: actuals.unmatchedAccountCount,
        }
      : null,
    notes: pay.notes(),
  };
}
