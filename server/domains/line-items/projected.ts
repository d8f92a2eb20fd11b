import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import type { KindScope } from '@server/domains/planning';
import * as projected from './queries/line-items-writes-projected';
import * as sets from './queries/line-items-writes-sets';
import * as write from './queries/line-items-writes';
import type { LineCause } from './audit';
import { followNow, markLinesChanged } from './follow';
import { applyAutomaticNextYearSalary } from './next-year';

/**
 * The writer's bulk entry points: imports, Generate Projections, Fix Base Year and budget copies
 * write tens of thousands of lines in a few set-based statements. The same rule applies (imported
 * employees get the automatic next-year salary unless the file gave one; a projected line's value
 * is the rule's own SQL, salary-rule.ts), and the change is audited by the same writer as one entry
 * on the budget year, import run or budget naming the cause, with the counts (a row per line would
 * cost more than the change itself at 50,000 lines).
 */

/** One audit entry for a bulk change of lines, naming its cause. */
export async function auditBulkChange(
  trx: Db,
  actor: Actor,
  cause: LineCause,
  target: { entity: string; entityId: number; before?: unknown; after: Record<string, unknown> },
): Promise<void> {
  // A bulk change may move any roster's positions' cost: follow.ts sets every year that follows one,
  // at once (a bulk write is one call, audited last, and its caller may read the lines next).
  await markLinesChanged(trx, actor, { rosters: ['*'] });
  await followNow(trx);
  await insertAudit(trx, actor, {
    action: cause.action,
    entity: target.entity,
    entityId: target.entityId,
    before: target.before,
    after: { ...target.after, cause: cause.reason },
  });
}

// An import's lines: COPY into a staging table, then one INSERT with the rule applied.
export { copyImportedLines, dropImportedVacancyLines, settleImportedLines } from './import-lines';

/** Copies every line of one budget into another (same budget year and kind, so the same rule values). */
export function copyBudgetLines(trx: Db, fromScenarioId: number, toScenarioId: number): Promise<number> {
  return sets.copyScenarioLines(trx, fromScenarioId, toScenarioId);
}

/** Removes projected lines of a kind: in fiscal years from..to, or in the listed years (actuals). */
export function deleteProjectedLines(
  trx: Db,
  scope: KindScope,
  years: { from: number; to: number } | readonly number[],
): Promise<number> {
  return 'from' in years
    ? projected.deleteProjected(trx, scope, years.from, years.to)
    : projected.deleteSuperseded(trx, scope, years);
}

/** Writes the projected employees of baseYear + 1 .. toYear (projectEmployees). */
export function projectEmployeeLines(trx: Db, scope: KindScope, baseYear: number, toYear: number) {
  return projected.projectEmployees(trx, scope, baseYear, toYear);
}

/** Writes the projected proposed lines of fromYear + 1, each category's scaled first by its factor if given. */
export function projectProposedLines(
  trx: Db,
  scope: KindScope,
  baseYear: number,
  fromYear: number,
  factors: readonly { categoryId: number; factor: string }[] = [],
) {
  return projected.projectProposedYear(trx, scope, baseYear, fromYear, factors);
}

/**
 * Fix Base Year: shifts the imported lines of importedYear, or the lines after it, by delta
 * years; how many moved. The rule reads a line's fiscal year (the COLA of the year after), so the
 * imported employees moved get their automatic next-year salary for their new year; projected
 * lines are Generate Projections' to rewrite.
 */
export async function shiftLineYears(
  trx: Db,
  scope: KindScope,
  importedYear: number,
  delta: number,
  which: 'imported' | 'later',
): Promise<number> {
  const moved = await projected.shiftLines(trx, scope, importedYear, delta, which);
  if (which === 'imported' && scope.isOperating) {
    await applyAutomaticNextYearSalary(trx, moved);
  }
  return moved.length;
}

/**
 * Before a year's snapshot locks it (a budget stage from the committee's vote on): its projected
 * employee lines become stored lines of their own, so an edit of the source line in an open year
 * no longer reaches the adopted budget through the view. Returns how many moved.
 */
export async function settleProjectedLinesOf(
  trx: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<number> {
  const ids = await projected.projectedIdsOf(trx, budgetYearId, fiscalYear);
  return write.materializeProjected(trx, ids);
}
