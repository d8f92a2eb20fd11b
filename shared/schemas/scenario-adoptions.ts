import { scenarioPositionChangeSchema } from './scenario-positions';
import { z } from 'zod';
import { idNumberWith, idTextWith, moneyOut } from './common';
import { adoptedSinceSchema } from './cut-scenarios';
import { fiscalYearInput } from './fiscal-year';

/**
 * Adopting a cut scenario into the budget. The preview lists each proposed line
 * the scenario changes (current amount, new amount = amount x percent kept / 100 rounded to the cent
 * as the Scenario Builder computes it), the year's proposed total before and after, and a `basis`
 * token the adoption must echo: when the lines, the year's total or its stage moved since the
 * preview, the adoption is refused and the preview must be read again. An adoption records the
 * stage snapshot it was made from and, per line, the amount it replaced and the amount it set: Undo
 * returns to the replaced amount each line still at the amount the adoption set; a line edited since is
 * named in the undo preview and left as it is unless the undo is asked to overwrite it.
 */

export const MAX_ADOPTION_REASON = 2000;

const reason = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(MAX_ADOPTION_REASON, `${what} must be at most ${MAX_ADOPTION_REASON} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const positiveId = (what: string) => idNumberWith(`${what} must be a positive whole number`);

/** The budget and fiscal year the person is adopting into: a scenario of another year is refused. */
const intoYear = {
  budgetYearId: positiveId('budgetYearId').optional(),
  fiscalYear: fiscalYearInput.optional(),
};

/**
 * The preview's basis, which a write must echo: without it an edit made after the person reviewed
 * the change would be overwritten unseen.
 */
const basisOfPreview = (what: string) =>
  z
    .string({ error: `basis is required: preview the ${what} first` })
    .min(1, `basis is required: preview the ${what} first`)
    .max(200, 'basis must be at most 200 characters');

export const adoptPreviewBody = z.strictObject(intoYear).optional();
export type AdoptPreviewBody = z.output<typeof adoptPreviewBody>;

export const adoptBody = z.strictObject({
  ...intoYear,
  /** The preview's basis: the adoption is refused when the budget changed since. */
  basis: basisOfPreview('adoption'),
  reason: reason('reason'),
  /** Why each line changes (line id -> reason), kept for the report of what changed between stages. */
  lineReasons: z
    .record(z.string().regex(/^[1-9]\d{0,9}$/, 'lineReasons keys are line ids'), reason('A line’s reason'))
    .optional(),
});
export type AdoptBody = z.output<typeof adoptBody>;

/**
 * Whether Undo also returns the lines edited since the adoption (a transfer, a correction) to what
 * the adoption replaced, overwriting those edits. Off unless the person chooses it.
 */
const overwriteEdited = z.boolean({ error: 'overwriteEdited must be true or false' }).optional();

export const undoPreviewBody = z.strictObject({ overwriteEdited }).optional();
export type UndoPreviewBody = z.output<typeof undoPreviewBody>;

export const undoBody = z.strictObject({
  /** The undo preview's basis: refused when the lines, the total or the stage moved since. */
  basis: basisOfPreview('undo'),
  reason: reason('reason'),
  overwriteEdited,
});
export type UndoBody = z.output<typeof undoBody>;

export const adoptionParams = z.strictObject({
  id: idTextWith('Adoption id must be a positive whole number'),
});

export const adoptionsQuery = z.strictObject({
  budgetYearId: idTextWith('budgetYearId must be a positive whole number'),
  fiscalYear: fiscalYearInput.optional(),
  scenarioId: idTextWith('scenarioId must be a positive whole number').optional(),
});

export const adoptionSchema = z.object({
  id: z.number().int(),
  /** Null once the scenario was deleted; its name stays. */
  scenarioId: z.number().int().nullable(),
  scenarioName: z.string(),
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  /** The stage snapshot the year stood at when the adoption was made. */
  fromStage: z.object({
    id: z.number().int(),
    stage: z.string(),
    label: z.string(),
    date: z.string(),
  }),
  reason: z.string().nullable(),
  adoptedBy: z.string(),
  adoptedAt: z.string(),
  /** The year's proposed total before and after. */
  totalBefore: moneyOut,
  totalAfter: moneyOut,
  lineCount: z.number().int(),
  undoneAt: z.string().nullable(),
  undoneBy: z.string().nullable(),
  undoReason: z.string().nullable(),
});
export type Adoption = z.infer<typeof adoptionSchema>;

const lineBase = {
  id: z.number().int(),
  description: z.string().nullable(),
  accountLine: z.string().nullable(),
  category: z.string().nullable(),
  building: z.string().nullable(),
  currentAmount: moneyOut,
};

export const adoptPreviewLineSchema = z.object({
  ...lineBase,
  percentKept: z.number(),
  newAmount: moneyOut,
  /** newAmount - currentAmount (below zero: a cut). */
  difference: moneyOut,
});
export type AdoptPreviewLine = z.infer<typeof adoptPreviewLineSchema>;

const stageSchema = z.object({
  stage: z.string(),
  label: z.string(),
  caption: z.string(),
  locked: z.boolean(),
});

export const adoptPreviewResponse = z.object({
  scenario: z.object({
    id: z.number().int(),
    name: z.string(),
    budgetYearId: z.number().int(),
    fiscalYear: z.number().int(),
  }),
  stage: stageSchema,
  lines: z.array(adoptPreviewLineSchema),
  /** The year's proposed total (the dashboard's) now and after the adoption. */
  totalBefore: moneyOut,
  totalAfter: moneyOut,
  /** What the scenario's cuts take off the year: totalBefore - totalAfter. */
  cutsTotal: moneyOut,
  /** The positions it closes (cuts) and creates (adds) in the roster, each with what it saves or costs. */
  positions: z.array(scenarioPositionChangeSchema),
  /** What those save less what the adds cost (part of cutsTotal). */
  positionsNet: moneyOut,
  /** Echo it to adopt: a different basis means the budget changed since this preview. */
  basis: z.string(),
  /** Why the adoption cannot be made now (a locked year, nothing to adopt), else null. */
  blocked: z.string().nullable(),
  /** Adoptions already in this year (not undone): this one changes the lines on top of them. */
  earlier: z.array(adoptionSchema),
  /**
   * The adoptions made after this scenario was: its lines are shown against
   * today's figures, and the cuts they had already applied are no longer among its changes.
   */
  adoptedSince: z.array(adoptedSinceSchema),
});
export type AdoptPreview = z.infer<typeof adoptPreviewResponse>;

export const adoptResponse = z.object({
  adoption: adoptionSchema,
  linesChanged: z.number().int(),
  positionsClosed: z.number().int(),
  positionsCreated: z.number().int(),
  message: z.string(),
});
export type AdoptResult = z.infer<typeof adoptResponse>;

export const adoptionsResponse = z.object({ adoptions: z.array(adoptionSchema) });

export const undoPreviewLineSchema = z.object({
  ...lineBase,
  /** What the adoption set. */
  adoptedAmount: moneyOut,
  /** What the adoption replaced: the amount Undo returns the line to. */
  replacedAmount: moneyOut,
  /** The line was edited since the adoption (its amount is no longer adoptedAmount). */
  editedSince: z.boolean(),
  /** What the line will be after the undo: replacedAmount, or its amount now for an edited line kept. */
  returnsTo: moneyOut,
  /** returnsTo - currentAmount. */
  difference: moneyOut,
});

export const undoPreviewResponse = z.object({
  adoption: adoptionSchema,
  lines: z.array(undoPreviewLineSchema),
  /** How many lines were edited since the adoption; kept as they are unless overwriteEdited. */
  editedCount: z.number().int(),
  /** Whether this preview overwrites the lines edited since (as asked). */
  overwriteEdited: z.boolean(),
  totalBefore: moneyOut,
  totalAfter: moneyOut,
  basis: z.string(),
  blocked: z.string().nullable(),
});
export type UndoPreview = z.infer<typeof undoPreviewResponse>;

export const undoResponse = z.object({
  adoption: adoptionSchema,
  linesChanged: z.number().int(),
  /** Lines edited since the adoption that the undo left as they are. */
  linesKept: z.number().int(),
  /** What the undo could not give back of the positions the adoption closed or created. */
  positionNotes: z.array(z.string()),
  message: z.string(),
});
