import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/duplicates';
import * as read from './queries/line-items';
import type { MergeByRuleBody, MergeByRuleResult, RuleMerge, RuleSkip } from '@shared/schemas/duplicates';
import { currentDuplicates, mergePair } from './duplicates';
import { requireBudgetYear } from '@server/domains/budgets';
import { pickRequested, planMerges } from './duplicates-rules';

/**
 * Merge by rule (Data Quality, Duplicate Checker): many groups of likely duplicates at once, each
 * keeping the record the rule picks (duplicates-rules.ts), through the single merge's own code
 * (mergePair) in one transaction. A dry run answers the preview and writes nothing.
 */

/** The planned merges to carry out: all of them, or the requested ones exactly as planned (else 409). */
function chooseMerges(planned: RuleMerge[], requested: MergeByRuleBody['merges']): RuleMerge[] {
  if (!requested) {
    return planned;
  }
  const { chosen, stale } = pickRequested(planned, requested);
  if (stale.length) {
    throw new AppError(
      409,
      'CONFLICT',
      `${stale.length} of the ${requested.length} groups changed since the preview (a record was ` +
        'merged, deleted or edited, or the rule now picks another). Nothing was merged; preview again.',
      stale.map((message) => ({ path: 'merges', message })),
    );
  }
  return chosen;
}

function outcome(
  input: MergeByRuleBody,
  groupCount: number,
  merges: RuleMerge[],
  skipped: RuleSkip[],
): MergeByRuleResult {
  return {
    rule: input.rule,
    dryRun: input.dryRun,
    groupCount,
    mergedGroupCount: merges.length,
    removedRecordCount: merges.reduce((n, m) => n + m.removeIds.length, 0),
    skippedGroupCount: skipped.length,
    merges,
    skipped,
  };
}

/**
 * Applies `rule` to the budget year's duplicate groups (one fiscal year, or each separately). With
 * dryRun, the preview: per group the kept and removed records, and the groups the rule cannot
 * decide with the reason. Otherwise every merge (or the previewed ones, as previewed) in one
 * transaction, each audited; any failure leaves every record as it was.
 */
export async function mergeByRule(
  app: AppContext,
  actor: Actor,
  input: MergeByRuleBody,
): Promise<MergeByRuleResult> {
  authorize(actor, 'dataQuality.manage');
  await requireBudgetYear(app.db, input.budgetYearId);
  const scope = { budgetYearId: input.budgetYearId, fiscalYear: input.fiscalYear };
  if (input.dryRun) {
    const { result } = await currentDuplicates(app.db, app.db, scope);
    const plan = planMerges(input.rule, result.duplicateGroups);
    const merges = chooseMerges(plan.merges, input.merges);
    return outcome(input, result.duplicateGroups.length, merges, plan.skipped);
  }
  // The duplicate check's cache lives on the app's handle; the transaction only reads through it.
  const cacheDb = app.db;
  return app.db.transaction(async (trx) => {
    const { signature, result } = await currentDuplicates(trx, cacheDb, scope);
    const plan = planMerges(input.rule, result.duplicateGroups);
    const merges = chooseMerges(plan.merges, input.merges);
    await read.lockLines(
      trx,
      merges.flatMap((m) => [m.keepId, ...m.removeIds]),
    );
    // Another session may have written between the check and the locks: then the plan is old.
    if ((await q.duplicatesSignature(trx, scope.budgetYearId, scope.fiscalYear)) !== signature) {
      throw new AppError(
        409,
        'CONFLICT',
        'The records changed while merging. Nothing was merged; preview again.',
      );
    }
    for (const m of merges) {
      for (const id of m.removeIds) {
        await mergePair(trx, actor, m.keepId, id, input.rule);
      }
    }
    return outcome(input, result.duplicateGroups.length, merges, plan.skipped);
  });
}
