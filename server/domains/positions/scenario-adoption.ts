import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { lockPositions, type PositionBase } from './queries/positions';
import {
  deleteHolder,
  insertHolder,
  insertPosition,
  updatePositions,
  type HistoryEntry,
} from './queries/position-writes';
import { recordChanges } from './record';
import { afterPositionsChange, placesOf, type PositionPlace } from './sync';
import { costedPositions, type Roster } from './scenario-roster';

/**
 * The roster's half of adopting a cut scenario (server/domains/stages/scenario-adoptions.ts) and of
 * undoing it, in the adoption's transaction: each cut position is closed (its holders leave it:
 * the job is not budgeted next year; their employee lines, this year's payroll, stay), each add is
 * created vacant, each with its history naming the scenario and the reason. The proposed salary
 * lines then follow the roster at the places that changed, as after any position write.
 */

export interface ClosedPosition {
  positionId: number;
  title: string;
  fte: string;
  statusBefore: string;
  holdersBefore: { lineItemId: number; fteShare: string }[];
  /** What it cost before it was closed (the saving), null when unpriced. */
  amount: string | null;
}

export interface NewPosition {
  title: string;
  buildingId: number | null;
  deseCode: string | null;
  categoryId: number | null;
  workGroupId: number | null;
  fte: string;
  vacancyStep: number | null;
  vacancyLane: string | null;
}

/** Closes the positions (those not closed already), returning what each was. */
export async function closeForAdoption(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  reason: string,
): Promise<ClosedPosition[]> {
  const locked = (await lockPositions(db, ids)).filter((p) => p.status !== 'closed');
  if (!locked.length) {
    return [];
  }
  const costs = await costedPositions(
    db,
    locked.map((p) => p.id),
  );
  const holders = await db('position_holders')
    .whereIn(
      'position_id',
      locked.map((p) => p.id),
    )
    .orderBy(['position_id', 'line_item_id'])
    .select('position_id', 'line_item_id', db.raw('fte_share::text AS fte_share'));
  const entries: HistoryEntry[] = [];
  const closed: ClosedPosition[] = [];
  for (const p of locked) {
    const held = holders.filter((h) => h.position_id === p.id);
    for (const h of held) {
      await deleteHolder(db, p.id, h.line_item_id);
      entries.push({
        positionId: p.id,
        action: 'vacated',
        reason,
        before: { lineItemId: h.line_item_id, fteShare: h.fte_share },
      });
    }
    entries.push({
      positionId: p.id,
      action: 'closed',
      reason,
      before: { status: p.status },
      after: { status: 'closed' },
    });
    closed.push({
      positionId: p.id,
      title: p.title,
      fte: String(p.fte),
      statusBefore: p.status,
      holdersBefore: held.map((h) => ({ lineItemId: h.line_item_id, fteShare: h.fte_share })),
      amount: costs.get(p.id)?.budgeted_cost ?? null,
    });
  }
  await updatePositions(
    db,
    actor,
    locked.map((p) => p.id),
    { status: 'closed' },
  );
  await recordChanges(db, actor, entries);
  await followPlaces(db, actor, locked, reason);
  return closed;
}

/** Creates the scenario's new positions, vacant, in the roster; returns their ids in order. */
export async function createForAdoption(
  db: Db,
  actor: Actor,
  roster: Roster,
  adds: readonly NewPosition[],
  reason: string,
): Promise<number[]> {
  const ids: number[] = [];
  const rows: PositionBase[] = [];
  for (const a of adds) {
    const values = {
      budget_year_id: roster.budgetYearId,
      fiscal_year: roster.fiscalYear,
      title: a.title,
      building_id: a.buildingId,
      dese_code: a.deseCode,
      category_id: a.categoryId,
      work_group_id: a.workGroupId,
      fte: Number(a.fte),
      status: 'vacant' as const,
      vacancy_step: a.vacancyStep,
      vacancy_lane: a.vacancyLane,
    };
    const id = await insertPosition(db, actor, values);
    ids.push(id);
    rows.push({ ...values, id, notes: null, version: 1 });
  }
  await recordChanges(
    db,
    actor,
    rows.map((r) => ({ positionId: r.id, action: 'created', reason, after: { ...r, id: undefined } })),
  );
  await followPlaces(db, actor, rows, reason);
  return ids;
}

