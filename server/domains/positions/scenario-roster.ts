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

// The label lives with the positions' other message words (guards.ts); the Scenario Builder's cut
// refusals reach it through this module.
export { groupLabel };

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
}

/**
 * The positions a cut of `req.fte` takes from its group, leaving out `taken` (cut already): the
 * vacancies first when asked (nobody loses a job), then the least senior holders (latest hire
 * date, as a reduction in force usually goes), then the newest positions. Whole positions only,
 * the earliest in that order that make the FTE exactly (exactPick): a cut the group's positions
 * cannot make exactly is refused with the nearest it can, and so is one of more FTE than it has left.
 */
export async function pickForCut(
  db: Db,
  roster: Roster,
  req: CutRequest,
  taken: readonly number[],
): Promise<Candidate[]> {
  const { rows } = await db.raw(
    `SELECT p.id, p.title, p.building_id, p.category_id, p.dese_code, p.work_group_id, p.fte::text AS fte, p.status,
            p.id = ANY(?::int[]) AS taken
       FROM positions p
       LEFT JOIN LATERAL (SELECT max(li.hire_date) AS hired FROM position_holders h
                            JOIN line_items li ON li.id = h.line_item_id WHERE h.position_id = p.id) s ON true
      WHERE p.budget_year_id = ? AND p.fiscal_year = ? AND p.status IN ${CUTTABLE}
        AND ${titleKey('p.title')} = ${titleKey('?::text')} AND p.building_id IS NOT DISTINCT FROM ?::int
      ORDER BY CASE WHEN ? AND ${isVacancyOf('p')} THEN 0 ELSE 1 END,
               s.hired DESC NULLS LAST, p.id DESC`,
    [[...taken], roster.budgetYearId, roster.fiscalYear, req.title, req.buildingId, req.vacanciesFirst],
  );
  // The group's positions this scenario cuts already come too, so the refusal says 'not cut
  // already' only when some of this group's are (its cuts of other groups are no part of it).
  const all = rows as (Candidate & { taken: boolean })[];
  const candidates: Candidate[] = all.filter((c) => !c.taken).map(({ taken: _taken, ...c }) => c);
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
 * Which of `sizes` (in order of preference) add up to exactly `want`, preferring the earliest: each
 * is taken when the ones after it can still make up the rest. Whole positions of mixed FTE (0.6 and
 * 1.0) are found this way where taking them greedily would stop short. Sizes and want are scaled
 * down by their common divisor first, so the table stays small (thousandths of FTE, usually whole
 * or half positions).
 */
export function exactPick(
  sizes: readonly number[],
  want: number,
): { ok: true; indexes: number[] } | { ok: false; nearest: number } {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const unit = sizes.reduce((g, n) => gcd(g, n), want) || 1;
  const target = want / unit;
  const units = sizes.map((n) => n / unit);
  // can[i][s]: positions i.. can make exactly s.
  const can = Array.from({ length: units.length + 1 }, () => new Uint8Array(target + 1));
  can[units.length][0] = 1;
  for (let i = units.length - 1; i >= 0; i -= 1) {
    for (let s = 0; s <= target; s += 1) {
      can[i][s] = can[i + 1][s] || (s >= units[i] && can[i + 1][s - units[i]]) ? 1 : 0;
    }
  }
  if (!can[0][target]) {
    let nearest = target;
    while (nearest > 0 && !can[0][nearest]) {
      nearest -= 1;
    }
    return { ok: false, nearest: nearest * unit };
  }
  const indexes: number[] = [];
  let rest = target;
  for (let i = 0; i < units.length && rest > 0; i += 1) {
    if (units[i] <= rest && can[i + 1][rest - units[i]]) {
      indexes.push(i);
      rest -= units[i];
    }
  }
  return { ok: true, indexes };
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
