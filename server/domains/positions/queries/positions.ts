import type { Db } from '@server/db/index';
import { dbKind } from '@server/db/queue';
import { asSets, HOLDER_COST, HOLDER_LINES, positionCosts, positionScope } from '@server/sql/position-cost';
import type { Position, PositionListQuery } from '@shared/schemas/positions';
import { filledFteOf, frozenFteOf, isVacancyOf, openFteOf, unheldFteOf } from './fte-split';
import { cachedTotals, totalsFromCache, type TotalsRow } from './totals';
import { GENERAL_FUND } from '@server/sql/general-fund';
import { hasSalaryLine } from '@server/sql/salary-line';

/** A position row with its cost columns (server/sql/position-cost.ts) and the names the DTO shows. */
export interface PositionRow {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  title: string;
  building_id: number | null;
  building_name: string | null;
  dese_code: string | null;
  category_id: number | null;
  category_name: string | null;
  work_group_id: number | null;
  work_group_name: string | null;
  fte: number;
  status: Position['status'];
  vacancy_step: number | null;
  vacancy_lane: string | null;
  /** The roster's full-time rate (numeric, to the millionth), or null. */
  vacancy_rate: number | string | null;
  budgeted_step: number | null;
  budgeted_lane: string | null;
  placement_source: 'position' | 'workGroup' | null;
  notes: string | null;
  filled_fte: number;
  holder_count: number;
  holders: { lineItemId: number; employeeName: string | null; fteShare: number }[] | null;
  budgeted_cost: number | null;
  unpriced_reason: string | null;
  version: number;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  created_by_name: string | null;
  updated_by_name: string | null;
}

/** A holder's name as the grids show it: first and last, or null. */
export const PERSON = `nullif(btrim(concat_ws(' ', li.first_name, li.last_name)), '')`;

/**
 * Rows with cost columns (`source`: a relation or subquery of positionCosts rows) with the names and
 * holders (name order) the DTO shows: added only to the rows sent, not to every row filtered.
 */
function named(source: string): string {
  return `SELECT pc.*, b.name AS building_name, c.name AS category_name, wg.name AS work_group_name,
      cu.name AS created_by_name, uu.name AS updated_by_name, hl.holders
    FROM ${source} pc
    LEFT JOIN buildings b ON b.id = pc.building_id
    LEFT JOIN budget_categories c ON c.id = pc.category_id
    LEFT JOIN work_groups wg ON wg.id = pc.work_group_id
    LEFT JOIN users cu ON cu.id = pc.created_by
    LEFT JOIN users uu ON uu.id = pc.updated_by
    LEFT JOIN LATERAL (SELECT json_agg(json_build_object('lineItemId', li.id, 'employeeName', ${PERSON},
                                'fteShare', h.fte_share) ORDER BY li.last_name, li.first_name, li.id) AS holders
                         FROM ${HOLDER_LINES}
                        WHERE h.position_id = pc.id) hl ON pc.holder_count > 0`;
}

