import { AppError, badRequest, notFound, validationFailed } from '@server/errors';
import type { Db } from '@server/db/index';
import * as read from './queries/line-items';
import * as lookup from './queries/line-items-refs';
import type { AnyLineItem } from '@shared/schemas/line-items';
import { checkWorkGroupNamed } from '@server/domains/budgets';

/**
 * Rules shared by the line-item services: which lines a call may touch, whether the ids it names
 * exist. Every function takes the open transaction; the writes are the line writer's
 * (./line-items/).
 */

export const ITEM_NOT_FOUND = 'Item not found or already deleted';

/**
 * Metadata of a line whose fund was named for it, by its file or by a person (the general fund
 * too): the function-code rules' funds leave it alone (queries/line-items-writes-codes.ts), so an
 * Apply never puts back on a grant a line someone moved off it.
 */
export const FUND_NAMED = { fundNamed: true } as const;
export const MIXED_FISCAL_YEARS = 'Items belong to different fiscal years';

/** 404 with the screens' message for a line that does not exist. */
export const itemNotFound = () => new AppError(404, 'NOT_FOUND', ITEM_NOT_FOUND);

/** Locks one line for the transaction, or 404. */
export async function lockLine(trx: Db, id: number): Promise<read.LineKeyRow> {
  const [row] = await read.lockLines(trx, [id]);
  if (!row) {
    throw itemNotFound();
  }
  return row;
}

/** Locks one employee line, or 404; a proposed line is a 400 naming the call that edits it. */
export async function lockEmployeeLine(trx: Db, id: number): Promise<read.LineKeyRow> {
  const row = await lockLine(trx, id);
  if (!row.is_operating) {
    throw badRequest(`Line item ${id} is a proposed budget line, not an employee line`);
  }
  return row;
}

/**
 * Locks the lines of a bulk call. Every id that exists must belong to the same budget year and
 * fiscal year (else 400, nothing written); `requireAll` turns missing ids into a 404 listing them.
 */
export async function lockBulk(
  trx: Db,
  ids: readonly number[],
  options: { requireAll: boolean; employeesOnly?: boolean },
): Promise<{ rows: read.LineKeyRow[]; missing: number[] }> {
  const rows = await read.lockLines(trx, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length && options.requireAll) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `${missing.length === 1 ? 'Item' : `${missing.length} items`} not found or already deleted: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}`,
      missing.map((id) => ({ id, error: ITEM_NOT_FOUND })),
    );
  }
  const keys = new Set(rows.map((r) => `${r.budget_year_id}:${r.fiscal_year}`));
  if (keys.size > 1) {
    throw badRequest(MIXED_FISCAL_YEARS);
  }
  if (options.employeesOnly) {
    const proposed = rows.filter((r) => !r.is_operating).map((r) => r.id);
    if (proposed.length) {
      throw badRequest(
        `Only employee lines can take this action; these are proposed budget lines: ${proposed.slice(0, 20).join(', ')}`,
      );
    }
  }
  return { rows, missing };
}

/** 400 with the field path when a body refers to a building, category or work group that does not exist. */
export async function checkReferences(
  trx: Db,
  refs: { buildingId?: number | null; categoryId?: number | null; workGroupId?: number | null },
): Promise<void> {
  const details: { path: string; message: string }[] = [];
  if (refs.buildingId != null && !(await lookup.buildingExists(trx, refs.buildingId))) {
    details.push({ path: 'buildingId', message: `Building ${refs.buildingId} does not exist` });
  }
  if (refs.categoryId != null && !(await lookup.categoryExists(trx, refs.categoryId))) {
    details.push({ path: 'categoryId', message: `Budget category ${refs.categoryId} does not exist` });
  }
  if (refs.workGroupId != null && !(await lookup.workGroupById(trx, refs.workGroupId))) {
    details.push({ path: 'workGroupId', message: `Work group ${refs.workGroupId} does not exist` });
  }
  if (details.length) {
    throw validationFailed(details);
  }
}

/**
 * The work-group columns for an input naming a work group by id and/or by label: an id sets the
 * link and (unless a label is given) the label; a label alone links to the group of that name. A
 * label no group has is a 400 naming workGroup (work groups are chosen, not typed:
 * ./work-group-choice.ts); an empty label clears both. Imports keep the payroll's labels by
 * their own path.
 */
export async function workGroupColumns(
  trx: Db,
  input: { workGroupId?: number | null; workGroup?: string | null },
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (input.workGroupId !== undefined) {
    out.work_group_id = input.workGroupId;
    if (input.workGroupId !== null && input.workGroup === undefined) {
      out.work_group = (await lookup.workGroupById(trx, input.workGroupId))?.name ?? null;
    }
  }
  if (input.workGroup !== undefined) {
    out.work_group = input.workGroup;
    if (input.workGroupId === undefined) {
      await checkWorkGroupNamed(trx, input.workGroup ?? undefined);
      out.work_group_id = input.workGroup
        ? ((await lookup.workGroupByName(trx, input.workGroup))?.id ?? null)
        : null;
    }
  }
  return out;
}

/** Re-reads one line after a write (it exists: the transaction holds its lock). */
export async function reread(trx: Db, id: number): Promise<AnyLineItem> {
  const item = await read.lineItemById(trx, id);
  if (!item) {
    throw notFound('Line item');
  }
  return item;
}
