import type { Db } from '@server/db/index';
import { activeScope } from '@server/sql/line-items-scope';
import { LINE_CODE } from '@server/domains/massachusetts';
import { lineCode } from '@server/sql/line-code';
import { asSets, positionCostGroups } from '@server/sql/position-cost';
import { centsOf } from '@shared/money';
import { OWN_FUND } from '@server/sql/general-fund';
import { hasSalaryLine } from '@server/sql/salary-line';

export interface PayrollGroup {
  categoryId: number | null;
  buildingId: number | null;
  /** The people's function code (each one's own, else the category's: LINE_CODE), or null. */
  code: string | null;
  categoryName: string | null;
  buildingName: string | null;
  /** Whether the group's cost has a salary line to land on (server/sql/salary-line.ts). */
  isPersonnel: boolean;
  /**
   * The fund that pays the group (null: the general fund): the positions' fund shares, or the
   * fund of the payroll's lines (a grant-paid person's salary is budgeted on that grant).
   */
  fundId?: number | null;
  fundName?: string | null;
  total: number;
  count: number;
}

/** A group row (category, building, code, names, total, count) as a PayrollGroup. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const toGroup = (r: any): PayrollGroup => ({
  categoryId: r.category_id,
  buildingId: r.building_id,
  code: r.code,
  categoryName: r.category_name,
  buildingName: r.building_name,
  isPersonnel: Boolean(r.is_personnel),
  ...(r.fund_id === undefined ? {} : { fundId: r.fund_id, fundName: r.fund_name }),
  total: Number(r.total),
  count: Number(r.count),
});

/**
 * Employee salaries per (category, building, function code, fund) of a fiscal year, and the grand
 * total (GROUPING SETS). A blank salary counts as $0. The code is read as every report reads a
 * line's (LINE_CODE), so the salary lines written from these groups land where the DESE report, the
 * per-pupil table and the resident page put the people; the fund is the employee line's, so a
 * grant-paid salary is budgeted on its grant and not counted toward net school spending.
 */
export async function payrollGroups(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ groups: PayrollGroup[]; total: number }> {
  const { rows } = await db.raw(
    `SELECT a.*, c.name AS category_name, ${hasSalaryLine('a.category_id')} AS is_personnel,
            b.name AS building_name, f.name AS fund_name
       FROM (SELECT li.category_id, li.building_id, ${LINE_CODE} AS code, ${OWN_FUND('li.fund_id')} AS fund_id,
                    GROUPING(li.category_id) AS is_total,
                    coalesce(sum(li.current_salary), 0) AS total, count(*)::int AS count
               FROM line_items li
               LEFT JOIN budget_categories c ON c.id = li.category_id
              WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND li.is_operating AND ${activeScope()}
              GROUP BY GROUPING SETS ((li.category_id, li.building_id, ${LINE_CODE}, ${OWN_FUND('li.fund_id')}), ())) a
       LEFT JOIN budget_categories c ON c.id = a.category_id
       LEFT JOIN buildings b ON b.id = a.building_id
       LEFT JOIN funds f ON f.id = a.fund_id`,
    [budgetYearId, fiscalYear],
  );
  let total = 0;
  const groups: PayrollGroup[] = [];
  for (const r of rows) {
    if (Number(r.is_total) === 1) {
      total = Number(r.total);
      continue;
    }
    groups.push(toGroup(r));
  }
  return { groups, total };
}

export interface PersonnelLine {
  id: number;
  category_id: number;
  building_id: number | null;
  /** The line's function code, read as the reports read it (LINE_CODE). */
  code: string | null;
  amount: number | null;
  /** The line's fund, null for the general fund (a line naming the general fund's id reads null too). */
  fund_id: number | null;
  category_name: string;
  building_name: string | null;
}

/**
 * The salary budget of a fiscal year: its proposed lines (in the active scope) of personnel
 * categories, oldest first, locked. See updateSalaryBudget for why all of them.
 */
