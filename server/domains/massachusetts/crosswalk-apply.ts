import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import {
  APPLIED_FIELDS,
  CrosswalkMatcher,
  ruleLabel,
  type AppliedField,
  type CrosswalkRuleRef,
  type Resolution,
} from '@server/lib/crosswalk';
import { firstRanked } from '@server/lib/first-ranked';
import { LoopSlices } from '@server/lib/loop-slices';
import { centsOf, fromCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/crosswalk';
import type {
  ApplyBody,
  ApplyResult,
  CrosswalkConflictRow,
  CrosswalkPreview,
} from '@shared/schemas/crosswalk';
import { requireBudgetYear } from '@server/domains/budgets';
import { answerWithSalaryLines, changeLineParts } from '@server/domains/line-items';
import { applyTitlePatches, rosterForTitleRules, type TitlePatch } from '@server/domains/positions';

/**
 * The crosswalk's rules against a year's employee lines (the lines the grids show, activeScope):
 * the preview (what each rule matches and would change, the titles two rules disagree on, the
 * titles no rule matches) and Apply, which changes the lines through the line writer (changeLines:
 * a new work group moves the automatic next-year salary and clears a placement on another group's
 * schedule, review flags whose cause is fixed clear, every changed line audited naming its rules).
 * Apply fills what a line lacks unless `overwrite`; a value the rule gives that the line already
 * has is no change.
 */

type Current = { work_group_id: number | null; category_id: number | null; dese_code: string | null };

const CURRENT_OF: Record<AppliedField, (c: Current) => number | string | null> = {
  workGroup: (c) => c.work_group_id,
  category: (c) => c.category_id,
  deseCode: (c) => c.dese_code,
};

/** The fields a resolution would change on a line carrying `current`. */
function changedFields(res: Resolution, current: Current, overwrite: boolean): AppliedField[] {
  return APPLIED_FIELDS.filter((field) => {
    const hit = res[field];
    if (!hit) {
      return false;
    }
    const now = CURRENT_OF[field](current);
    return overwrite ? now !== hit.value : now === null;
  });
}

async function matcherFor(trx: Db, ruleIds?: readonly number[]): Promise<CrosswalkMatcher> {
  const refs = await q.ruleRefs(trx);
  if (ruleIds) {
    const known = new Set(refs.map((r) => r.id));
    const missing = ruleIds.filter((id) => !known.has(id));
    if (missing.length) {
      throw badRequest(`No crosswalk rule ${missing.join(', ')}`, [
        { path: 'ruleIds', message: `No crosswalk rule ${missing.join(', ')}` },
      ]);
    }
    const wanted = new Set(ruleIds);
    return new CrosswalkMatcher(refs.filter((r) => wanted.has(r.id)));
  }
  return new CrosswalkMatcher(refs);
}

const emptyCounts = () => ({ workGroup: 0, category: 0, deseCode: 0 });

/** GET /crosswalk/preview: every rule against the year's employee lines; nothing is written. */
export async function previewCrosswalk(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear: number; overwrite?: boolean },
): Promise<CrosswalkPreview> {
  authorize(actor, 'crosswalk.manage');
  await requireBudgetYear(app.db, input.budgetYearId);
  const overwrite = input.overwrite ?? false;
  const matcher = await matcherFor(app.db);
  const groups = await q.titleGroups(app.db, input.budgetYearId, input.fiscalYear);
  const perRule = new Map<
    number,
    { titles: Set<string>; lines: number; changes: ReturnType<typeof emptyCounts> }
  >();
  for (const rule of matcher.byId.values()) {
    perRule.set(rule.id, { titles: new Set(), lines: 0, changes: emptyCounts() });
  }
  const changes = emptyCounts();
  const conflicts = new Map<string, CrosswalkConflictRow>();
  const unmatched = new Map<string, { title: string; count: number; cents: bigint }>();
  const titles = new Set<string>();
  let lineCount = 0;
  let matchedLines = 0;
  let changedLines = 0;
  let matchedCents = 0n;
  let unmatchedCents = 0n;
  const slices = new LoopSlices();
  for (const g of groups) {
    if (slices.due()) {
      await slices.turn();
    }
    const cents = centsOf(g.amount);
    lineCount += g.lines;
    titles.add(g.title.toLowerCase());
    const res = matcher.resolve(g.title);
    if (!res) {
      unmatchedCents += cents;
      const key = g.title.toLowerCase();
      const u = unmatched.get(key) ?? { title: g.title || '(no title)', count: 0, cents: 0n };
      u.count += g.lines;
      u.cents += cents;
      unmatched.set(key, u);
      continue;
    }
    matchedLines += g.lines;
    matchedCents += cents;
    for (const id of res.ruleIds) {
      const r = perRule.get(id)!;
      r.titles.add(g.title.toLowerCase());
      r.lines += g.lines;
    }
    const fields = changedFields(res, g, overwrite);
    if (fields.length) {
      changedLines += g.lines;
    }
    for (const field of fields) {
      changes[field] += g.lines;
      perRule.get(res[field]!.ruleId)!.changes[field] += g.lines;
    }
    for (const c of res.conflicts) {
      const key = `${g.title.toLowerCase()}|${c.field}|${c.loserId}`;
      const row = conflicts.get(key) ?? { title: g.title, lines: 0, ...c };
      row.lines += g.lines;
      conflicts.set(key, row);
    }
  }
  const unmatchedTitles = firstRanked(
    unmatched.values(),
    500,
    (a, b) => b.count - a.count || a.title.localeCompare(b.title),
  ).map((u) => ({ title: u.title, count: u.count, amount: fromCents(u.cents) }));
  return {
    budgetYearId: input.budgetYearId,
    fiscalYear: input.fiscalYear,
    overwrite,
    lineCount,
    titleCount: titles.size,
    matchedLines,
    matchedAmount: fromCents(matchedCents),
    unmatchedLines: lineCount - matchedLines,
    unmatchedAmount: fromCents(unmatchedCents),
    rules: [...perRule.entries()].map(([ruleId, r]) => ({
      ruleId,
      titles: r.titles.size,
      lines: r.lines,
      changes: r.changes,
    })),
    changes,
    changedLines,
    conflicts: [...conflicts.values()].sort((a, b) => b.lines - a.lines).slice(0, 200),
    unmatchedTitles,
    unusableRules: matcher.unusable,
  };
}