/**
 * Undoing an adoption: each position it closed and that is still closed gets its status back, and
 * its holders whose employee lines are still there and free; each position it created that nobody
 * holds is deleted (its history goes with it; the audit log keeps it). Returns what it could not
 * give back, for the undo's message.
 */
export async function undoForAdoption(
  db: Db,
  actor: Actor,
  closed: readonly ClosedPosition[],
  createdIds: readonly number[],
  reason: string,
): Promise<string[]> {
  const notes: string[] = [];
  const entries: HistoryEntry[] = [];
  const touched: PositionBase[] = [];
  const reopen = await lockPositions(
    db,
    closed.map((c) => c.positionId),
  );
  for (const p of reopen) {
    const was = closed.find((c) => c.positionId === p.id)!;
    if (p.status !== 'closed') {
      notes.push(`Position #${p.id} (${p.title}) was changed since: left ${p.status}`);
      continue;
    }
    let status = was.statusBefore;
    for (const h of was.holdersBefore) {
      const free = await db.raw(
        `SELECT li.id FROM line_items li WHERE li.id = ?
            AND coalesce(nullif(li.current_fte, 0), 1) - coalesce((SELECT sum(fte_share) FROM position_holders x WHERE x.line_item_id = li.id), 0) >= ?::numeric`,
        [h.lineItemId, h.fteShare],
      );
      if (free.rows.length) {
        await insertHolder(db, p.id, h.lineItemId, Number(h.fteShare));
        entries.push({
          positionId: p.id,
          action: 'filled',
          reason,
          after: { lineItemId: h.lineItemId, fteShare: h.fteShare },
        });
      } else {
        notes.push(
          `Position #${p.id} (${p.title}): employee line ${h.lineItemId} is gone or holds other positions now`,
        );
      }
    }
    if (status === 'filled' && !entries.some((e) => e.positionId === p.id && e.action === 'filled')) {
      status = 'vacant';
    }
    await updatePositions(db, actor, [p.id], { status: status as PositionBase['status'] });
    entries.push({
      positionId: p.id,
      action: 'status_changed',
      reason,
      before: { status: 'closed' },
      after: { status },
    });
    touched.push(p);
  }
  const made = await lockPositions(db, createdIds);
  for (const p of made) {
    const held = await db('position_holders').where({ position_id: p.id }).first('line_item_id');
    if (held) {
      notes.push(`Position #${p.id} (${p.title}) is filled now: kept`);
      continue;
    }
    await db('positions').where({ id: p.id }).del();
    touched.push(p);
  }
  await recordChanges(db, actor, entries);
  await followPlaces(db, actor, touched, reason);
  return notes;
}

/**
 * The salary lines at the positions' places follow, roster by roster, each line it moves recording
 * the adoption (or its undo) as its change reason, as the lines the adoption sets do: the stage
 * comparison shows it beside them. The history's reason starts lower case ('adopted scenario
 * "X"...'); the line's reads as a sentence.
 */
async function followPlaces(
  db: Db,
  actor: Actor,
  rows: readonly PositionBase[],
  reason: string,
): Promise<void> {
  const why = reason.charAt(0).toUpperCase() + reason.slice(1);
  const byRoster = new Map<string, PositionBase[]>();
  for (const r of rows) {
    const key = `${r.budget_year_id}:${r.fiscal_year}`;
    byRoster.set(key, [...(byRoster.get(key) ?? []), r]);
  }
  for (const group of byRoster.values()) {
    const places: PositionPlace[] = placesOf(group);
    await afterPositionsChange(db, actor, group[0], places, why);
  }
}
