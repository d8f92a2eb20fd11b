import path from 'node:path';
import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, conflict, payloadTooLarge } from '@server/errors';
import { parseScheduleFile } from '@server/lib/import/schedule-parse';
import { parseOrThrow } from '@server/middleware/validate';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as p from './queries/salary-schedule-placements';
import * as q from './queries/salary-schedules';
import { workGroupById } from '@server/domains/line-items';
import {
  importScheduleFields,
  MAX_SCHEDULE_BYTES,
  type ScheduleImported,
  type UpdateScheduleBody,
} from '@shared/schemas/salary-schedules';
import { answerWithSalaryLines, placements, recomputeAfterRuleChange } from '@server/domains/line-items';
import { noPlacements, requireSchedule, suggestIn } from './salary-schedule-placements';

/**
 * Step-and-lane salary schedules: import from a .csv/.xlsx, list, show, rename or move
 * to another work group, delete. One schedule per work group; attaching one suggests where the
 * group's employees sit, and detaching one clears their placements, each recomputing the automatic
 * next-year salaries in the same transaction.
 */

/** GET /cola/schedules. */
export async function listSchedules(app: AppContext, actor: Actor) {
  authorize(actor, 'cola.read');
  return { schedules: (await q.listSchedules(app.db)).map(q.presentSchedule) };
}

/** GET /cola/schedules/:id: the schedule and every amount. */
export async function getSchedule(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'cola.read');
  const schedule = await requireSchedule(app.db, id);
  return { schedule: q.presentSchedule(schedule), amounts: await q.scheduleAmounts(app.db, id) };
}

async function requireWorkGroup(trx: Db, workGroupId: number): Promise<{ id: number; name: string }> {
  const group = await workGroupById(trx, workGroupId);
  if (!group) {
    throw badRequest(`Work group ${workGroupId} does not exist`, [
      { path: 'workGroupId', message: 'No such work group' },
    ]);
  }
  return group;
}

async function checkName(trx: Db, name: string, exceptId?: number): Promise<void> {
  if (await q.scheduleNamed(trx, name, exceptId)) {
    throw conflict(`A salary schedule named '${name}' already exists; choose another name`);
  }
}

/** Clears every placement of the work group's lines and recomputes them; how many lines changed. */
async function detachGroup(trx: Db, actor: Actor, workGroupId: number): Promise<number> {
  const ids = await p.placedLineIds(trx, workGroupId);
  const cause = { action: 'clear-placement', reason: 'The work group no longer has a salary schedule' };
  const n = await placements.clearPlacements(trx, actor, cause, ids, null);
  return n + (await recomputeProjected(trx, actor, workGroupId, cause.reason));
}

/**
 * The group's projected lines in projected_lines (which placedLineIds, reading stored lines, does
 * not list) take their lane from their source line: their next-year salaries follow the change too.
 */
function recomputeProjected(trx: Db, actor: Actor, workGroupId: number, reason: string): Promise<number> {
  return recomputeAfterRuleChange(trx, actor, { workGroupIds: [workGroupId] }, reason);
}

/**
 * The work group now follows schedule `scheduleId`: placements on cells it lacks are cleared (and,
 * unless `keepSuggested`, suggested ones), the rest stay; every placed line is recomputed on the new
 * amounts. How many lines changed.
 */
async function reattach(
  trx: Db,
  actor: Actor,
  workGroupId: number,
  scheduleId: number,
  keepSuggested: boolean,
) {
  const ids = await p.placedLineIds(trx, workGroupId);
  const cause = { action: 'schedule-change', reason: 'The work group’s salary schedule changed' };
  const n = await placements.clearPlacements(trx, actor, cause, ids, scheduleId, {
    keepSuggested,
    recomputeAll: true,
  });
  return n + (await recomputeProjected(trx, actor, workGroupId, cause.reason));
}

export interface ScheduleUpload {
  buffer: Buffer;
  originalName: string;
}

/**
 * POST /cola/schedules/import: checks the whole file first (a refusal writes nothing), then in one
 * transaction writes the schedule, attaches it to the work group (replacing the group's schedule
 * only when asked: else 409), keeps the confirmed placements whose cell the new schedule has, and
 * suggests the rest.
 */