interface Patch {
  columns: Record<string, unknown>;
  metadata: Record<string, unknown>;
  rules: CrosswalkRuleRef[];
}

/** The patch a line gets: the values of the fields that change, and the rules that gave them. */
function patchOf(res: Resolution, fields: readonly AppliedField[], matcher: CrosswalkMatcher): Patch {
  const columns: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  const rules = new Map<number, CrosswalkRuleRef>();
  for (const field of fields) {
    const hit = res[field]!;
    rules.set(hit.ruleId, matcher.byId.get(hit.ruleId)!);
    if (field === 'workGroup') {
      columns.work_group_id = hit.value;
      columns.work_group = hit.label;
      metadata.crosswalkWorkGroupRule = hit.ruleId;
    } else if (field === 'category') {
      columns.category_id = hit.value;
      metadata.crosswalkCategoryRule = hit.ruleId;
    } else {
      columns.dese_code = hit.value;
      metadata.crosswalkDeseCodeRule = hit.ruleId;
    }
  }
  return { columns, metadata, rules: [...rules.values()] };
}

/**
 * What the rules give the year's positions by title, as for lines. An import makes positions from
 * lines before rules made from its unmatched titles exist: without this they kept no category, and
 * the planned year's salary budget (following the positions) had no line for them.
 */