export async function personnelLines(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<PersonnelLine[]> {
  const { rows } = await db.raw(
    `SELECT li.id, li.category_id, li.building_id, ${LINE_CODE} AS code, li.amount,
            ${OWN_FUND('li.fund_id')} AS fund_id,
            c.name AS category_name, b.name AS building_name
       FROM line_items li
       JOIN budget_categories c ON c.id = li.category_id AND c.is_personnel
       LEFT JOIN buildings b ON b.id = li.building_id
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating AND ${activeScope()}
      ORDER BY li.id
      FOR UPDATE OF li`,
    [budgetYearId, fiscalYear],
  );
  return rows;
}

/** The active proposed budget of a budget year, which new lines join. */
export async function activeProposedScenarioId(db: Db, budgetYearId: number): Promise<number | null> {
  const row = await db('scenarios')
    .where({ budget_year_id: budgetYearId, scenario_type: 'proposed', is_active: true })
    .first('id');
  return row?.id ?? null;
}

/**
 * A position's function code (`own`, over its category c) read as a line's is
 * (LINE_CODE: its own, else its category's; blank is none): the salary line set from it carries
 * the position's own code, and a line's place is read by LINE_CODE, so a position left without a
 * code in a category with one must be placed at the category's code, or the line set there is
 * never found at the place again (a second line was added at every follow).
 */
const positionCode = (own: string) => lineCode(own);

/**
 * The salary groups of a roster's positions (server/sql/position-cost.ts), at their places as a
 * line's place is read (positionCode), named as payrollGroups names its groups; empty when the
 * roster has no positions.
 */
export async function positionGroups(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  places?: readonly Place[],
): Promise<{ groups: PayrollGroup[]; total: number }> {
  // The places' condition on the cost groups' own columns is pushed down by PostgreSQL to the
  // positions scanned, so only the positions there are costed (a blank code may resolve to the
  // place's: kept, then held to the place exactly once resolved). The whole roster is read as sets.
  const near = places ? `WHERE ${placesCondition(places, 'g', true)}` : '';
  const exact = places ? `WHERE ${placesCondition(places, 'r', false)}` : '';
  const read = (trx: Db) =>
    trx.raw(
      `SELECT r.category_id, r.building_id, r.code, r.fund_id, sum(r.total) AS total, sum(r.count)::int AS count,
            c.name AS category_name, ${hasSalaryLine('r.category_id')} AS is_personnel, b.name AS building_name,
            f.name AS fund_name
       FROM (SELECT g.category_id, g.building_id, ${positionCode('g.code')} AS code, g.fund_id, g.total, g.count
               FROM (${positionCostGroups({ budgetYearId, fiscalYear }, places ? 'probes' : 'sets')}) g
               LEFT JOIN budget_categories c ON c.id = g.category_id
              ${near}) r
       LEFT JOIN budget_categories c ON c.id = r.category_id
       LEFT JOIN buildings b ON b.id = r.building_id
       LEFT JOIN funds f ON f.id = r.fund_id
      ${exact}
      GROUP BY r.category_id, r.building_id, r.code, r.fund_id, c.name, b.name, f.name`,
      places ? [...places.flat(), ...places.flat()] : [],
    );
  const { rows } = await (places ? read(db) : asSets(db, read));
  const groups: PayrollGroup[] = rows.map(toGroup);
  // Summed in cents: the groups' totals are whole cents (numeric), their float sum need not be.
  const cents = groups.reduce((sum, g) => sum + Number(centsOf(g.total)), 0);
  return { groups, total: cents / 100 };
}

/** Whether a fiscal year of a budget year has employee lines of its own (a payroll, not projected). */
export async function hasPayroll(db: Db, budgetYearId: number, fiscalYear: number): Promise<boolean> {
  const { rows } = await db.raw(
    `SELECT EXISTS (SELECT 1 FROM line_items li WHERE li.budget_year_id = ? AND li.fiscal_year = ?
                     AND li.is_operating AND NOT li.is_projected AND ${activeScope()}) AS has`,
    [budgetYearId, fiscalYear],
  );
  return Boolean(rows[0].has);
}

/** A salary line's place: category, building and function code (nulls are places too). */
export type Place = [categoryId: number | null, buildingId: number | null, code: string | null];

/**
 * `places` as a condition on the groups `alias` (one binding per part); `orBlank` also keeps a
 * blank code, which may resolve to the place's (its category's).
 */
function placesCondition(places: readonly Place[], alias: string, orBlank: boolean): string {
  if (!places.length) {
    return 'false';
  }
  const blank = orBlank ? ` OR nullif(btrim(${alias}.code), '') IS NULL` : '';
  return places
    .map(
      () =>
        `(${alias}.category_id IS NOT DISTINCT FROM ?::integer AND ${alias}.building_id IS NOT DISTINCT FROM ?::integer
          AND (${alias}.code IS NOT DISTINCT FROM ?::text${blank}))`,
    )
    .join(' OR ');
}

/**
 * The rosters (budget year, fiscal year) and places of the positions some employee lines hold:
 * what an edit of those lines changes the cost of.
 */
export async function placesHeldBy(
  db: Db,
  lineIds: readonly number[],
): Promise<{ budgetYearId: number; fiscalYear: number; place: Place }[]> {
  if (!lineIds.length) {
    return [];
  }
  const { rows } = await db.raw(
    `SELECT DISTINCT p.budget_year_id, p.fiscal_year, p.category_id, p.building_id, p.dese_code
       FROM position_holders h JOIN positions p ON p.id = h.position_id
      WHERE h.line_item_id = ANY(?::integer[])`,
    [lineIds as number[]],
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return rows.map((r: any) => ({
    budgetYearId: Number(r.budget_year_id),
    fiscalYear: Number(r.fiscal_year),
    place: [r.category_id, r.building_id, r.dese_code] as Place,
  }));
}

/**
 * Places as salary lines' places are read: a blank code is its category's (positionCode), so a
 * place named by a position's own columns is the place its cost is grouped at.
 */
export async function resolvePlaces(db: Db, places: readonly Place[]): Promise<Place[]> {
  const blank = places.filter(([category, , code]) => category !== null && !code?.trim());
  const codes = new Map<number, string | null>();
  if (blank.length) {
    const { rows } = await db.raw(
      `SELECT c.id, ${positionCode('NULL::text')} AS code FROM budget_categories c WHERE c.id = ANY(?::integer[])`,
      [[...new Set(blank.map(([category]) => category as number))]],
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    rows.forEach((r: any) => codes.set(Number(r.id), r.code));
  }
  const out = new Map<string, Place>();
  for (const [category, building, code] of places) {
    const place: Place = [
      category,
      building,
      code?.trim() || (category === null ? null : (codes.get(category) ?? null)),
    ];
    out.set(JSON.stringify(place), place);
  }
  return [...out.values()];
}

/** Every roster that has positions. */
export async function rostersWithPositions(db: Db): Promise<{ budgetYearId: number; fiscalYear: number }[]> {
  const { rows } = await db.raw(`SELECT DISTINCT budget_year_id, fiscal_year FROM positions`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return rows.map((r: any) => ({
    budgetYearId: Number(r.budget_year_id),
    fiscalYear: Number(r.fiscal_year),
  }));
}

/** Whether a roster (budget year, fiscal year) has any positions. */
export async function hasPositions(db: Db, budgetYearId: number, fiscalYear: number): Promise<boolean> {
  const row = await db('positions')
    .where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear })
    .first('id');
  return Boolean(row);
}

/** Whether a budget year is still there (a change may delete one with its lines). */
export async function budgetYearExists(db: Db, budgetYearId: number): Promise<boolean> {
  return Boolean(await db('budget_years').where({ id: budgetYearId }).first('id'));
}
