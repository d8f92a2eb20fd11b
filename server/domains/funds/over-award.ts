import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { authorize, type Actor } from '@server/policies/index';
import { resolveScope } from '@server/domains/planning';
import { centsOf, fromCents } from '@shared/money';
import { isGrantKind, type OverAward, type OverAwardQuery } from '@shared/schemas/funds';
import type { LineScope } from '@server/domains/planning';
import type { FundRow } from './queries/funds';
import * as q from './queries/funds';
import { sumsByFund } from './queries/line-fund';
import { payRule } from './funds-report-pay';

/**
 * A grant whose lines of a fiscal year are more than its award: the one home of the rule, read by
 * the funds report (each fund's flag) and by the grids (GET /funds/over-award, which sums the lines
 * by fund and nothing else, so a line edit's refresh stays cheap). Amounts in integer cents.
 */
export function isOverAward(fund: Pick<FundRow, 'kind' | 'award_amount'>, budgetCents: bigint): boolean {
  return isGrantKind(fund.kind) && fund.award_amount !== null && budgetCents > centsOf(fund.award_amount);
}

/** The year's budget of each fund that pays lines in the scope, in cents, by fund id. */
export async function budgetsByFund(db: Db, scope: LineScope): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  for (const r of await sumsByFund(db, scope)) {
    out.set(r.fund_id, (out.get(r.fund_id) ?? 0n) + centsOf(r.amount));
  }
  return out;
}

/**
 * GET /funds/over-award: the grants over their award in a budget year's fiscal year. A grant whose
 * figures the funds report withholds from this reader (payRule: it pays 1 to 4 people, or is
 * withheld beside one) is left out, as the funds report leaves its overAward null: its budget is
 * their pay, and that it is over its award bounds it. The same funds are judged in the same order
 * as the funds report's, so both withhold the same ones.
 */
export async function overAward(app: AppContext, actor: Actor, input: OverAwardQuery): Promise<OverAward> {
  authorize(actor, 'dashboard.read');
  const scope = await resolveScope(app.db, {
    budgetYearId: input.budgetYearId,
    fiscalYear: input.fiscalYear,
  });
  const budgets = await budgetsByFund(app.db, scope);
  const all = await q.listFunds(app.db);
  const pay = await payRule(
    app.db,
    actor,
    scope,
    all.map((f) => f.id),
  );
  const funds = all.filter((f) => !pay.fundWithheld(f.id) && isOverAward(f, budgets.get(f.id) ?? 0n));
  return {
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    funds: funds.map((f) => ({
      fundId: f.id,
      name: f.name,
      budget: fromCents(budgets.get(f.id) ?? 0n),
      awardAmount: fromCents(centsOf(f.award_amount!)),
    })),
    notes: pay.notes(),
  };
}
