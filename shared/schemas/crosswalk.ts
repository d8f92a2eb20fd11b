import { z } from 'zod';
import { idNumber, idText, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';
import { salaryLinesLocked } from './reconciliation';

/**
 * The position crosswalk API: rules mapping a job title (exact, glob or regex) to
 * a work group, a personnel budget category, a DESE function code and the fund that pays (given at
 * import to a row whose file names no fund: employees already on file are paid through their
 * positions' fund shares, so Apply leaves funds alone); their preview on a year's
 * lines; applying them to existing lines; what an import's dry run says about them. How a title is
 * matched is server/lib/crosswalk.ts. Imports only zod: the web app and the CLI share it.
 */

export const MATCH_TYPES = ['exact', 'glob', 'regex'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];
export const MATCH_TYPE_LABELS: Record<MatchType, string> = {
  exact: 'Exact title',
  glob: 'Pattern (* and ?)',
  regex: 'Regular expression',
};

/** Titles sent to check new rules against (the import's unmatched titles), at most. */
export const MAX_CHECK_TITLES = 5000;
/** Rules created in one call (the import's unmatched-titles screen), at most. */
export const MAX_RULES_PER_CALL = 500;

const id = idNumber;
const matchType = z.enum(MATCH_TYPES, { error: 'matchType must be exact, glob or regex' });
const pattern = z
  .string({ error: 'Write the job title or a pattern' })
  .trim()
  .min(1, 'Write the job title or a pattern')
  .max(200, 'A title or pattern is at most 200 characters');
const deseCode = z
  .string({ error: 'A DESE function code is 4 digits, e.g. 2305' })
  .trim()
  .regex(/^\d{4}$/, 'A DESE function code is 4 digits, e.g. 2305');
const note = z.string().trim().max(500, 'A note is at most 500 characters');

const ruleFields = {
  matchType,
  pattern,
  /** The work group the title's lines get (chosen from the list: never typed). */
  workGroupId: id.nullable().optional(),
  /** A personnel budget category. */
  categoryId: id.nullable().optional(),
  deseCode: deseCode.nullable().optional(),
  /** The fund that pays the title's lines when an imported row names none (chosen from the list). */
  fundId: id.nullable().optional(),
  note: note.nullable().optional(),
};

const GIVES_SOMETHING =
  'Choose a work group, a category, a DESE function code or a fund for the rule to give';
const givesSomething = (r: {
  workGroupId?: number | null;
  categoryId?: number | null;
  deseCode?: string | null;
  fundId?: number | null;
}) => r.workGroupId != null || r.categoryId != null || r.deseCode != null || r.fundId != null;

/** One rule's fields. */
export const crosswalkRuleInput = z
  .strictObject(ruleFields)
  .refine(givesSomething, { message: GIVES_SOMETHING, path: ['workGroupId'] });
export type CrosswalkRuleInput = z.infer<typeof crosswalkRuleInput>;

/**
 * What a new or changed pattern must match at least one of: the employee lines of a budget year's
 * fiscal year, or the titles given (an import file's, before it is imported).
 */
const checkFields = {
  budgetYearId: id.optional(),
  fiscalYear: fiscalYearInput.optional(),
  titles: z.array(z.string().max(500)).min(1).max(MAX_CHECK_TITLES).optional(),
};
type CheckFields = { budgetYearId?: number; fiscalYear?: number; titles?: string[] };
const CHECK_MESSAGE =
  'Say what the rule must match: budgetYearId and fiscalYear (that year’s lines), or titles (an import’s)';
const hasCheck = (b: CheckFields) =>
  (b.titles !== undefined) !== (b.budgetYearId !== undefined && b.fiscalYear !== undefined) &&
  (b.budgetYearId === undefined) === (b.fiscalYear === undefined);

/** POST /crosswalk/rules: one rule, checked against a year's lines or the titles given. */
export const createRuleBody = z
  .strictObject({ ...ruleFields, ...checkFields })
  .refine(givesSomething, { message: GIVES_SOMETHING, path: ['workGroupId'] })
  .refine(hasCheck, { message: CHECK_MESSAGE, path: ['budgetYearId'] });
export type CreateRuleBody = z.infer<typeof createRuleBody>;

/** POST /crosswalk/rules/batch: several rules at once (all or none), e.g. an import's unmatched titles. */
export const createRulesBody = z
  .strictObject({
    rules: z
      .array(crosswalkRuleInput)
      .min(1, 'List at least one rule')
      .max(MAX_RULES_PER_CALL, `At most ${MAX_RULES_PER_CALL} rules at once`),
    ...checkFields,
  })
  .refine(hasCheck, { message: CHECK_MESSAGE, path: ['budgetYearId'] });
export type CreateRulesBody = z.infer<typeof createRulesBody>;

/** PUT /crosswalk/rules/:id: the rule's fields again (a changed pattern is checked like a new one). */
export const updateRuleBody = createRuleBody;
export type UpdateRuleBody = CreateRuleBody;

export const ruleParams = z.strictObject({ id: idText });

export const crosswalkRuleSchema = z.object({
  id: z.number().int(),
  matchType,
  pattern: z.string(),
  workGroupId: z.number().int().nullable(),
  workGroup: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  category: z.string().nullable(),
  deseCode: z.string().nullable(),
  /** The DESE function's name ('Teachers, Classroom'), or null. */
  deseName: z.string().nullable(),
  fundId: z.number().int().nullable(),
  /** The fund's name, or null. */
  fund: z.string().nullable(),
  note: z.string().nullable(),
  /** How specific the rule is: 'exact' or the pattern's characters, wildcards not counted. */
  specificity: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type CrosswalkRule = z.infer<typeof crosswalkRuleSchema>;

export const rulesResponse = z.object({ rules: z.array(crosswalkRuleSchema) });
export const ruleResponse = z.object({ rule: crosswalkRuleSchema });

/** GET /crosswalk/preview: the rules against a year's employee lines, nothing written. */
export const previewQuery = z.strictObject({
  budgetYearId: idText,
  fiscalYear: fiscalYearInput,
  /** true: count lines whose value differs (apply with overwrite); default: lines missing the value. */
  overwrite: z.enum(['true', 'false']).optional(),
});

const fieldCounts = z.object({
  workGroup: z.number().int(),
  category: z.number().int(),
  deseCode: z.number().int(),
});

export const conflictSchema = z.object({
  title: z.string(),
  lines: z.number().int(),
  field: z.enum(['workGroup', 'category', 'deseCode', 'fund']),
  winnerId: z.number().int(),
  loserId: z.number().int(),
  winnerLabel: z.string(),
  loserLabel: z.string(),
  /** Why the winner wins, in the screen's words. */
  reason: z.string(),
});
export type CrosswalkConflictRow = z.infer<typeof conflictSchema>;

export const unmatchedTitleSchema = z.object({
  title: z.string(),
  /** Lines (preview) or file rows (import) with this title. */
  count: z.number().int(),
  /** Their current salaries. */
  amount: moneyOut,
});
export type UnmatchedTitle = z.infer<typeof unmatchedTitleSchema>;

/**
 * A stored rule whose pattern is no longer accepted (saved before today's checks, such as a regex
 * with a backreference): it matches nothing until it is changed, and this says why.
 */
export const unusableRuleSchema = z.object({
  ruleId: z.number().int(),
  pattern: z.string(),
  message: z.string(),
});

export const previewResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  overwrite: z.boolean(),
  lineCount: z.number().int(),
  titleCount: z.number().int(),
  /** Lines whose title at least one rule matches, and their salaries. */
  matchedLines: z.number().int(),
  matchedAmount: moneyOut,
  unmatchedLines: z.number().int(),
  unmatchedAmount: moneyOut,
  rules: z.array(
    z.object({
      ruleId: z.number().int(),
      /** Titles and lines the rule matches. */
      titles: z.number().int(),
      lines: z.number().int(),
      /** Lines where the rule wins a field and would change it (what Apply would do). */
      changes: fieldCounts,
    }),
  ),
  /** Lines Apply would change, per field. */
  changes: fieldCounts,
  changedLines: z.number().int(),
  /** Titles two rules give different values, with the winner and why (first 200). */
  conflicts: z.array(conflictSchema),
  /** Titles no rule matches, most lines first (first 500). */
  unmatchedTitles: z.array(unmatchedTitleSchema),
  unusableRules: z.array(unusableRuleSchema),
});
export type CrosswalkPreview = z.infer<typeof previewResponse>;

/** POST /crosswalk/apply: the rules onto a year's employee lines, through the line writer. */
export const applyBody = z.strictObject({
  budgetYearId: id,
  fiscalYear: fiscalYearInput,
  /** Only these rules (default: every rule). */
  ruleIds: z.array(id).min(1).max(MAX_RULES_PER_CALL).optional(),
  /** true: replace values the lines have; default: fill only what they lack. */
  overwrite: z.boolean().optional(),
  dryRun: z.boolean().optional(),
});
export type ApplyBody = z.infer<typeof applyBody>;

export const applyResponse = z.object({
  dryRun: z.boolean(),
  /** Lines changed (with dryRun: that would change). */
  changedLines: z.number().int(),
  /** The year's positions given the same by their titles (with dryRun: that would change). */
  changedPositions: z.number().int(),
  changes: fieldCounts,
  byRule: z.array(z.object({ ruleId: z.number().int(), lines: z.number().int() })),
  /** Review flags the change cleared (a line that lacked a work group now has one). */
  clearedFlags: z.number().int(),
  /** The locked salary lines the change could not reach (the positions' cost moved), as a position write's. */
  salaryLines: salaryLinesLocked.optional(),
});
export type ApplyResult = z.infer<typeof applyResponse>;

/** What an operating import's dry run (and the import) says about the crosswalk. */
export const crosswalkImportSummary = z.object({
  /** Rules in force. */
  rules: z.number().int(),
  /** Rows whose title a rule matches, and rows no rule matches. */
  matchedRows: z.number().int(),
  unmatchedRows: z.number().int(),
  /** Rows that took their work group, category, DESE code or fund from the crosswalk. */
  workGroupRows: z.number().int(),
  categoryRows: z.number().int(),
  deseCodeRows: z.number().int(),
  fundRows: z.number().int(),
  /** The titles no rule matches, most rows first (first 500), with their salaries. */
  unmatchedTitles: z.array(unmatchedTitleSchema),
  unmatchedTitleCount: z.number().int(),
  /** Stored rules left out because their pattern is no longer accepted. */
  unusableRules: z.array(unusableRuleSchema),
});
export type CrosswalkImportSummary = z.infer<typeof crosswalkImportSummary>;