/** The list's filters as conditions on `f` (a positionCosts row), with their bindings. */
function filters(query: PositionListQuery): { where: string[]; bindings: (string | number)[] } {
  const where: string[] = [];
  const bindings: (string | number)[] = [];
  if (query.buildingId === 'none') {
    where.push('f.building_id IS NULL');
  } else if (query.buildingId !== undefined) {
    where.push('f.building_id = ?');
    bindings.push(query.buildingId);
  }
  if (query.categoryId === 'none') {
    // Whose cost lands in no salary line: no category, or one that is not personnel.
    where.push(`NOT ${hasSalaryLine('f.category_id')}`);
  } else if (query.categoryId !== undefined) {
    where.push('f.category_id = ?');
    bindings.push(query.categoryId);
  }
  for (const [key, column] of [
    ['deseCode', 'dese_code'],
    ['workGroupId', 'work_group_id'],
  ] as const) {
    if (query[key] !== undefined) {
      where.push(`f.${column} = ?`);
      bindings.push(query[key]);
    }
  }
  if (query.status?.length) {
    where.push(`f.status IN (${query.status.map(() => '?').join(', ')})`);
    bindings.push(...query.status);
  }
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`(f.title ILIKE ? OR EXISTS (SELECT 1 FROM ${HOLDER_LINES}
                WHERE h.position_id = f.id AND ${PERSON} ILIKE ?))`);
    bindings.push(like, like);
  }
  if (query.fundId) {
    // Paid (in part) by the fund: a share on it, or for the general fund, no split at all.
    where.push(`(EXISTS (SELECT 1 FROM position_fund_shares s WHERE s.position_id = f.id AND s.fund_id = ?)
                 OR (?::int = ${GENERAL_FUND}
                     AND NOT EXISTS (SELECT 1 FROM position_fund_shares s WHERE s.position_id = f.id)))`);
    bindings.push(Number(query.fundId), Number(query.fundId));
  }
  if (query.overFilled !== undefined) {
    where.push(query.overFilled ? 'f.filled_fte > f.fte' : 'f.filled_fte <= f.fte');
  }
  if (query.unpriced !== undefined) {
    where.push(query.unpriced ? 'f.unpriced_reason IS NOT NULL' : 'f.unpriced_reason IS NULL');
  }
  return { where, bindings };
}

/** The totals of a set of positions `f`, as one row's columns; FTE split by ./fte-split.ts. */
export const TOTALS = `count(*)::int AS positions, coalesce(sum(f.fte), 0) AS fte,
  coalesce(sum(${filledFteOf('f')}), 0) AS filled_fte,
  coalesce(sum(${openFteOf('f')}), 0) AS vacant_fte,
  coalesce(sum(${unheldFteOf('f')}), 0) AS unheld_fte,
  (count(*) FILTER (WHERE ${isVacancyOf('f')}))::int AS vacant_count,
  coalesce(sum(${frozenFteOf('f')}), 0) AS frozen_fte,
  coalesce(sum(f.budgeted_cost), 0) AS budgeted_cost,
  (count(*) FILTER (WHERE f.unpriced_reason IS NOT NULL))::int AS unpriced_count,
  (count(*) FILTER (WHERE f.filled_fte > f.fte))::int AS over_filled_count,
  (count(*) FILTER (WHERE NOT ${hasSalaryLine('f.category_id')}))::int AS no_salary_line_count,
  coalesce(sum(f.budgeted_cost) FILTER (WHERE NOT ${hasSalaryLine('f.category_id')}), 0) AS no_salary_line_cost`;

export type { TotalsRow } from './totals';

/** Filters that read a cost column (filled_fte, unpriced_reason), not only the position's own. */
const readsCosts = (query: PositionListQuery) =>
  query.overFilled !== undefined || query.unpriced !== undefined;

/**
 * One page of a year's positions matching the filters (title order), the number matching and their
 * totals. The totals come from the kept cost rows (./cost-cache.ts), or for a text search are one
 * aggregate over the costed positions that builds no row (at 50,000 positions, materializing every
 * costed row to total and sort them took four times as long); the page is chosen from the positions alone unless a filter reads a cost, and only its rows are named.
 * The page and the totals run side by side, on two connections (one after the other on PGlite).
 */