export async function importSchedule(
  app: AppContext,
  actor: Actor,
  upload: ScheduleUpload | undefined,
  rawFields: unknown,
): Promise<ScheduleImported> {
  authorize(actor, 'cola.write');
  const fields = parseOrThrow(importScheduleFields, rawFields ?? {}, 'body');
  if (!upload) {
    throw badRequest('Please choose a salary schedule file to upload (.csv or .xlsx)', [
      { path: 'file', message: 'Required' },
    ]);
  }
  if (upload.buffer.length > MAX_SCHEDULE_BYTES) {
    throw payloadTooLarge(`A salary schedule file is at most ${MAX_SCHEDULE_BYTES / (1024 * 1024)} MB`);
  }
  const fileName = path.basename(upload.originalName || 'schedule.csv');
  const parsed = await parseScheduleFile(upload.buffer, fileName);
  const name = fields.name || fileName.replace(/\.[^.]+$/, '');
  return app.db.transaction(async (trx) => {
    const group = fields.workGroupId === undefined ? null : await requireWorkGroup(trx, fields.workGroupId);
    const existing = group ? await q.scheduleOfWorkGroup(trx, group.id) : undefined;
    if (existing && !fields.replace) {
      throw conflict(
        `${group!.name} already has the salary schedule '${existing.name}'; import with replace=true (--replace) to replace it`,
      );
    }
    if (existing) {
      await q.lockSchedule(trx, existing.id);
      await q.deleteSchedule(trx, existing.id);
    }
    await checkName(trx, name);
    const id = await q.insertSchedule(
      trx,
      {
        name,
        workGroupId: group?.id ?? null,
        lanes: parsed.lanes,
        printedCola: parsed.printedCola,
        sourceFileName: fileName,
        createdBy: actor.id,
      },
      parsed.amounts,
    );
    let placements = noPlacements();
    if (group) {
      // The old schedule's placements: confirmed ones on a cell the new one has stay (recomputed on
      // the new amounts); the rest are cleared, and suggested again below.
      await reattach(trx, actor, group.id, id, false);
      placements = await suggestIn(
        trx,
        actor,
        (await q.scheduleById(trx, id))!,
        { budgetYearId: fields.budgetYearId },
        false,
      );
    }
    const schedule = q.presentSchedule((await q.scheduleById(trx, id))!);
    await insertAudit(trx, actor, {
      action: existing ? 'replace' : 'import',
      entity: 'salary-schedule',
      entityId: id,
      before: existing ? q.presentSchedule(existing) : undefined,
      after: { ...schedule, placements },
    });
    // New amounts re-price the roster's holders and vacancies: a voted year's lines are told, not set.
    return answerWithSalaryLines(trx, actor, { schedule, placements });
  });
}

/** PUT /cola/schedules/:id: rename, or attach to another work group (or none: null). */
export async function updateSchedule(app: AppContext, actor: Actor, id: number, input: UpdateScheduleBody) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockSchedule(trx, id);
    const before = await requireSchedule(trx, id);
    if (input.name !== undefined) {
      await checkName(trx, input.name, id);
    }
    let recomputedLines = 0;
    const moving = input.workGroupId !== undefined && input.workGroupId !== before.work_group_id;
    if (moving && input.workGroupId !== null) {
      const group = await requireWorkGroup(trx, input.workGroupId!);
      const taken = await q.scheduleOfWorkGroup(trx, group.id);
      if (taken) {
        throw conflict(
          `${group.name} already has the salary schedule '${taken.name}'; delete or move it first`,
        );
      }
    }
    if (moving && before.work_group_id !== null) {
      recomputedLines += await detachGroup(trx, actor, before.work_group_id);
    }
    await q.updateSchedule(trx, id, input);
    if (moving && input.workGroupId !== null) {
      // Lines of the new group placed earlier (on cells this schedule has) now follow its amounts.
      recomputedLines += await reattach(trx, actor, input.workGroupId!, id, true);
    }
    const schedule = q.presentSchedule((await requireSchedule(trx, id))!);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'salary-schedule',
      entityId: id,
      before: q.presentSchedule(before),
      after: schedule,
    });
    return answerWithSalaryLines(trx, actor, { schedule, recomputedLines });
  });
}

/** DELETE /cola/schedules/:id: its work group's placements are cleared and their salaries recomputed. */
export async function deleteSchedule(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'cola.write');
  return app.db.transaction(async (trx) => {
    await q.lockSchedule(trx, id);
    const before = await requireSchedule(trx, id);
    await q.deleteSchedule(trx, id);
    const recomputedLines =
      before.work_group_id === null ? 0 : await detachGroup(trx, actor, before.work_group_id);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: 'salary-schedule',
      entityId: id,
      before: q.presentSchedule(before),
    });
    return answerWithSalaryLines(trx, actor, {
      message: `Salary schedule '${before.name}' deleted`,
      recomputedLines,
    });
  });
}
