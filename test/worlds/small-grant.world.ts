import { buildCategory, insertEmployees, insertProposed } from '../factories';
import { fundLine, makeFund, paid, type FundWorld } from './fund-pay.world';

/**
 * The funds report's world of a small grant (fund-pay.world.ts): a grant paying two interventionists
 * (2330) beside its supplies (2410), and a revolving fund paying five aides (2325), in one budget
 * year. The interventionists' pay is what a reader who may not see individual pay must not get.
 */
export const INTERVENTIONISTS = ['58250.00', '61375.00'];
/** The interventionists' next-year salaries together: the grant's proposed line under 2330. */
export const INTERVENTION = '119625.00';
export const GRANT_SUPPLIES = '8400.00';
export const AIDES = ['41100.00', '42200.00', '43300.00', '44400.00', '45500.00'];
/** The aides' next-year salaries together: the revolving fund's proposed line under 2325. */
export const AIDING = '216500.00';

/** The year a fund's people and lines are written in, and their salaries this year. */
export interface PayYear {
  by: number;
  fy: number;
  /** This year's salary of each person (their pay is next year's). */
  salary: string;
}

/**
 * A fund (`body`: POST /funds) paying `pays` (next-year salaries) to people of a personnel category
 * `name` under DESE function `code`, with one proposed line of `amount` (their pay together).
 */
export async function fundPaying(
  w: FundWorld,
  year: PayYear,
  body: object,
  people: { name: string; code: string; pays: readonly string[]; amount: string },
) {
  const db = w.t.db.knex;
  const fund = await makeFund(w, body);
  const category = await buildCategory(db, {
    name: `${people.name} ${year.fy}`,
    isPersonnel: true,
    deseFunction: people.code,
  });
  const base = { budgetYearId: year.by, fiscalYear: year.fy, manual: true };
  await insertEmployees(db, paid(base, category, people.pays, { fund_id: fund }, year.salary));
  await insertProposed(db, [fundLine(base, people.amount, category, fund, people.code)]);
  return { fund, category };
}

/**
 * The grant (`grant`: POST /funds) with its interventionists and its supplies (a line of the
 * category `supplies`), and the aides' fund (`aides`) with its aides: the funds' ids.
 */
export async function smallGrant(
  w: FundWorld,
  year: PayYear,
  o: { grant: object; aides: object; supplies: number },
) {
  const grant = await fundPaying(w, year, o.grant, {
    name: 'Interventionists',
    code: '2330',
    pays: INTERVENTIONISTS,
    amount: INTERVENTION,
  });
  const base = { budgetYearId: year.by, fiscalYear: year.fy };
  await insertProposed(w.t.db.knex, [fundLine(base, GRANT_SUPPLIES, o.supplies, grant.fund, '2410')]);
  const aides = await fundPaying(w, year, o.aides, {
    name: 'Aides',
    code: '2325',
    pays: AIDES,
    amount: AIDING,
  });
  return { grant: grant.fund, revolving: aides.fund };
}
