import type { Db } from '@server/db/index';
import { badRequest, validationFailed } from '@server/errors';
import type { Actor } from '@server/policies/index';
import * as read from './queries/line-items';
import * as write from './queries/line-items-writes';
import type { AnyLineItem } from '@shared/schemas/line-items';
import { auditChanged, auditLines, type LineCause } from './audit';
import { rescaleSalariesToFte } from './queries/line-items-writes-next-year';
import { heldBeyond } from './queries/line-holdings';
import { fteText } from '@shared/budget-math';
import { unitsOf } from '@shared/money';
import { requireChartCode } from '@server/domains/massachusetts';
import { applyAutomaticNextYearSalary, followProjectedLines } from './next-year';
import { reviewedMetadata, reviewFlagsAfterChange } from './review';
import { isLocked, nextYearSalaryRule } from './status-rule';

/**
 * THE writer of line items. changeLines locks the lines, applies the status rule, writes,
 * recomputes the automatic next-year salary where what it reads changed, and writes one audit
 * entry per changed line naming the cause. Services (edits, bulk actions, merges, reconciliation,
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

// What the rule reads from a line: changing any of these moves an automatic next-year salary.
const BASIS: [column: string, field: keyof AnyLineItem][] = [
  ['current_salary', 'currentSalary' as keyof AnyLineItem],
  ['work_group_id', 'workGroupId' as keyof AnyLineItem],
  ['work_group', 'workGroup' as keyof AnyLineItem],
  ['salary_step', 'salaryStep' as keyof AnyLineItem],
  ['salary_lane', 'salaryLane' as keyof AnyLineItem],
  ['current_fte', 'currentFTE' as keyof AnyLineItem],
];

const NUMERIC = new Set(['current_salary', 'current_fte']);

/**
 * Every line's function code is one of DESE's chart: a code being written is
 * checked here, in the writer, so an edit, the CLI and every service refuse an unknown code alike
 * (a 400 naming the value, nothing written). Blank clears the code.
 */
function chartColumns<T extends Record<string, unknown>>(columns: T): T {
  const code = columns.dese_code;
  if (typeof code !== 'string' || !code.trim()) {
    return columns;
  }
  return { ...columns, dese_code: requireChartCode(code, 'deseCode') };
}

function basisChanged(columns: Record<string, unknown>, line: AnyLineItem): boolean {
  return BASIS.some(([column, field]) => {
    if (!(column in columns)) {
      return false;
    }
    const next = columns[column];
    const was = (line as unknown as Record<string, unknown>)[field as string];
    return NUMERIC.has(column) ? Number(next ?? 0) !== Number(was ?? 0) : (next ?? null) !== (was ?? null);
  });
}

/**
 * Whether an FTE change moves the line's current salary: its FTE changes and the patch leaves its
 * salary as it was (a salary typed with the new FTE is the person's decision and wins).
 */
function fteMovesSalary(columns: Record<string, unknown>, line: AnyLineItem): boolean {
  const fte = columns.current_fte;
  const was = line as unknown as Record<string, unknown>;
  return (
    typeof fte === 'number' &&
    Number(fte) !== Number(was.currentFTE ?? 1) &&
    (!('current_salary' in columns) || Number(columns.current_salary ?? 0) === Number(was.currentSalary ?? 0))
  );
}

/**
 * An FTE below what a person holds of positions is refused, nothing written: each position they
 * hold is priced at their salary for their share (server/sql/position-cost.ts), so a share above
 * their FTE would price more than they are paid. Their shares are changed on Positions first.
 */
async function refuseFteBelowShares(trx: Db, ids: readonly number[], fte: number): Promise<void> {
  if (!ids.length) {
    return;
  }
  const fteMilli = Number(unitsOf(fte, 3) ?? 0n);
  const over = await heldBeyond(trx, ids, fteMilli);
  if (!over.length) {
    return;
  }
  const said = over
    .slice(0, 3)
    .map((l) => `${l.name} holds ${fteText(l.held)} FTE of positions (${l.positions.join('; ')})`);
  const more = over.length > 3 ? `, and ${over.length - 3} more` : '';
  const message = `${said.join('; ')}${more}: more than an FTE of ${fteText(fteMilli)}. Lower the share on Positions first.`;
  throw validationFailed([{ path: 'currentFTE', message }], message);
}

