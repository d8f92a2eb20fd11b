import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import type { PositionBase } from './positions';

/** The columns a write may set on a position. */
export type PositionValues = Partial<
  Omit<PositionBase, 'id' | 'budget_year_id' | 'fiscal_year' | 'version'> & {
    budget_year_id: number;
    fiscal_year: number;
  }
>;

const userOf = (actor: Actor) => (actor.kind === 'user' ? actor.id : null);

export async function insertPosition(db: Db, actor: Actor, values: PositionValues): Promise<number> {
  const [row] = await db('positions')
    .insert({ ...values, created_by: userOf(actor), updated_by: userOf(actor) })
    .returning('id');
  return row.id;
}

/** Writes the columns and moves the version token on (every write does, so a stale token is refused). */
export async function updatePositions(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  values: PositionValues,
): Promise<void> {
  await db('positions')
    .whereIn('id', ids)
    .update({
      ...values,
      version: db.raw('version + 1'),
      updated_by: userOf(actor),
      updated_at: db.fn.now(),
    });
}

export async function deletePosition(db: Db, id: number): Promise<void> {
  await db('positions').where({ id }).del();
}

export async function insertHolder(
  db: Db,
  positionId: number,
  lineItemId: number,
  share: number,
): Promise<void> {
  await db('position_holders').insert({
    position_id: positionId,
    line_item_id: lineItemId,
    fte_share: share,
  });
}

export async function deleteHolder(db: Db, positionId: number, lineItemId: number): Promise<void> {
  await db('position_holders').where({ position_id: positionId, line_item_id: lineItemId }).del();
}

export interface HistoryEntry {
  positionId: number;
  action: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Position history rows, one per entry, naming the actor as the audit log does. */
export async function insertHistory(db: Db, actor: Actor, entries: readonly HistoryEntry[]): Promise<void> {
  const CHUNK = 1000;
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db('position_history').insert(
      entries.slice(i, i + CHUNK).map((e) => ({
        position_id: e.positionId,
        action: e.action,
        reason: e.reason ?? null,
        before: e.before == null ? null : JSON.stringify(e.before),
        after: e.after == null ? null : JSON.stringify(e.after),
        user_id: userOf(actor),
        actor_label: actor.email ?? actor.name,
      })),
    );
  }
}

/** The employee line a holder is: its year, FTE, kind and every share it holds (locked). */
export interface HolderLine {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  is_operating: boolean;
  is_projected: boolean;
  current_fte: number | null;
  name: string | null;
  total_share: number;
}

export async function holderLine(db: Db, lineItemId: number): Promise<HolderLine | undefined> {
  // The line is locked against other writers of its shares before they are added up, in a
  // statement of its own: two fills of one person into two positions (each position locked, not
  // the other) would otherwise both read the shares held before either and together go above the
  // person's FTE. A second statement so the sum sees what the writer before us committed (a row
  // lock waited for re-reads that row, not a subquery's).
  await db.raw('SELECT 1 FROM line_items WHERE id = ? FOR NO KEY UPDATE', [lineItemId]);
  const { rows } = await db.raw(
    `SELECT li.id, li.budget_year_id, li.fiscal_year, li.is_operating, li.is_projected, li.current_fte,
            nullif(btrim(concat_ws(' ', li.first_name, li.last_name)), '') AS name,
            coalesce((SELECT sum(h.fte_share) FROM position_holders h WHERE h.line_item_id = li.id), 0) AS total_share
       FROM line_items li WHERE li.id = ?`,
    [lineItemId],
  );
  return rows[0];
}

export interface PlacementRow {
  work_group_id: number;
  work_group_name: string;
  schedule_id: number | null;
  schedule_name: string | null;
  lanes: string[] | null;
  top_step: number | null;
  step: number | null;
  lane: string | null;
  updated_at: Date | string | null;
  updated_by_name: string | null;
}

/** Every work group with its schedule (lanes, top step) and its vacancy placement, by name. */
export async function vacancyPlacements(db: Db, workGroupId?: number): Promise<PlacementRow[]> {
  const { rows } = await db.raw(
    `SELECT wg.id AS work_group_id, wg.name AS work_group_name, ss.id AS schedule_id, ss.name AS schedule_name,
            ss.lanes, (SELECT max(a.step) FROM salary_schedule_amounts a WHERE a.schedule_id = ss.id) AS top_step,
            vp.step, vp.lane, vp.updated_at, u.name AS updated_by_name
       FROM work_groups wg
       LEFT JOIN salary_schedules ss ON ss.work_group_id = wg.id
       LEFT JOIN vacancy_placements vp ON vp.work_group_id = wg.id
       LEFT JOIN users u ON u.id = vp.updated_by
      ${workGroupId === undefined ? '' : 'WHERE wg.id = ?'}
      ORDER BY wg.name, wg.id`,
    workGroupId === undefined ? [] : [workGroupId],
  );
  return rows;
}

export async function setVacancyPlacement(
  db: Db,
  actor: Actor,
  workGroupId: number,
  placement: { step: number; lane: string } | null,
): Promise<void> {
  if (!placement) {
    await db('vacancy_placements').where({ work_group_id: workGroupId }).del();
    return;
  }
  await db('vacancy_placements')
    .insert({ work_group_id: workGroupId, ...placement, updated_by: userOf(actor), updated_at: db.fn.now() })
    .onConflict('work_group_id')
    .merge();
}

/** Whether the work group's schedule has a cell at the step and lane in the fiscal year (any year when null). */
export async function scheduleHasCell(
  db: Db,
  workGroupId: number,
  step: number,
  lane: string,
  fiscalYear: number | null,
): Promise<{ schedule: boolean; cell: boolean }> {
  const { rows } = await db.raw(
    `SELECT ss.id, EXISTS (SELECT 1 FROM salary_schedule_amounts a WHERE a.schedule_id = ss.id AND a.step = ?
                             AND a.lane = ? AND (?::integer IS NULL OR a.fiscal_year = ?::integer)) AS cell
       FROM salary_schedules ss WHERE ss.work_group_id = ?`,
    [step, lane, fiscalYear, fiscalYear, workGroupId],
  );
  return { schedule: rows.length > 0, cell: Boolean(rows[0]?.cell) };
}

/** The rosters (budget year, fiscal year) holding open positions of a work group. */
export async function rostersOfWorkGroup(
  db: Db,
  workGroupId: number,
): Promise<{ budget_year_id: number; fiscal_year: number }[]> {
  return db('positions')
    .where({ work_group_id: workGroupId })
    .whereIn('status', ['vacant', 'posted'])
    .distinct('budget_year_id', 'fiscal_year')
    .orderBy(['budget_year_id', 'fiscal_year']);
}