export async function listPositions(
  db: Db,
  budgetYearId: number,
  query: PositionListQuery,
): Promise<{ rows: PositionRow[]; totals: TotalsRow }> {
  const { where, bindings } = filters(query);
  const scope = { budgetYearId, fiscalYear: query.fiscalYear };
  const matching = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const page = `${query.limit !== undefined ? `LIMIT ${Number(query.limit)}` : ''} OFFSET ${Number(query.offset ?? 0)}`;
  // The whole list (no limit), or a page a cost filter picks, costs every position: as sets (each
  // table read once: asSets). A page without a cost filter is picked from the positions alone and
  // only its ids costed (a literal list: an index probe each, even in a plan made without
  // statistics, which the embedded database always makes).
  const costsAll = readsCosts(query) || query.limit === undefined;
  const pageRows = async (): Promise<{ sql: string; bindings: (string | number)[] }> => {
    if (costsAll) {
      return {
        sql: `(SELECT f.* FROM (${positionCosts(scope, 'sets')}) f ${matching} ORDER BY f.title, f.id ${page})`,
        bindings,
      };
    }
    const { rows } = await db.raw(
      `SELECT f.id FROM positions f WHERE ${[positionScope(scope, 'f'), ...where].join(' AND ')}
        ORDER BY f.title, f.id ${page}`,
      bindings,
    );
    return { sql: `(${positionCosts({ ids: rows.map((r: { id: number }) => r.id) })})`, bindings: [] };
  };
  const listOn = (conn: Db) =>
    // Materialized, so a plan made without statistics never costs the rows again for each row of a
    // join.
    pageRows().then((source) =>
      conn.raw(
        `WITH pg AS MATERIALIZED ${source.sql} SELECT * FROM (${named('pg')}) x ORDER BY x.title, x.id`,
        source.bindings,
      ),
    );
  const list = () => (costsAll ? asSets(db, listOn) : listOn(db));
  // The totals from the kept cost rows (queries/cost-cache.ts: only what changed is costed again),
  // but a text search, which reads holders' names.
  const totals = (): Promise<TotalsRow> =>
    totalsFromCache(db, query)
      ? cachedTotals(db, scope, query)
      : asSets(db, (trx) =>
          trx.raw(`SELECT ${TOTALS} FROM (${positionCosts(scope, 'sets')}) f ${matching}`, bindings),
        ).then((r: { rows: TotalsRow[] }) => r.rows[0]);
  if (dbKind(db) === 'pglite') {
    // One connection: the totals' transaction would hold it while the page's queries wait.
    const sums = await totals();
    return { rows: (await list()).rows, totals: sums };
  }
  const [shown, sums] = await Promise.all([list(), totals()]);
  return { rows: shown.rows, totals: sums };
}

/** Positions by id with their costs (in id order). */
export async function positionsById(db: Db, ids: readonly number[]): Promise<PositionRow[]> {
  const { rows } = await db.raw(`SELECT * FROM (${named(`(${positionCosts({ ids })})`)}) f ORDER BY f.id`);
  return rows;
}

/** The bare row of a position, locked for a write (FOR UPDATE), or undefined. */
export interface PositionBase {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  title: string;
  building_id: number | null;
  dese_code: string | null;
  category_id: number | null;
  work_group_id: number | null;
  fte: number;
  status: Position['status'];
  vacancy_step: number | null;
  vacancy_lane: string | null;
  /** The roster's rate (left out by a write that makes a position without one). */
  vacancy_rate?: number | string | null;
  notes: string | null;
  version: number;
}

export async function lockPositions(db: Db, ids: readonly number[]): Promise<PositionBase[]> {
  return db('positions').whereIn('id', ids).orderBy('id').forUpdate().select('*');
}

export interface HolderRow {
  line_item_id: number;
  employee_name: string | null;
  fte_share: number;
  employee_fte: number | null;
  employee_total_share: number;
  next_year_salary: number | null;
  budgeted_cost: number;
}

/** A position's holders with their pay and every share they hold. */
export async function holdersOf(db: Db, positionId: number): Promise<HolderRow[]> {
  const { rows } = await db.raw(
    `SELECT li.id AS line_item_id, ${PERSON} AS employee_name, h.fte_share, li.current_fte AS employee_fte,
            (SELECT sum(x.fte_share) FROM position_holders x WHERE x.line_item_id = li.id) AS employee_total_share,
            li.next_year_salary, ${HOLDER_COST} AS budgeted_cost
       FROM ${HOLDER_LINES}
      WHERE h.position_id = ?
      ORDER BY li.last_name, li.first_name, li.id`,
    [positionId],
  );
  return rows;
}

export interface HistoryRow {
  id: number;
  position_id: number;
  action: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor_label: string | null;
  user_name: string | null;
  created_at: Date | string;
}

export async function historyOf(db: Db, positionId: number): Promise<HistoryRow[]> {
  return db('position_history as ph')
    .leftJoin('users as u', 'u.id', 'ph.user_id')
    .where('ph.position_id', positionId)
    .orderBy('ph.id', 'desc')
    .select('ph.*', 'u.name as user_name');
}