/**
 * Changes the lines `ids` by `patch` for `cause`, in the caller's transaction. An FTE change moves
 * the current salary by the rule (salaryAtFte in queries/salary-rule.ts: the schedule cell times
 * the new FTE, else scaled by new / old) unless the patch types a new salary. The status rule
 * applies line by line (a typed next-year salary on an Inactive or Retiring line is a 400, and
 * nothing is written); the automatic next-year salary is recomputed on the lines whose status came
 * back to Active or whose salary, work group, step or lane changed, unless manual.
 */
export async function changeLines(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  ids: readonly number[],
  patch: LinePatch,
): Promise<ChangeResult> {
  if (!ids.length) {
    return { before: [], after: [], audited: 0 };
  }
  const columns = chartColumns(patch.columns ?? {});
  // A projected line someone changes becomes a row of its own (it stops following its source line).
  await write.materializeProjected(trx, ids);
  const keys = await read.lockLines(trx, ids);
  const before = await read.lineItemsByIds(trx, ids);
  const byId = new Map(before.map((b) => [b.id, b]));
  const fte = columns.current_fte;
  if (typeof fte === 'number') {
    // Only a lowered FTE is checked: a save that leaves it (or raises it) refuses nothing.
    const lowered = before.filter((b) => b.isOperating && fte < Number(b.currentFTE ?? 1)).map((b) => b.id);
    await refuseFteBelowShares(trx, lowered, fte);
  }
  const status = columns.employee_status as string | undefined;
  // Lines needing the same columns are written together: a bulk change is a statement or two.
  const groups = new Map<string, { columns: Record<string, unknown>; ids: number[] }>();
  const recompute: number[] = [];
  const rescale: number[] = [];
  for (const key of keys) {
    const line = byId.get(key.id)!;
    const employee = key.is_operating;
    const rule = employee
      ? nextYearSalaryRule(key, {
          status,
          nextYearSalary: patch.nextYearSalary,
          basisChanged: basisChanged(columns, line),
        })
      : { columns: {}, recompute: false };
    if (rule.recompute) {
      recompute.push(key.id);
    }
    const moves = employee && fteMovesSalary(columns, line);
    if (moves) {
      rescale.push(key.id);
    }
    const sig = JSON.stringify([rule.columns, moves]);
    const groupColumns = { ...columns, ...rule.columns };
    if (moves) {
      // The rule sets the salary (below); the unchanged value sent with the form would undo it.
      delete groupColumns.current_salary;
    }
    const group = groups.get(sig) ?? { columns: groupColumns, ids: [] };
    group.ids.push(key.id);
    groups.set(sig, group);
  }
  if (rescale.length) {
    const { overflow } = await rescaleSalariesToFte(trx, rescale, columns.current_fte as number);
    if (overflow.length) {
      const message = `At FTE ${String(columns.current_fte)} the current salary would exceed what a line can hold (line ${overflow.join(', ')})`;
      throw badRequest(message, [{ path: 'currentFTE', message }]);
    }
  }
  for (const group of groups.values()) {
    if (Object.keys(group.columns).length || patch.metadata) {
      await write.updateLines(trx, group.ids, group.columns, reviewedMetadata(patch.metadata));
    }
  }
  // Every changed line's projected years follow it, a typed next-year salary's too.
  await applyAutomaticNextYearSalary(trx, recompute, 'nextYearSalary', { follow: false });
  await followProjectedLines(trx, { lineIds: ids });
  await reviewFlagsAfterChange(trx, ids);
  const after = await read.lineItemsByIds(trx, ids);
  return { before, after, audited: await auditChanged(trx, actor, cause, before, after) };
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
