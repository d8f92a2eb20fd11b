import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import {
  newVacancyCosts,
  POSITION_FUND_PARTS,
  positionCosts,
  type NewVacancy,
} from '@server/sql/position-cost';
import { lineCodeByCategoryId } from '@server/sql/line-code';
import { PERSON } from './queries/positions';
import { fteText, groupLabel, milli } from './guards';
import { titleKey } from './queries/title-key';
import { isVacancyOf } from './queries/fte-split';
import { exactPick } from './exact-pick';

// The label lives with the positions' other message words (guards.ts); the Scenario Builder's cut
// refusals reach it through this module.
export { groupLabel, exactPick };

/**
 * What a cut scenario reads of the roster it cuts (shared/schemas/scenario-positions.ts): the
 * groups a cut can name (a title at a building, the title compared as a payroll import compares it:
 * case and outer spaces ignored), which positions a cut of some FTE picks, and what positions cost.
 * Nothing here writes: the scenario stores its picks, and only an adoption changes the roster
 * (./scenario-adoption.ts).
 */

export interface Roster {
  budgetYearId: number;
  fiscalYear: number;
}

/** Statuses a cut can take a position from: a frozen one is already unfunded, a closed one gone. */
const CUTTABLE = `('filled', 'vacant', 'posted')`;

export interface GroupRow {
  title: string;
  building_id: number | null;
  building_name: string | null;
  position_count: number;
  fte: string;
  vacant_fte: string;
  cut_fte: string;
}

/**
 * The words of a search as LIKE patterns, each to be found somewhere (lowercased, % and _ taken as
 * typed): 'Teacher Hillside' is two words, since a clerk types a title word and a building word.
 */
