import type { Db } from '@server/db/index';
import {
  badRequest,
  conflict,
  notFound,
  validationFailed,
  yearLocked,
  type IssueDetail,
} from '@server/errors';
import { homeOfFiscalYear, noHomeMessage, requireBudgetYear } from '@server/domains/budgets';
import { isDeseCode } from '@server/domains/massachusetts';
import { stageStateOf } from '@server/domains/stages';
import { unitsOf } from '@shared/money';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { PositionBase } from './queries/positions';
import { holdersOf, lockPositions } from './queries/positions';
import { scheduleHasCell } from './queries/position-writes';

/**
 * The checks every position write makes before it writes anything: the year is open, the version
 * token is current, what the position names exists, and FTE shares fit.
 */

/** FTE and shares in thousandths, exactly (numeric(5,3)): no float sums decide a refusal. */
export const milli = (fte: number | string | null) => Number(unitsOf(fte ?? 0, 3) ?? 0n);
export { fteText } from '@shared/budget-math';

/** The budget year that holds a fiscal year's roster: the one given, else the year's home. */
export async function rosterBudgetYear(db: Db, fiscalYear: number, budgetYearId?: number): Promise<number> {
  if (budgetYearId !== undefined) {
    await requireBudgetYear(db, budgetYearId);
    return budgetYearId;
  }
  const home = await homeOfFiscalYear(db, fiscalYear);
  if (!home) {
    throw badRequest(`${noHomeMessage(fiscalYear)}: create one first`, [
      { path: 'fiscalYear', message: noHomeMessage(fiscalYear) },
    ]);
  }
  return home.id;
}

/** 409 with the lines' own lock message when the fiscal year is closed or its stage locks it. */
export async function requireOpenYear(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  const state = await stageStateOf(db, budgetYearId, fiscalYear);
  if (state.locked) {
    throw yearLocked(fiscalYear, state.stage, state.closed, state.closedBy);
  }
}

export const staleMessage = (id: number, version: number) =>
  `Someone else changed this position (#${id}) since you opened it: it is now at version ${version}. ` +
  'Reload it to see their change, then make yours again.';

/**
 * Locks the positions (id order), refuses a missing one (404), a stale version token (409, nothing
 * written) and a locked year (409).
 */
