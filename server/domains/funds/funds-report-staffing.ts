import type { Db } from '@server/db/index';
import { reconciliation } from '@server/domains/line-items';
import { payrollByFund, positionsByFund } from './queries/fund-breakdown';

type Year = { budgetYearId: number; fiscalYear: number };

export interface FundsStaffing {
  /** The roster whose positions the year's salary lines follow, else null. */
  positionsRoster: Year | null;
  /** The year itself when it has a payroll of its own, which its salary lines follow; else null. */
  payroll: Year | null;
  /** A fund's share of that staffing: the roster's positions, or the payroll's people (zero each otherwise). */
  of(fundId: number): {
    positions: { fte: number; count: number };
    payroll: { fte: number; people: number };
  };
}

/**
 * The staffing each fund pays for the funds report, from the source the year's salary lines follow
 * (the line writer's rule, reconciliation.positionsRoster, salarySource's choice): for a year whose
 * lines follow the roster before it (a planned year), the FTE of that roster's funded positions by
 * their fund shares and how many positions (positionsByFund); for a year with a payroll of its own
 * (employee lines that are not projected), the FTE of its employee lines by the fund that pays them
 * and how many people (payrollByFund); for a year with neither, nothing. Counts and FTE only: no
 * one's pay, so nothing here is withheld.
 */
export async function staffingByFund(db: Db, year: Year): Promise<FundsStaffing> {
  const none = { fte: 0, count: 0 };
  const nobody = { fte: 0, people: 0 };
  const { follows, roster } = await reconciliation.positionsRoster(db, year.budgetYearId, year.fiscalYear);
  if (follows) {
    const paid = new Map((await positionsByFund(db, roster)).map((r) => [r.fund_id, r]));
    return {
      positionsRoster: paid.size ? roster : null,
      payroll: null,
      of: (fundId) => {
        const r = paid.get(fundId);
        return { positions: r ? { fte: Number(r.fte), count: r.positions } : none, payroll: nobody };
      },
    };
  }
  const rows = await payrollByFund(db, year);
  const own = rows.some((r) => r.own > 0);
  const people = new Map(own ? rows.map((r) => [r.fund_id, r]) : []);
  return {
    positionsRoster: null,
    payroll: own ? { budgetYearId: year.budgetYearId, fiscalYear: year.fiscalYear } : null,
    of: (fundId) => {
      const r = people.get(fundId);
      return { positions: none, payroll: r ? { fte: Number(r.fte), people: r.people } : nobody };
    },
  };
}
