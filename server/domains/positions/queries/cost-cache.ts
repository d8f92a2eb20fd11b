import type { Knex } from 'knex';
import { LruMap, perDatabase } from '@server/lib/lru';
import { asSets, positionCosts, positionScope } from '@server/sql/position-cost';
import { hasSalaryLine } from '@server/sql/salary-line';
import { filledFteOf, frozenFteOf, isVacancyOf, openFteOf, unheldFteOf } from './fte-split';

/**
 * The cost columns of a roster's positions (server/sql/position-cost.ts, the rule's one home),
 * kept between reads so the list's totals do not cost 50,000 positions again on every read (140 to
 * 250 ms of SQL). A read first asks PostgreSQL what changed since the rows were costed, and costs
 * again only the positions that changed:
 *
 * - Every INSERT or UPDATE gives a row the id of its transaction as xmin. A transaction that the
 *   previous read could not see was running then or began later, so its xid is at least that read's
 *   snapshot xmin (the `mark`): the positions, holders and holders' employee lines written by such
 *   a transaction (age(xmin) at most the mark's; age() is cheap where xmin::text is not) are all
 *   that can have changed.
 * - A DELETE leaves no row to find. A deleted position, or one moved out of the roster, leaves the
 *   kept rows more than the roster counts. Holders are only inserted and deleted (a deleted employee
 *   line's holders go with it: a trigger): when the holders older than the mark are fewer than all
 *   holders were at the mark, one went. Either way everything is costed again.
 * - Vacancy placements and salary schedules price many positions at once, and a category's personnel
 *   flag decides whether many have a salary line: any change to them (count and sum of xmin) costs
 *   everything again, as does a mark 2^30 transactions old.
 *
 * The check and the costing run in one REPEATABLE READ transaction, so the rows kept are exactly
 * the state their mark describes, whatever wrote it (API, import, CLI, another server process).
 * Caches are per database handle, so tests and several apps in one process never share entries.
 */

/** A position's cost columns, as integers: FTE in thousandths, cost in cents. */
export interface CostRow {
  id: number;
  status: string;
  buildingId: number | null;
  deseCode: string | null;
  categoryId: number | null;
  workGroupId: number | null;
  fte: number;
  filledFte: number;
  /** The FTE filled, open and frozen as the totals count them (./fte-split.ts, the rule's one home). */
  filledPart: number;
  openPart: number;
  /** The part of openPart a filled position's holders do not hold. */
  unheldPart: number;
  frozenPart: number;
  /** Vacant or posted (./fte-split.ts). */
  vacancy: boolean;
  /** Null when unpriced. */
  cents: bigint | null;
  unpriced: boolean;
  /** Its cost has a salary line to land on (server/sql/salary-line.ts). */
  salaryLine: boolean;
}

interface Entry {
  /** The snapshot xmin (64 bits) the rows were costed at. */
  mark: bigint;
  /** Every holder row of every roster at the mark. */
  holders: number;
  /** The pricing tables' fingerprint. */
  pricing: string;
  rows: Map<number, CostRow>;
}

type Scope = { budgetYearId: number; fiscalYear: number };

/** About 200 bytes a position; a few rosters of 50,000 fit. */
const cacheFor = perDatabase(() => new LruMap<Entry>(64 * 1024 * 1024, (e) => e.rows.size * 200));

const xmin = (alias: string) => `${alias}.xmin::text::bigint`;
const fingerprint = (table: string) =>
  `(SELECT count(*) || ':' || coalesce(sum(${xmin('t')}), 0) FROM ${table} t)`;