export async function lockForWrite(
  db: Db,
  items: readonly { id: number; version: number }[],
): Promise<PositionBase[]> {
  const rows = await lockPositions(
    db,
    items.map((i) => i.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of items) {
    const row = byId.get(item.id);
    if (!row) {
      throw notFound(`Position ${item.id}`);
    }
    if (row.version !== item.version) {
      throw conflict(staleMessage(row.id, row.version));
    }
  }
  const years = new Set(rows.map((r) => `${r.budget_year_id}:${r.fiscal_year}`));
  for (const year of years) {
    const [by, fy] = year.split(':').map(Number);
    await requireOpenYear(db, by, fy);
  }
  return items.map((i) => byId.get(i.id)!);
}

/** Where a position (or a scenario's group of them) sits, for messages: 'Grade 3 Teacher at Hillside'. */
export async function groupLabel(db: Db, title: string, buildingId: number | null): Promise<string> {
  if (buildingId === null) {
    return `${title} (District Wide)`;
  }
  const row = await db('buildings').where({ id: buildingId }).first('name');
  return `${title} at ${row?.name ?? `building ${buildingId}`}`;
}

/** Names as a sentence lists them: 'Ana Ruiz', 'Ana Ruiz and Li Chen', 'Ana Ruiz, Li Chen and Bo Wu'. */
function listed(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * THE words refusing a change that needs nobody in the position (a status other than filled, a
 * delete), for one position or many: which one, by title and building, and who holds it. Naming
 * the holders is fine: only roles that may edit positions, and so read them, are refused this way.
 */
export async function heldMessage(db: Db, position: PositionBase, doing: string): Promise<string> {
  const holders = await holdersOf(db, position.id);
  const names = holders.map((h) => h.employee_name ?? 'an employee with no name on their line');
  const label = await groupLabel(db, position.title, position.building_id);
  return `${label} is held by ${listed(names)}: vacate it before ${doing}`;
}

/** Each status a held position cannot take, as the refusal says it. */
const SETTING_STATUS: Record<string, string> = {
  vacant: 'reopening it as vacant',
  posted: 'marking it posted',
  frozen: 'freezing it',
  closed: 'closing it',
};

/** A status other than filled needs nobody in the position: 400, nothing written. */
export async function refuseHeldStatus(
  db: Db,
  position: PositionBase,
  holderCount: number,
  status: string,
): Promise<void> {
  if (holderCount === 0 || status === 'filled') {
    return;
  }
  const message = await heldMessage(db, position, SETTING_STATUS[status] ?? `setting it ${status}`);
  // The sentence stands on its own: the default 'status: ...' would show the clerk a field name.
  throw validationFailed([{ path: 'status', message }], message);
}

/** What a write may name, checked against the database. */
export interface References {
  buildingId?: number | null;
  categoryId?: number | null;
  workGroupId?: number | null;
  deseCode?: string | null;
}

/**
 * What a write names that is gone: a dialog can still offer a building, category or work group
 * someone deleted since it opened. It has no name left to give, and its id means nothing to the
 * user, so the refusal names the field they chose it in.
 */
const gone = (what: string) => `The ${what} you chose no longer exists; choose another`;

/** Refuses (400, every problem with its field) a building, category, work group or code that does not exist. */
export async function checkReferences(db: Db, refs: References): Promise<void> {
  const issues: IssueDetail[] = [];
  if (refs.buildingId != null && !(await db('buildings').where({ id: refs.buildingId }).first('id'))) {
    issues.push({ path: 'buildingId', message: gone('building') });
  }
  if (refs.categoryId != null) {
    const category = await db('budget_categories')
      .where({ id: refs.categoryId })
      .first('name', 'is_personnel');
    if (!category) {
      issues.push({ path: 'categoryId', message: gone('budget category') });
    } else if (!category.is_personnel) {
      issues.push({
        path: 'categoryId',
        message: `${category.name} is not a personnel category: a position's cost is salaries`,
      });
    }
  }
  if (refs.workGroupId != null && !(await db('work_groups').where({ id: refs.workGroupId }).first('id'))) {
    issues.push({ path: 'workGroupId', message: gone('work group') });
  }
  if (refs.deseCode != null && !isDeseCode(refs.deseCode)) {
    issues.push({
      path: 'deseCode',
      message: `Function code '${refs.deseCode}' is not in DESE's chart of accounts`,
    });
  }
  if (issues.length) {
    // Each message names its field in words: the sentences alone, without the body's field names
    // ('buildingId: ...'), which a bar showing only the message would put before the user.
    throw validationFailed(issues, issues.map((i) => i.message).join('; '));
  }
}

/**
 * Refuses a vacancy step and lane the work group's schedule does not have in the year the cost is
 * budgeted for (the roster's year + 1), or with no schedule to look in.
 */
export async function checkVacancyCell(
  db: Db,
  workGroupId: number | null,
  step: number | null,
  lane: string | null,
  costFiscalYear: number | null,
  path = 'vacancyStep',
): Promise<void> {
  if (step === null || lane === null) {
    if ((step === null) !== (lane === null)) {
      throw validationFailed([{ path, message: 'Give both a step and a lane, or neither' }]);
    }
    return;
  }
  if (workGroupId === null) {
    throw validationFailed([
      { path, message: 'A vacancy step and lane need a work group whose salary schedule has them' },
    ]);
  }
  const found = await scheduleHasCell(db, workGroupId, step, lane, costFiscalYear);
  if (!found.schedule) {
    throw validationFailed([{ path, message: 'The work group has no salary schedule with steps and lanes' }]);
  }
  if (!found.cell) {
    const when = costFiscalYear === null ? '' : ` in ${fiscalYearLabel(costFiscalYear)}`;
    throw validationFailed([
      { path, message: `The work group's salary schedule has no step ${step}, lane '${lane}'${when}` },
    ]);
  }
}
