import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import type { Actor } from '@server/policies/index';
import * as read from './queries/line-items';
import * as write from './queries/line-items-writes';
import type { AnyLineItem } from '@shared/schemas/line-items';
import { auditChanged, auditLines, type LineCause } from './audit';
import { rescaleSalariesToFte } from './queries/line-items-writes-next-year';
import { basisChanged, chartColumns, fteMovesSalary, refuseFteBelowShares } from './change-lines-checks';
import { applyAutomaticNextYearSalary, followProjectedLines } from './next-year';
import { reviewedMetadata, reviewFlagsAfterChange } from './review';
import { isLocked, nextYearSalaryRule } from './status-rule';

/**
 * THE writer of line items. changeLines locks the lines, applies the status rule, writes,
 * recomputes the automatic next-year salary where what it reads changed, and writes one audit
 * entry per changed line naming the cause (changeLineParts: the same for lines needing different
 * patches, in one pass). Services (edits, bulk actions, merges, reconciliation,
 * placements, work-group and settings changes) call it; the line-writing queries are private to
 * this folder (eslint.config.js).
 */

/** A change applied alike to every target line. */
export interface LinePatch {
  /** line_items columns to set (write.toColumns maps API fields); a new work group clears the placement. */
  columns?: Record<string, unknown>;
  /** Merged into metadata (import warnings survive). */
  metadata?: Record<string, unknown>;
  /** A typed next-year salary (manual), null (back to automatic), undefined (left to the rule). */
  nextYearSalary?: number | null;
}

export interface ChangeResult {
  before: AnyLineItem[];
  after: AnyLineItem[];
  /** How many lines changed (and were audited). */
  audited: number;
}

/** Lines needing one patch, and the cause their audit entries name when not the call's. */
export interface LinePart {
  ids: readonly number[];
  patch: LinePatch;
  reason?: string;
}

/**
 * Changes the lines `ids` by `patch` for `cause`, in the caller's transaction. An FTE change moves
 * the current salary by the rule (salaryAtFte in queries/salary-rule.ts: the schedule cell times
 * the new FTE, else scaled by new / old) unless the patch types a new salary. The status rule
 * applies line by line (a typed next-year salary on an Inactive or Retiring line is a 400, and
 * nothing is written); the automatic next-year salary is recomputed on the lines whose status came
 * back to Active or whose salary, work group, step or lane changed, unless manual.
 */
export function changeLines(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  ids: readonly number[],
  patch: LinePatch,
): Promise<ChangeResult> {
  return changeLineParts(trx, actor, cause, [{ ids, patch }]);
}

/**
 * changeLines for lines needing different patches (the crosswalk's Apply: each title its rules'
 * values), as sets in one pass: the lines are locked, read, recomputed, followed and audited
 * together, and written one UPDATE per part (per status-rule variant within it), not one pass of
 * the writer per part. Each changed line is audited with its part's reason (else the cause's).
 * A line in two parts is a programming error.
 */
export async function changeLineParts(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  parts: readonly LinePart[],
): Promise<ChangeResult> {
  const ids = parts.flatMap((p) => p.ids);
  if (!ids.length) {
    return { before: [], after: [], audited: 0 };
  }
  const partOf = new Map<number, number>();
  parts.forEach((p, i) => p.ids.forEach((id) => partOf.set(id, i)));
  if (partOf.size !== ids.length) {
    throw new Error('changeLineParts: a line is in more than one part');
  }
  const columnsOf = parts.map((p) => chartColumns(p.patch.columns ?? {}));
  // A projected line someone changes becomes a row of its own (it stops following its source line).
  await write.materializeProjected(trx, ids);
  const keys = await read.lockLines(trx, ids);
  const before = await read.lineItemsByIds(trx, ids);
  const byId = new Map(before.map((b) => [b.id, b]));
  for (const [i, columns] of columnsOf.entries()) {
    const fte = columns.current_fte;
    if (typeof fte === 'number') {
      // Only a lowered FTE is checked: a save that leaves it (or raises it) refuses nothing.
      const lowered = parts[i].ids
        .map((id) => byId.get(id))
        .filter((b) => b && b.isOperating && fte < Number(b.currentFTE ?? 1))
        .map((b) => b!.id);
      await refuseFteBelowShares(trx, lowered, fte);
    }
  }
  // Lines needing the same columns are written together: a bulk change is a statement or two.
  const groups = new Map<string, { columns: Record<string, unknown>; ids: number[]; part: number }>();
  const recompute: number[] = [];
  const rescale = parts.map((): number[] => []);
  for (const key of keys) {
    const line = byId.get(key.id)!;
    const part = partOf.get(key.id)!;
    const columns = columnsOf[part];
    const employee = key.is_operating;
    const rule = employee
      ? nextYearSalaryRule(key, {
          status: columns.employee_status as string | undefined,
          nextYearSalary: parts[part].patch.nextYearSalary,
          basisChanged: basisChanged(columns, line),
        })
      : { columns: {}, recompute: false };
    if (rule.recompute) {
      recompute.push(key.id);
    }
    const moves = employee && fteMovesSalary(columns, line);
    if (moves) {
      rescale[part].push(key.id);
    }
    const sig = JSON.stringify([part, rule.columns, moves]);
    const groupColumns = { ...columns, ...rule.columns };
    if (moves) {
      // The rule sets the salary (below); the unchanged value sent with the form would undo it.
      delete groupColumns.current_salary;
    }
    const group = groups.get(sig) ?? { columns: groupColumns, ids: [], part };
    group.ids.push(key.id);
    groups.set(sig, group);
  }
  for (const [i, lines] of rescale.entries()) {
    const fte = columnsOf[i].current_fte as number;
    const { overflow } = lines.length ? await rescaleSalariesToFte(trx, lines, fte) : { overflow: [] };
    if (overflow.length) {
      const message = `At FTE ${String(fte)} the current salary would exceed what a line can hold (line ${overflow.join(', ')})`;
      throw badRequest(message, [{ path: 'currentFTE', message }]);
    }
  }
  for (const group of groups.values()) {
    const metadata = parts[group.part].patch.metadata;
    if (Object.keys(group.columns).length || metadata) {
      await write.updateLines(trx, group.ids, group.columns, reviewedMetadata(metadata));
    }
  }
  // Every changed line's projected years follow it, a typed next-year salary's too.
  await applyAutomaticNextYearSalary(trx, recompute, 'nextYearSalary', { follow: false });
  await followProjectedLines(trx, { lineIds: ids });
  await reviewFlagsAfterChange(trx, ids);
  const after = await read.lineItemsByIds(trx, ids);
  const reasonOf = (id: number) => parts[partOf.get(id)!].reason;
  return { before, after, audited: await auditChanged(trx, actor, cause, before, after, reasonOf) };
}