/** The costed rows of `ids` (probed), or of the whole scope (as sets). */
async function costRows(trx: Knex, scope: Scope | { ids: readonly number[] }): Promise<CostRow[]> {
  const read = (db: Knex) =>
    db.raw(
      `SELECT pc.id, pc.status, pc.building_id, pc.dese_code, pc.category_id, pc.work_group_id,
            (pc.fte * 1000)::int AS fte,
            (pc.filled_fte * 1000)::int AS filled_fte, (${filledFteOf('pc')} * 1000)::int AS filled_part,
            (${openFteOf('pc')} * 1000)::int AS open_part, (${unheldFteOf('pc')} * 1000)::int AS unheld_part,
            (${frozenFteOf('pc')} * 1000)::int AS frozen_part,
            ${isVacancyOf('pc')} AS vacancy, (pc.budgeted_cost * 100)::bigint::text AS cents,
            pc.unpriced_reason IS NOT NULL AS unpriced, ${hasSalaryLine('pc.category_id')} AS salary_line
       FROM (${positionCosts(scope, 'sets')}) pc`,
    );
  const { rows } = await ('ids' in scope ? read(trx) : asSets(trx, (db) => read(db as Knex)));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return rows.map((r: any) => ({
    id: r.id,
    status: r.status,
    buildingId: r.building_id,
    deseCode: r.dese_code,
    categoryId: r.category_id,
    workGroupId: r.work_group_id,
    fte: r.fte,
    filledFte: r.filled_fte,
    filledPart: r.filled_part,
    openPart: r.open_part,
    unheldPart: r.unheld_part,
    frozenPart: r.frozen_part,
    vacancy: r.vacancy,
    cents: r.cents === null ? null : BigInt(r.cents),
    unpriced: r.unpriced,
    salaryLine: r.salary_line,
  }));
}

/** A row written since the mark: its xmin at most as old as the mark's (32-bit) xid. */
const since = (alias: string, mark: bigint) => `age(${alias}.xmin) <= age('${mark & 0xffffffffn}'::xid)`;

/** The positions of the scope that may have changed since `mark`. */
async function changedIds(trx: Knex, scope: Scope, mark: bigint): Promise<number[]> {
  const { rows } = await trx.raw(
    `SELECT p.id FROM positions p
      WHERE ${positionScope(scope)}
        AND (${since('p', mark)}
             OR p.id IN (SELECT h.position_id FROM position_holders h WHERE ${since('h', mark)})
             OR p.id IN (SELECT h.position_id FROM line_items li
                           JOIN position_holders h ON h.line_item_id = li.id
                          WHERE ${since('li', mark)}))`,
  );
  return rows.map((r: { id: number }) => r.id);
}

/**
 * The scope's positions with their cost columns, as of now: the kept rows brought up to date, or
 * all costed again. The map returned is never changed afterwards (a read in flight may hold it).
 */
export async function costedPositions(db: Knex, scope: Scope): Promise<ReadonlyMap<number, CostRow>> {
  const cache = cacheFor(db);
  const key = `${scope.budgetYearId}:${scope.fiscalYear}`;
  return db.transaction(
    async (trx) => {
      const hit = cache.get(key);
      const { rows } = await trx.raw(
        `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
                pg_snapshot_xmax(pg_current_snapshot())::text AS xmax,
                ${fingerprint('vacancy_placements')} || '|' || ${fingerprint('salary_schedules')}
                  || '|' || ${fingerprint('salary_schedule_amounts')}
                  || '|' || ${fingerprint('budget_categories')} AS pricing,
                (SELECT count(*)::int FROM positions p WHERE ${positionScope(scope)}) AS positions,
                (SELECT count(*)::int FROM position_holders) AS holders
                ${hit ? `, (SELECT count(*)::int FROM position_holders h WHERE ${since('h', hit.mark)}) AS new_holders` : ''}`,
      );
      const now = rows[0];
      const fresh = (costed: CostRow[]): Entry => ({
        mark: BigInt(now.xmin),
        holders: now.holders,
        pricing: now.pricing,
        rows: new Map(costed.map((r) => [r.id, r])),
      });
      let entry: Entry | undefined;
      if (
        hit &&
        hit.pricing === now.pricing &&
        BigInt(now.xmax) - hit.mark < 2n ** 30n &&
        now.holders - now.new_holders === hit.holders
      ) {
        const ids = await changedIds(trx, scope, hit.mark);
        const next = ids.length ? new Map(hit.rows) : hit.rows;
        for (const id of ids) {
          next.delete(id);
        }
        for (const row of ids.length ? await costRows(trx, { ids }) : []) {
          next.set(row.id, row);
        }
        if (next.size === now.positions) {
          entry = { ...fresh([]), rows: next };
        }
      }
      entry ??= fresh(await costRows(trx, scope));
      cache.set(key, entry);
      return entry.rows;
    },
    { isolationLevel: 'repeatable read' },
  );
}
