import { z } from 'zod';
import { idNumber, idText, moneyOut } from './common';
import { employeeLineItemSchema, LINE_SOURCES } from './line-item-dtos';
import { fiscalYear } from './line-item-inputs';

/**
 * The Duplicate Checker of Data Quality Review (ADMIN): likely duplicate employee records, where each
 * came from, and merging many groups at once by a rule. Re-exported by ./line-items.
 */

/** GET /line-items/duplicates. Without fiscalYear every fiscal year of the budget year is checked (each separately). */
export const duplicatesQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYear.optional(),
});

/** The import run that wrote a record: its id, the file's name and when it ran (ISO 8601). */
export const importRunRefSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  importedAt: z.string(),
});
export type ImportRunRef = z.infer<typeof importRunRefSchema>;

export const duplicateCandidateSchema = employeeLineItemSchema.extend({
  /** 0-100: how alike this record is to the record it matched best in its group. */
  similarityScore: z.number().int().min(0).max(100),
  /** Why, e.g. 'Same last name', 'First name 92% similar', 'Same position', 'Salary within 1%'. */
  similarityFactors: z.array(z.string()),
  /** The id of the record in the group this one matched best. */
  matchedWithId: z.number().int(),
  /** For a record of source 'imported': the run that wrote it; null otherwise. */
  importRun: importRunRefSchema.nullable(),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;
/** Groups of two or more records, highest score first; within a group, the oldest record first. */
export const duplicatesResponse = z.object({ duplicateGroups: z.array(z.array(duplicateCandidateSchema)) });

/* ---------- Merging many groups by a rule ---------- */

/**
 * Which record of a group to keep. A group the rule cannot decide (no such record, or more than
 * one) is skipped with the reason, never guessed.
 */
export const MERGE_RULES = ['keep-imported', 'keep-entered', 'keep-newest'] as const;
export type MergeRule = (typeof MERGE_RULES)[number];
export const MERGE_RULE_LABELS: Record<MergeRule, string> = {
  'keep-imported': 'Keep the imported record (written by an import run)',
  'keep-entered': 'Keep the record entered by hand',
  'keep-newest': 'Keep the most recently changed record',
};
/** At most this many groups per call (the largest budgets show a few hundred). */
export const MAX_RULE_MERGES = 5000;

const plannedMerge = z.strictObject({
  keepId: idNumber,
  removeIds: z.array(idNumber).min(1, 'removeIds needs at least one id').max(100),
});

/**
 * POST /line-items/duplicates/merge-by-rule. dryRun: true answers the preview and writes nothing.
 * `merges` (the preview's merges, or some of them) are carried out exactly as previewed, or not
 * at all (409 when the groups changed since); without it, every group the rule decides is merged.
 */
export const mergeByRuleBody = z
  .strictObject({
    budgetYearId: idNumber,
    fiscalYear: fiscalYear.optional(),
    rule: z.enum(MERGE_RULES, { message: `rule must be one of ${MERGE_RULES.join(', ')}` }),
    dryRun: z.boolean({ message: 'dryRun must be true or false' }),
    merges: z
      .array(plannedMerge)
      .min(1, 'merges needs at least one group')
      .max(MAX_RULE_MERGES, `At most ${MAX_RULE_MERGES} groups per call`)
      .optional(),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    for (const [i, m] of (b.merges ?? []).entries()) {
      for (const id of [m.keepId, ...m.removeIds]) {
        if (seen.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['merges', i],
            message: `Record ${id} appears more than once`,
          });
        }
        seen.add(id);
      }
    }
  });
export type MergeByRuleBody = z.infer<typeof mergeByRuleBody>;

/** A record as the preview lists it. */
export const ruleRecordSchema = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  position: z.string().nullable(),
  currentSalary: moneyOut.nullable(),
  source: z.enum(LINE_SOURCES),
  importRun: importRunRefSchema.nullable(),
  updatedAt: z.string(),
});
export type RuleRecord = z.infer<typeof ruleRecordSchema>;

export const ruleMergeSchema = z.object({
  fiscalYear: z.number().int(),
  keepId: z.number().int(),
  removeIds: z.array(z.number().int()),
  /** The kept record first, then the removed ones. */
  records: z.array(ruleRecordSchema),
});
export type RuleMerge = z.infer<typeof ruleMergeSchema>;

export const ruleSkipSchema = z.object({
  fiscalYear: z.number().int(),
  ids: z.array(z.number().int()),
  records: z.array(ruleRecordSchema),
  /** Why the rule cannot decide, e.g. '2 imported records: the rule cannot choose one'. */
  reason: z.string(),
});
export type RuleSkip = z.infer<typeof ruleSkipSchema>;

export const mergeByRuleResponse = z.object({
  rule: z.enum(MERGE_RULES),
  /** True: a preview, nothing was written. False: the merges below were made, in one transaction. */
  dryRun: z.boolean(),
  /** Groups of likely duplicates the rule looked at. */
  groupCount: z.number().int(),
  mergedGroupCount: z.number().int(),
  removedRecordCount: z.number().int(),
  skippedGroupCount: z.number().int(),
  merges: z.array(ruleMergeSchema),
  skipped: z.array(ruleSkipSchema),
});
export type MergeByRuleResult = z.infer<typeof mergeByRuleResponse>;
