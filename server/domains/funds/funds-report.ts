import type { AppContext } from '@server/context';
import { authorize, type Actor } from '@server/policies/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { resolveScope } from '@server/domains/planning';
import { centsOf, fromCents } from '@shared/money';
import type { FundsReport, FundsReportQuery } from '@shared/schemas/funds';
import { isGrantKind } from '@shared/schemas/funds';
import * as q from './queries/funds';
import { sumsByFund } from './queries/line-fund';

interface Sum {
  budget: bigint;
  previous: bigint;
  lines: number;
}

const figures = (s: Sum) => ({
  budget: fromCents(s.budget),
  previousBudget: fromCents(s.previous),
  change: fromCents(s.budget - s.previous),
  lineCount: s.lines,
});

/**
 * GET /funds/report and `budget-cli funds report`: the budget of all funds for a fiscal year, as a
 * school business manager presents it to the school committee. For each fund the proposed budget's
 * lines it pays (the dashboard's budget), the year before's (in that year's home budget year) and
 * the change; every fund together beside the general fund the town appropriates; a grant whose
 * lines are more than its award is flagged. Sums are SQL's, differences integer cents.
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
  const [funds, now, before] = await Promise.all([
    q.listFunds(app.db),
    sumsByFund(app.db, scope),
    sumsByFund(app.db, { budgetYearId: previousHome, fiscalYear: scope.fiscalYear - 1, versionId: null }),
  ]);
  const sums = new Map<number, Sum>(funds.map((f) => [f.id, { budget: 0n, previous: 0n, lines: 0 }]));
  for (const r of now) {
    const s = sums.get(r.fund_id)!;
    s.budget += centsOf(r.amount);
    s.lines += r.line_count;
  }
  for (const r of before) {
    sums.get(r.fund_id)!.previous += centsOf(r.amount);
  }
  const all: Sum = { budget: 0n, previous: 0n, lines: 0 };
  for (const s of sums.values()) {
    all.budget += s.budget;
    all.previous += s.previous;
    all.lines += s.lines;
  }
  const general = funds.find((f) => f.kind === 'general')!;
  return {
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    funds: funds.map((f) => {
      const s = sums.get(f.id)!;
      const award = f.award_amount === null ? null : centsOf(f.award_amount);
      return {
        fundId: f.id,
        code: f.code,
        name: f.name,
        kind: f.kind,
        countsTowardNss: f.counts_toward_nss,
        awardAmount: award === null ? null : fromCents(award),
        overAward: isGrantKind(f.kind) && award !== null && s.budget > award,
        ...figures(s),
      };
    }),
    allFunds: figures(all),
    generalFund: figures(sums.get(general.id)!),
  };
}