/**
 * Runs a set-based write `change` (it returns the lines it touched) on lines `ids`, recomputes the
 * touched lines' automatic next-year salaries (a value past the column is a 400 naming
 * `options.field`) and audits each line that changed. For writes that
 * are not the same columns on every line (placements, building links, codes).
 */
export async function changeLinesBy(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  ids: readonly number[],
  change: () => Promise<readonly number[]>,
  options: { recompute?: boolean; field?: string } = {},
): Promise<number> {
  if (!ids.length) {
    return 0;
  }
  await write.materializeProjected(trx, ids);
  await read.lockLines(trx, ids);
  const before = await read.lineItemsByIds(trx, ids);
  const touched = await change();
  if (!touched.length) {
    return 0;
  }
  if (options.recompute ?? true) {
    // A value past what a line holds is a 400 naming the caller's field, nothing written.
    await applyAutomaticNextYearSalary(trx, touched, options.field);
  }
  await reviewFlagsAfterChange(trx, touched);
  return auditChanged(trx, actor, cause, before, await read.lineItemsByIds(trx, touched));
}

/** changeLinesBy, answering the ids `change` wrote (none when `ids` is empty). */
export async function changedLinesBy(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  ids: readonly number[],
  change: () => Promise<number[]>,
  options: { recompute?: boolean; field?: string } = {},
): Promise<number[]> {
  let changed: number[] = [];
  await changeLinesBy(trx, actor, cause, ids, async () => (changed = await change()), options);
  return changed;
}

/**
 * Inserts one line: an employee line gets the status rule (a typed next-year salary on an
 * Inactive or Retiring line is a 400) and, unless its value was typed, the automatic one.
 */
export async function createLine(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  values: Record<string, unknown>,
  nextYearSalary?: number | null,
): Promise<AnyLineItem> {
  let row = chartColumns(values);
  let recompute = false;
  if (values.is_operating) {
    const status = (values.employee_status as string | undefined) ?? 'Active';
    const rule = nextYearSalaryRule(
      { employee_status: status, next_year_salary_manual: false },
      { nextYearSalary: nextYearSalary ?? undefined },
    );
    const manual = !isLocked(status) && typeof nextYearSalary === 'number';
    // A typed next-year salary is manual (null reverts to automatic), for a new hire (salary 0) too.
    row = { ...row, ...rule.columns, next_year_salary: manual ? nextYearSalary : null };
    row.next_year_salary_manual = manual;
    recompute = !manual;
  }
  const id = await write.insertLine(trx, row);
  if (recompute) {
    await applyAutomaticNextYearSalary(trx, [id]);
  }
  const [lineItem] = await read.lineItemsByIds(trx, [id]);
  await auditLines(trx, actor, { ...cause, action: cause.action }, [
    { id, before: null, after: lineItem as unknown as Record<string, unknown> },
  ]);
  return lineItem;
}

/** Deletes the lines `ids` that exist, each audited with what it held; the ids deleted. */
export async function deleteLines(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  ids: readonly number[],
  extra?: (line: AnyLineItem) => Record<string, unknown>,
): Promise<number[]> {
  if (!ids.length) {
    return [];
  }
  await write.materializeProjected(trx, ids);
  const before = await read.lineItemsByIds(trx, ids);
  const deleted = await write.deleteLines(trx, ids);
  await auditLines(
    trx,
    actor,
    cause,
    before.map((b) => ({ id: b.id, before: b, after: extra ? extra(b) : null })),
  );
  return deleted;
}
