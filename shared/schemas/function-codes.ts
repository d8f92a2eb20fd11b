import { z } from 'zod';
import { idNumber, idText, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';
import { itemIdsInput } from './line-item-inputs';

/**
 * A DESE function code on every dollar: the rules an ADMIN keeps (by budget
 * category, work group, position or account), applying them to existing lines, setting a code on
 * selected lines from the grids, and the lines still without one. Shared with the web app and CLI.
 */

export const RULE_KINDS = ['category', 'workGroup', 'position', 'account'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  category: 'Budget category',
  workGroup: 'Work group',
  position: 'Position title',
  account: 'Account',
};

const functionCode = z
  .string({ message: 'Function code is required' })
  .trim()
  .regex(/^\d{4}$/, 'A DESE function code is 4 digits, e.g. 2305');
const note = z.string().trim().max(500, 'At most 500 characters').nullish();
const matchText = z.string({ message: 'Write the title, account or pattern' }).max(1000);
/**
 * The fund that pays the proposed lines the rule reaches, when no fund is named for them (they are
 * on the general fund): employees are paid through their positions (the crosswalk names an
 * imported employee's fund).
 */
const fundId = idNumber.nullish();

/** A new or replaced rule: its target by kind, and the code it gives. */
export const ruleBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('category'),
      categoryId: idNumber,
      functionCode,
      fundId,
      note,
    }),
    z.strictObject({ kind: z.literal('workGroup'), workGroupId: idNumber, functionCode, fundId, note }),
    z.strictObject({ kind: z.literal('position'), match: matchText, functionCode, fundId, note }),
    z.strictObject({ kind: z.literal('account'), match: matchText, functionCode, fundId, note }),
  ],
  { message: 'kind must be category, workGroup, position or account' },
);
export type RuleBody = z.infer<typeof ruleBody>;

export const ruleParams = z.strictObject({ id: idText });

export const rule = z.object({
  id: z.number().int(),
  kind: z.enum(RULE_KINDS),
  categoryId: z.number().int().nullable(),
  workGroupId: z.number().int().nullable(),
  /** Position title or account (kinds position and account), as written. */
  match: z.string().nullable(),
  /** true when match holds * or ?. */
  isPattern: z.boolean(),
  /** 'Budget category Teachers', 'Position title matches Teacher*'. */
  target: z.string(),
  functionCode: z.string(),
  functionName: z.string(),
  fundId: z.number().int().nullable(),
  /** The fund's name, or null. */
  fund: z.string().nullable(),
  note: z.string().nullable(),
  /** Lines (every budget year) the rule reaches now, with or without a code of their own. */
  lineCount: z.number().int(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type FunctionCodeRule = z.infer<typeof rule>;

export const rulesResponse = z.object({ rules: z.array(rule) });
export const ruleResponse = z.object({ rule });

/** Apply the rules to a budget year's lines (one fiscal year, or all). */
export const applyRulesBody = z.strictObject({
  budgetYearId: idNumber,
  fiscalYear: fiscalYearInput.optional(),
  /** true: lines with a code of their own get the rules' code too. Default: only lines without one. */
  overwrite: z.boolean().optional(),
  dryRun: z.boolean().optional(),
});
export type ApplyRulesBody = z.infer<typeof applyRulesBody>;

export const applyRulesResponse = z.object({
  /** Lines given a code (with dryRun: that would be). */
  updated: z.number().int(),
  /** Proposed lines on the general fund given a rule's fund (with dryRun: that would be). */
  funded: z.number().int(),
  byRule: z.array(z.object({ ruleId: z.number().int(), target: z.string(), lines: z.number().int() })),
  /** Fiscal years the committee voted (locked): left as they are. */
  lockedYears: z.array(z.number().int()),
  dryRun: z.boolean(),
});

/** POST /line-items/bulk-function-code: one code on the selected lines. */
export const bulkFunctionCodeBody = z.strictObject({ itemIds: itemIdsInput, functionCode });
export const bulkFunctionCodeResponse = z.object({ count: z.number().int() });

export const unmappedQuery = z.strictObject({ budgetYearId: idText, fiscalYear: fiscalYearInput.optional() });

/**
 * amount is null when it is the salaries of 1 to 4 people and the reader may not read lines
 * (individual pay reaches only ADMIN and FINANCE); the total's amount is then null too.
 */
const unmappedPart = z.object({ lineCount: z.number().int(), amount: moneyOut.nullable() });

/** The year's lines that count (the dashboard's) without a function code, of their own or their category's. */
export const unmappedResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  /** Employee lines: their current salaries. */
  employee: unmappedPart,
  /** Proposed lines: their amounts. */
  proposed: unmappedPart,
  lineCount: z.number().int(),
  /** null when the employee part's amount is withheld from this reader. */
  amount: moneyOut.nullable(),
  /** '$1,234.00 in 3 lines have no function code', or null when every line has one. */
  message: z.string().nullable(),
});
export type UnmappedCodes = z.infer<typeof unmappedResponse>;

/** The grids' filter value for lines without a function code (?functionCode=none). */
export const NO_FUNCTION_CODE = 'none';
