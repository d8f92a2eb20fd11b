import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import type { Actor } from '@server/policies/index';
import * as projection from './queries/line-items-projection';
import { recomputeNextYearSalaries } from './queries/line-items-writes-next-year';
import { followMembership } from './queries/projected-membership';
import { refollowProjected, walkedLinesOf, type WalkSources } from './queries/projected-walk';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { auditLines, type LineCause } from './audit';
import { markLinesChanged } from './follow';
import { reviewFlagsAfterChange } from './review';

/**
 * The automatic next-year salary of an employee line ('Auto' as opposed to a
 * 'Manual' value someone typed), written by the one rule: the SQL of server/sql/salary-rule.ts
 * (COLA from the contract, else the default COLA scenario; a placed employee moves one step on
 * the schedule; anyone else adds the budget settings' pooled step/lane percent or dollars for the
 * work groups listed there; rounded to the cent). It applies only to lines that follow the rule:
 * status Active, not manual, a current salary above 0 (0 is a new hire whose value stays as
 * entered). A line with no work group, or computed at 0% for want of a COLA, is flagged for review
 * (metadata.needsReview and an importWarnings entry); projected lines get the value, no flag.
 * A value beyond the numeric(14,2) column is a 400 naming `field`, and nothing is written.
 * Returns the ids whose next-year salary or review warning changed.
 */
export async function applyAutomaticNextYearSalary(
  trx: Db,
  ids: readonly number[],
  field = 'nextYearSalary',
  options: { follow?: boolean } = {},
): Promise<number[]> {
  const { changed, overflow } = await recomputeNextYearSalaries(trx, ids);
  if (overflow.length) {
    throw nextYearOverflow(overflow, field);
  }
  if (options.follow ?? true) {
    await followProjectedLines(trx, { lineIds: ids }, field);
  }
  await reviewFlagsAfterChange(trx, ids);
  return changed;
}

/**
 * The years projected from `sources` (some lines, an import run's lines, or the lines of some work
 * groups, optionally of one budget year only) start again from what those lines now pay next year
 * (a projected year's current salary is its year before's next-year salary): re-walked in place,
 * and lines or runs also change who is in them (followMembership). A salary beyond the column is a
 * 400 naming `field`. Returns the projected lines that changed or joined.
 */
export async function followProjectedLines(
  trx: Db,
  sources: WalkSources,
  field = 'nextYearSalary',
  budgetYearId?: number,
): Promise<number[]> {
  // An edited projected year moves the years after it: its base line is walked again.
  if ('lineIds' in sources) {
    sources = { lineIds: await walkedLinesOf(trx, sources.lineIds) };
  }
  // Lines just imported have no projected years to move yet: only who is in them may change.
  const followed =
    'importRunId' in sources
      ? { changed: [], overflowYear: null }
      : await refollowProjected(trx, sources, budgetYearId);
  if (followed.overflowYear !== null) {
    throw projectedOverflow(followed.overflowYear, field);
  }
  // A projected line may hold a position: its cost follows before the commit (follow.ts).
  await markLinesChanged(trx, null, { lineIds: followed.changed });
  // An edit may also change who is projected (a status, a line added to the base year); a rule
  // change never does.
  if ('lineIds' in sources || 'importRunId' in sources) {
    const joined = await followMembership(trx, sources);
    if (joined.overflowYear !== null) {
      throw projectedOverflow(joined.overflowYear, field);
    }
    if (joined.removed.length || joined.added.length) {
      // As Generate Projections does: lines came or went in projected years, any roster may move.
      await markLinesChanged(trx, null, { rosters: ['*'] });
    }
    return [...followed.changed, ...joined.added];
  }
  return followed.changed;
}

/** The 400 for automatic next-year salaries beyond the numeric(14,2) column, naming `field`. */
export function nextYearOverflow(
  overflow: readonly { id: number; value: string }[],
  field = 'nextYearSalary',
) {
  const { MAX_MONEY_LABEL: max, moneyLabel } = projection;
  const which = overflow.map((o) => `line ${o.id}: ${moneyLabel(o.value)}`).join(', ');
  return badRequest(
    `${field}: the automatic next-year salary would exceed ${max}, the most a line can hold (${which}); ${
      field === 'nextYearSalary' ? 'lower the current salary or enter the next-year salary' : `lower ${field}`
    }`,
    overflow.map((o) => ({
      path: field,
      message: `Line ${o.id}: the automatic next-year salary ${moneyLabel(o.value)} exceeds ${max}`,
    })),
  );
}

/** The 400 for projected salaries beyond the numeric(14,2) column after a rule change, naming `field`. */
function projectedOverflow(fiscalYear: number, field = 'nextYearSalary') {
  const { MAX_MONEY_LABEL: max } = projection;
  const year = fiscalYearLabel(fiscalYear);
  return badRequest(
    `${field}: the projected salaries of ${year} would exceed ${max}, the most a line can hold`,
    [{ path: field, message: `The projected salaries of ${year} would exceed ${max}` }],
  );
}

/** Which rule-following lines a change to the rule's inputs may move. */
export interface RuleScope {
  workGroupIds: readonly number[] | 'all';
  /** Only this budget year's lines (budget settings are per budget year). */
  budgetYearId?: number;
  /** The input field named by a 400 when a value would overflow. */
  field?: string;
}

/**
 * After a change to what the salary rule reads (a contract's COLA, the default COLA scenario or
 * its settings, a budget year's step/lane settings, a work group's category), the automatic
 * next-year salaries it moves are rewritten in the same transaction, and each line whose value
 * moved gets an audit entry naming the cause (also as `recomputedBecause`). Returns how many.
 */
export async function recomputeAfterRuleChange(
  trx: Db,
  actor: Actor,
  scope: RuleScope | readonly number[] | 'all',
  reason: string,
): Promise<number> {
  const s: RuleScope =
    scope === 'all' || Array.isArray(scope) ? { workGroupIds: scope } : (scope as RuleScope);
  // A rule change (a schedule's cells, a COLA) prices vacancies too, even when no line moves: every
  // year that follows a roster is set again before the commit (follow.ts).
  await markLinesChanged(trx, actor, { rosters: ['*'] });
  const lines = await projection.ruleLinesOfWorkGroups(trx, s.workGroupIds, s.budgetYearId);
  if (!lines.length) {
    return 0;
  }
  const before = new Map(lines.map((l) => [l.id, l.next_year_salary]));
  // The projected years follow first: each one's current salary is its year before's next-year
  // salary, which the change may have moved (the walk rewrites their next-year salaries too).
  const followed = await followProjectedLines(trx, { workGroupIds: s.workGroupIds }, s.field, s.budgetYearId);
  const changed = await applyAutomaticNextYearSalary(trx, [...before.keys()], s.field, { follow: false });
  const touched = [...new Set([...followed, ...changed])].sort((a, b) => a - b);
  const after = await projection.nextYearSalaries(trx, touched);
  const moved = touched.filter((id) => after.get(id) !== before.get(id));
  const money = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const cause: LineCause = { action: 'update', reason };
  return auditLines(
    trx,
    actor,
    cause,
    moved.map((id) => ({
      id,
      before: { nextYearSalary: money(before.get(id)) },
      after: { nextYearSalary: money(after.get(id)), recomputedBecause: reason },
    })),
  );
}