async function positionPatches(
  trx: Db,
  matcher: CrosswalkMatcher,
  roster: { budgetYearId: number; fiscalYear: number },
  overwrite: boolean,
): Promise<Map<number, TitlePatch>> {
  const patches = new Map<number, TitlePatch>();
  const slices = new LoopSlices();
  for (const position of await rosterForTitleRules(trx, roster)) {
    if (slices.due()) {
      await slices.turn();
    }
    const res = matcher.resolve(position.title);
    const fields = res ? changedFields(res, position, overwrite) : [];
    if (!res || !fields.length) {
      continue;
    }
    const { columns, rules } = patchOf(res, fields, matcher);
    const values = Object.fromEntries(
      ['work_group_id', 'category_id', 'dese_code'].filter((c) => c in columns).map((c) => [c, columns[c]]),
    );
    patches.set(position.id, { values, reason: `Position crosswalk: ${rules.map(ruleLabel).join(', ')}` });
  }
  return patches;
}

/**
 * POST /crosswalk/apply: gives the year's employee lines what the rules say (only what they lack,
 * unless `overwrite`), in one transaction through one pass of the line writer over every batch
 * (changeLineParts: each batch its UPDATE and audit reason, the reads, recompute and audit as
 * sets), and the year's positions the same by their titles (positionPatches); `dryRun`: counts.
 */
export async function applyCrosswalk(app: AppContext, actor: Actor, input: ApplyBody): Promise<ApplyResult> {
  authorize(actor, 'crosswalk.manage');
  const overwrite = input.overwrite ?? false;
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId, 'budgetYearId');
    const matcher = await matcherFor(trx, input.ruleIds);
    const lines = await q.yearLines(trx, input.budgetYearId, input.fiscalYear);
    const batches = new Map<string, Patch & { ids: number[] }>();
    const changes = emptyCounts();
    const byRule = new Map<number, number>();
    const slices = new LoopSlices();
    for (const line of lines) {
      if (slices.due()) {
        await slices.turn();
      }
      const res = matcher.resolve(line.title);
      const fields = res ? changedFields(res, line, overwrite) : [];
      if (!res || !fields.length) {
        continue;
      }
      const patch = patchOf(res, fields, matcher);
      for (const field of fields) {
        changes[field] += 1;
      }
      for (const rule of patch.rules) {
        byRule.set(rule.id, (byRule.get(rule.id) ?? 0) + 1);
      }
      const key = JSON.stringify([patch.columns, patch.metadata]);
      const batch = batches.get(key) ?? { ...patch, ids: [] };
      batch.ids.push(line.id);
      batches.set(key, batch);
    }
    let changedLines = [...batches.values()].reduce((n, b) => n + b.ids.length, 0);
    let clearedFlags = 0;
    if (!input.dryRun) {
      const parts = [...batches.values()].map((batch) => ({
        ids: batch.ids,
        patch: { columns: batch.columns, metadata: batch.metadata },
        reason: `Position crosswalk: ${batch.rules.map(ruleLabel).join(', ')}`,
      }));
      const cause = { action: 'update', reason: 'Position crosswalk' };
      const result = await changeLineParts(trx, actor, cause, parts);
      const after = new Map(result.after.map((a) => [a.id, a]));
      clearedFlags = result.before.filter(
        (b) => b.metadata.needsReview && !after.get(b.id)?.metadata.needsReview,
      ).length;
      changedLines = result.audited;
    }
    const positions = await positionPatches(trx, matcher, input, overwrite);
    const titled = input.dryRun
      ? { changed: positions.size, salaryLines: null }
      : await applyTitlePatches(trx, actor, input, positions);
    const answer = {
      dryRun: Boolean(input.dryRun),
      changedLines,
      changedPositions: titled.changed,
      changes,
      byRule: [...byRule.entries()].map(([ruleId, n]) => ({ ruleId, lines: n })),
      clearedFlags,
    };
    return answerWithSalaryLines(trx, actor, answer, titled.salaryLines); // the positions' note, else the lines'
  });
}