function searchWords(search: string | undefined): string[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * The roster's groups (at most 500, by title), each with the FTE `cutIds` already take from it;
 * with a search, those where every word of it is in the title or the building's name.
 */
export async function rosterGroups(
  db: Db,
  roster: Roster,
  cutIds: readonly number[],
  search?: string,
): Promise<GroupRow[]> {
  const { rows } = await db.raw(
    `SELECT min(p.title) AS title, p.building_id, min(b.name) AS building_name, count(*)::int AS position_count,
            sum(p.fte)::text AS fte,
            coalesce(sum(p.fte) FILTER (WHERE ${isVacancyOf('p')}), 0)::text AS vacant_fte,
            coalesce(sum(p.fte) FILTER (WHERE p.id = ANY(?::int[])), 0)::text AS cut_fte
       FROM positions p LEFT JOIN buildings b ON b.id = p.building_id
      WHERE p.budget_year_id = ? AND p.fiscal_year = ? AND p.status IN ${CUTTABLE}
        AND NOT EXISTS (SELECT 1 FROM unnest(?::text[]) AS w(pattern)
                         WHERE lower(p.title) NOT LIKE w.pattern
                           AND lower(coalesce(b.name, 'district wide')) NOT LIKE w.pattern)
      GROUP BY ${titleKey('p.title')}, p.building_id
      ORDER BY ${titleKey('min(p.title)')}, min(b.name) NULLS FIRST
      LIMIT 500`,
    [[...cutIds], roster.budgetYearId, roster.fiscalYear, searchWords(search)],
  );
  return rows;
}

export interface CutRequest {
  title: string;
  buildingId: number | null;
  fte: number;
  vacanciesFirst: boolean;
}

export interface Candidate {
  id: number;
  title: string;
  building_id: number | null;
  category_id: number | null;
  dese_code: string | null;
  work_group_id: number | null;
  fte: string;
  status: string;
  /** Why the order took it, in plain words: 'vacant', 'hired 2019-08-26 (least senior)'... */
  why: string;
  /** Set when cutting it saves $0 ('saves nothing: its holder has no salary'): shown, never hidden. */
  warning: string | null;
}

/**
 * The order a cut takes a group's positions in, as the dialog and the CLI say it (the order itself
 * is pickForCut's SQL: this says it, it does not decide it).
 */
export function pickOrder(vacanciesFirst: boolean): string {
  return (
    (vacanciesFirst
      ? 'Vacancies first, then the least senior by hire date (latest hired first); '
      : 'The least senior by hire date first (latest hired first); ') +
    'positions whose holders have no hire date come last, newest position first' +
    (vacanciesFirst ? '' : ', and vacancies with them') +
    '. At the same hire date, or with none, a position that saves something goes before one that saves nothing. ' +
    'Whole positions only: the earliest in this order that make the FTE exactly.'
  );
}

interface PickRow extends Omit<Candidate, 'why' | 'warning'> {
  taken: boolean;
  vacancy_first: boolean;
  vacancy: boolean;
  hired: string | null;
  holder_count: number;
  saves_nothing: boolean;
}

/** The plain words for where a row stood in pickForCut's order (its tier) and for a $0 cut. */
function reasoned({ taken: _t, vacancy_first, vacancy, hired, holder_count, saves_nothing, ...c }: PickRow) {
  const why = vacancy_first
    ? 'vacant'
    : hired
      ? `hired ${hired} (least senior)`
      : vacancy
        ? 'vacant, no hire date: newest position'
        : holder_count
          ? 'no hire date: newest position'
          : 'no holder: newest position';
  const warning = !saves_nothing
    ? null
    : holder_count
      ? `saves nothing: ${holder_count === 1 ? 'its holder has' : 'its holders have'} no salary`
      : 'saves nothing: it costs $0';
  return { ...c, why, warning };
}

/**
 * The positions a cut of `req.fte` takes from its group, leaving out `taken` (cut already), in THE
 * order (pickOrder says it in words; each pick carries its own reason, `why`):
 * 1. the vacancies, when asked (nobody loses a job);
 * 2. the least senior holders: latest hire date (line_items.hire_date) first, as a reduction in
 *    force goes by contract;
 * 3. positions whose holders have no hire date (a payroll file without them), newest position
 *    first: a stand-in for seniority, which the reason says so nobody takes it for seniority.
 * Within the same tier and hire date, a position that saves something goes before one that saves
 * $0 (a holder with no next-year salary): a business manager cuts to save money, and with no
 * seniority to tell two positions apart a $0 pick only makes them cut more. Seniority itself is not
 * overridden: a less senior holder with no salary still goes before a more senior one (contract),
 * and the $0 pick is flagged (warning) rather than skipped. An unpriced vacancy (cost unknown, not
 * $0) is not put back. Whole positions only, the earliest in that order that make the FTE exactly
 * (exactPick): a cut the group's positions cannot make exactly is refused with the nearest it
 * can, and so is one of more FTE than it has left.
 */
export async function pickForCut(
  db: Db,
  roster: Roster,
  req: CutRequest,
  taken: readonly number[],
): Promise<Candidate[]> {
  const { rows } = await db.raw(
    `SELECT p.id, p.title, p.building_id, p.category_id, p.dese_code, p.work_group_id, p.fte::text AS fte, p.status,
            p.id = ANY(?::int[]) AS taken, t.vacancy_first, ${isVacancyOf('p')} AS vacancy,
            to_char(s.hired, 'YYYY-MM-DD') AS hired, p.holder_count, coalesce(p.budgeted_cost = 0, false) AS saves_nothing
       FROM (${positionCosts(roster)}) p
       LEFT JOIN LATERAL (SELECT max(li.hire_date) AS hired FROM position_holders h
                            JOIN line_items li ON li.id = h.line_item_id WHERE h.position_id = p.id) s ON true
      CROSS JOIN LATERAL (SELECT ?::boolean AND ${isVacancyOf('p')} AS vacancy_first) t
      WHERE p.status IN ${CUTTABLE}
        AND ${titleKey('p.title')} = ${titleKey('?::text')} AND p.building_id IS NOT DISTINCT FROM ?::int
      ORDER BY t.vacancy_first DESC, s.hired DESC NULLS LAST, coalesce(p.budgeted_cost = 0, false), p.id DESC`,
    [[...taken], req.vacanciesFirst, req.title, req.buildingId],
  );
  // The group's positions this scenario cuts already come too, so the refusal says 'not cut
  // already' only when some of this group's are (its cuts of other groups are no part of it).
  const all = rows as PickRow[];
  const candidates: Candidate[] = all.filter((c) => !c.taken).map(reasoned);
  const want = milli(req.fte);
  const left = candidates.reduce((sum, c) => sum + milli(c.fte), 0);
  const label = await groupLabel(db, candidates[0]?.title ?? req.title, req.buildingId);
  if (want > left) {
    const already = all.some((c) => c.taken) ? ' not cut already in this scenario' : '';
    throw validationFailed([
      {
        path: 'fte',
        message: candidates.length
          ? `${label} has ${fteText(left)} FTE${already}: a cut of ${fteText(want)} FTE is more than the group has`
          : `${label} has no position${already} to cut`,
      },
    ]);
  }
  const picked = exactPick(
    candidates.map((c) => milli(c.fte)),
    want,
  );
  if (!picked.ok) {
    // No cut below the one asked: every position is larger, so the smallest one is the nearest cut
    // there is ('the nearest cut is 0 FTE' told a user asking for 0.5 of 1.0 FTE positions nothing).
    const nearest = picked.nearest
      ? `the nearest cut is ${fteText(picked.nearest)} FTE`
      : `the smallest cut they make is ${fteText(Math.min(...candidates.map((c) => milli(c.fte))))} FTE`;
    throw validationFailed([
      {
        path: 'fte',
        message: `${label}'s positions cannot make exactly ${fteText(want)} FTE from whole positions: ${nearest}`,
      },
    ]);
  }
  return picked.indexes.map((i) => candidates[i]);
}

/**
 * A cut's changes (`changes`, one per picked position) in the order pickForCut took them, each with
 * the reason it gave: the answer says why without anything re-ordering or re-deciding.
 */
export function withReasons<C extends { positionId: number | null }>(
  picked: readonly Candidate[],
  changes: readonly C[],
): (C & Pick<Candidate, 'why' | 'warning'>)[] {
  const byPosition = new Map(changes.map((c) => [c.positionId, c]));
  return picked.flatMap((p) => {
    const c = byPosition.get(p.id);
    return c ? [{ ...c, why: p.why, warning: p.warning }] : [];
  });
}

export interface CostedPosition {
  id: number;
  status: string;
  title: string;
  fte: string;
  category_id: number | null;
  budgeted_cost: string | null;
  /**
   * budgeted_cost by fund (POSITION_FUND_PARTS; fund null: the general fund), as exact text: what a
   * cut saves each fund, the town's goal (the general fund) and net school spending.
   */
  fund_parts: { fund: number | null; cost: string }[];
  /** The function code its salary lines carry: its own, else its category's (as LINE_CODE reads a line). */
  code: string | null;
  unpriced_reason: string | null;
  holders: string[];
}

/** Positions by id with their cost (the one cost rule) and their holders' names. */
export async function costedPositions(db: Db, ids: readonly number[]): Promise<Map<number, CostedPosition>> {
  if (!ids.length) {
    return new Map();
  }
  const { rows } = await db.raw(
    `SELECT pc.id, pc.status, pc.title, pc.fte::text AS fte, pc.category_id, pc.budgeted_cost::text AS budgeted_cost,
            pc.unpriced_reason,
            coalesce((SELECT json_agg(json_build_object('fund', fp.fund_id, 'cost', fp.cost::text))
                        FROM (${POSITION_FUND_PARTS}) fp WHERE fp.cost IS NOT NULL), '[]') AS fund_parts,
            ${lineCodeByCategoryId('pc.dese_code', 'pc.category_id')} AS code,
            coalesce((SELECT array_agg(coalesce(${PERSON}, 'line ' || h.line_item_id) ORDER BY h.line_item_id)
                        FROM position_holders h JOIN line_items li ON li.id = h.line_item_id
                       WHERE h.position_id = pc.id), '{}') AS holders
       FROM (${positionCosts({ ids })}) pc`,
  );
  return new Map((rows as CostedPosition[]).map((r) => [Number(r.id), r]));
}

/** New vacancies' prices (a scenario's adds), by key. */
export async function vacancyPrices(
  db: Db,
  rows: readonly NewVacancy[],
): Promise<Map<number, { cost: string | null; reason: string | null }>> {
  const q = newVacancyCosts(rows);
  const { rows: priced } = await db.raw(q.sql, q.bindings);
  return new Map(
    (priced as { key: number; budgeted_cost: string | null; unpriced_reason: string | null }[]).map((r) => [
      Number(r.key),
      { cost: r.budgeted_cost === null ? null : String(r.budgeted_cost), reason: r.unpriced_reason },
    ]),
  );
}

/** FTE of each personnel category in the roster that counts against a floor (not frozen or closed). */
export async function categoryFte(db: Db, roster: Roster): Promise<Map<number, number>> {
  const { rows } = await db.raw(
    `SELECT category_id, sum(fte)::text AS fte FROM positions
      WHERE budget_year_id = ? AND fiscal_year = ? AND status IN ${CUTTABLE} AND category_id IS NOT NULL
      GROUP BY category_id`,
    [roster.budgetYearId, roster.fiscalYear],
  );
  return new Map((rows as { category_id: number; fte: string }[]).map((r) => [r.category_id, milli(r.fte)]));
}
