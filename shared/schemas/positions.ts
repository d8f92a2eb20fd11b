import { z } from 'zod';
import { idNumber, idText, isoDate, moneyOut } from './common';
import { fiscalYear, optionalText, queryBoolean } from './line-item-inputs';

/* ------------------------------------------------------------------------------------------------
 * Positions: budgeted jobs apart from the people who fill them. The contract of the positions API,
 * shared by the server, the CLI and the web Positions manager.
 *
 * Routes (under /api; read = 'positions.read', FINANCE and ADMIN; write = 'positions.write', FINANCE
 * and ADMIN; the staffing summary = 'staffing.read', anyone signed in, without names or single pay):
 *   GET    /positions                              positionListQuery -> positionListResponse
 *   GET    /positions/staffing                     staffingQuery -> staffingSummaryResponse
 *   GET    /positions/salary-lines                 rosterSalaryLinesQuery -> rosterSalaryLinesResponse
 *   GET    /positions/vacancy-placement            -> vacancyPlacementsResponse
 *   PUT    /positions/vacancy-placement/:workGroupId  vacancyPlacementBody -> vacancyPlacementResponse
 *   POST   /positions/bulk                         bulkPositionsBody -> bulkPositionsResponse
 *   POST   /positions                              createPositionBody -> positionDetailResponse (201)
 *   GET    /positions/:id                          -> positionDetailResponse (holders and history)
 *   PATCH  /positions/:id                          updatePositionBody -> positionDetailResponse
 *   POST   /positions/:id/fill                     fillPositionBody -> positionDetailResponse
 *   POST   /positions/:id/vacate                   vacatePositionBody -> positionDetailResponse
 *   POST   /positions/:id/status                   setPositionStatusBody -> positionDetailResponse
 *   DELETE /positions/:id?version=N                deletePositionQuery -> deletePositionResponse
 *
 * Every write names the `version` it read (the position's version token, from its DTO): when
 * someone else changed the position since, the write is refused with 409 CONFLICT 'Someone else
 * changed this position ...' and nothing is written. Closed fiscal years and locked stages refuse
 * writes with the lines' lock messages (409).
 *
 * A fiscal year's positions are its roster (held by that year's employee lines, stored in the
 * year's home budget year); what they cost is budgeted for the year after (`costFiscalYear`), the
 * year their holders' next-year salaries pay. One rule, server/sql/position-cost.ts: filled = each
 * holder's next-year salary (their current salary when the rule gave none) times share / holder's
 * FTE, rounded to the cent per holder; vacant and posted = the work group's schedule cell at the
 * budgeted step and lane in costFiscalYear (the same year as the holders' pay, so a vacancy is
 * not priced a year cheaper than the person who left), times the FTE, rounded to the cent (null,
 * 'unpriced', when there is no such cell or no step and lane); frozen and closed = 0.
 * A position may have no category yet (an employee line without one becomes such a position);
 * writes require a personnel category.
 * ---------------------------------------------------------------------------------------------- */

export * from './position-inputs';
export * from './position-settings';
export * from './position-totals';
export * from './position-actions';
import { positionTotalsSchema } from './position-totals';
import { fundSharesInput, positionFundShareSchema } from './position-funds';
import { salaryLinesLocked } from './reconciliation';
import {
  lineItemIdInput,
  positionBuildingInput,
  positionCategoryInput,
  positionCodeInput,
  positionFteInput,
  fteShareInput,
  laneInput,
  POSITION_ACTIONS,
  POSITION_STATUSES,
  reason,
  rosterRateClear,
  stepInput,
  title,
  versionToken,
  wholeNumberText,
} from './position-inputs';

/* ---------- DTOs ---------- */

export const positionHolderSchema = z.object({
  lineItemId: z.number().int(),
  employeeName: z.string().nullable(),
  employeeId: z.string().nullable(),
  /** The holder's share of this position. */
  fteShare: z.number(),
  /** The holder's own FTE (their employee line's), which all their shares add up to at most. */
  employeeFte: z.number().nullable(),
  /** The holder's shares of every position together. */
  employeeTotalShare: z.number(),
  /** The holder's next-year salary (their line's), for their whole FTE. */
  nextYearSalary: moneyOut.nullable(),
  /** What this share costs: next-year salary x share / holder's FTE, to the cent. */
  budgetedCost: moneyOut,
});
export type PositionHolder = z.infer<typeof positionHolderSchema>;

export const positionSchema = z.object({
  id: z.number().int(),
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  /** The fiscal year the budgeted cost pays for: fiscalYear + 1. */
  costFiscalYear: z.number().int(),
  title: z.string(),
  /** null: District Wide. */
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  deseCode: z.string().nullable(),
  functionName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  workGroupId: z.number().int().nullable(),
  workGroupName: z.string().nullable(),
  fte: z.number(),
  status: z.enum(POSITION_STATUSES),
  /** The step and lane set on this position for a vacancy (null: the work group's setting). */
  vacancyStep: z.number().int().nullable(),
  vacancyLane: z.string().nullable(),
  /** The step and lane a vacancy is budgeted at (its own, else its work group's), or null. */
  budgetedStep: z.number().int().nullable(),
  budgetedLane: z.string().nullable(),
  /**
   * Where a vacancy's price comes from: its own step and lane, the rate of the roster it was
   * imported from (no step and lane), or its work group's vacancy placement; null when none.
   */
  placementSource: z.enum(['position', 'roster', 'workGroup']).nullable(),
  notes: z.string().nullable(),
  /** The holders' shares together, and the FTE nobody holds (fte - filledFte, at least 0). */
  filledFte: z.number(),
  unfilledFte: z.number(),
  holderCount: z.number().int(),
  /** Holders in name order (the full holder rows come with GET /positions/:id). */
  holders: z.array(
    z.object({ lineItemId: z.number().int(), employeeName: z.string().nullable(), fteShare: z.number() }),
  ),
  /** Shares above the position's FTE. */
  overFilled: z.boolean(),
  /** The budgeted cost (see the rule above); null when unpriced. */
  budgetedCost: moneyOut.nullable(),
  /** Why a vacancy has no cost ('No step and lane: set one on the position or ...'), else null. */
  unpricedReason: z.string().nullable(),
  /** The optimistic-concurrency token every write names. */
  version: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type Position = z.infer<typeof positionSchema>;

export const positionHistorySchema = z.object({
  id: z.number().int(),
  positionId: z.number().int(),
  action: z.enum(POSITION_ACTIONS),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  actorName: z.string().nullable(),
  createdAt: isoDate,
});
export type PositionHistoryEntry = z.infer<typeof positionHistorySchema>;

export const positionDetailSchema = positionSchema.extend({
  /** The full-time rate of the roster a vacancy was imported from (decimal text), or null. */
  vacancyRate: z.string().nullable(),
  holderDetails: z.array(positionHolderSchema),
  /** The funds that pay it, by FTE share (the general fund's whole when none is set). */
  fundShares: z.array(positionFundShareSchema),
  history: z.array(positionHistorySchema),
});
export type PositionDetail = z.infer<typeof positionDetailSchema>;
/**
 * A write's answer also carries `salaryLines` when the change could not reach the salary lines it
 * costs into because they are locked (a voted stage), with how far they now are: never silent.
 */
export const positionDetailResponse = z.object({
  position: positionDetailSchema,
  salaryLines: salaryLinesLocked.optional(),
});

/* ---------- List ---------- */

/** GET /positions. fiscalYear is required; budgetYearId defaults to the fiscal year's home. */
/** A roster (a fiscal year, in its home unless a budget year is named), as the list names it. */
export const rosterSalaryLinesQuery = z.strictObject({ fiscalYear, budgetYearId: idText.optional() });
export type RosterSalaryLinesQuery = z.infer<typeof rosterSalaryLinesQuery>;

export const positionListQuery = z.strictObject({
  fiscalYear,
  budgetYearId: idText.optional(),
  /** A building id, or 'none' for District Wide. */
  buildingId: z.union([z.literal('none'), idText]).optional(),
  deseCode: positionCodeInput.optional(),
  /** A category id, or 'none': positions whose cost lands in no salary line (no personnel category). */
  categoryId: z.union([z.literal('none'), idText]).optional(),
  workGroupId: idText.optional(),
  /** Positions a fund pays a share of (the general fund's: those not split, or split with a share on it). */
  fundId: idText.optional(),
  /** One status or several, comma separated: 'vacant,posted'. */
  status: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()))
    .pipe(
      z.array(
        z.enum(POSITION_STATUSES, { message: `Status must be one of ${POSITION_STATUSES.join(', ')}` }),
      ),
    )
    .optional(),
  /** Title or holder name contains this text (case-insensitive). */
  search: z.string().trim().max(100).optional(),
  overFilled: queryBoolean.optional(),
  unpriced: queryBoolean.optional(),
  /** The first rows only (1 to 50,000), then the next from offset: what a grid draws first. */
  limit: wholeNumberText('limit', 1, 50_000).optional(),
  offset: wholeNumberText('offset', 0, 10_000_000).optional(),
  /** rows: the compact form (positions-rows.ts), each position an array of values. */
  format: z.enum(['objects', 'rows'], { error: 'format must be objects or rows' }).optional(),
});
export type PositionListQuery = z.infer<typeof positionListQuery>;

export const positionListResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  /** Positions matching the filters (before limit/offset). */
  total: z.number().int(),
  /** Over every position matching the filters. */
  totals: positionTotalsSchema,
  positions: z.array(positionSchema),
});
export type PositionListResponse = z.infer<typeof positionListResponse>;

/** GET /positions?format=rows: positions-rows.ts encodes and decodes it. */
export const positionRowsResponse = positionListResponse.omit({ positions: true }).extend({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  names: z.object({
    buildings: z.array(z.tuple([z.number().int(), z.string().nullable()])),
    categories: z.array(z.tuple([z.number().int(), z.string().nullable()])),
    workGroups: z.array(z.tuple([z.number().int(), z.string().nullable()])),
    functions: z.array(z.tuple([z.string(), z.string().nullable()])),
  }),
});
/** What GET /positions answers: the object form, or the compact one with format=rows. */
export const positionListOrRowsResponse = z.union([positionListResponse, positionRowsResponse]);

/* ---------- Writes ---------- */

export const createPositionBody = z.strictObject({
  fiscalYear,
  budgetYearId: idNumber.optional(),
  title,
  buildingId: positionBuildingInput,
  deseCode: positionCodeInput.nullable().optional(),
  categoryId: positionCategoryInput,
  workGroupId: idNumber.nullable().optional(),
  fte: positionFteInput,
  /** A new position is vacant unless said otherwise; 'filled' comes from holders. */
  status: z.enum(['vacant', 'posted', 'frozen']).optional(),
  vacancyStep: stepInput.nullable().optional(),
  vacancyLane: laneInput.nullable().optional(),
  notes: optionalText(2000).optional(),
  /** People who fill it at once (their shares), making it filled. */
  holders: z
    .array(z.strictObject({ lineItemId: lineItemIdInput, fteShare: fteShareInput }))
    .max(20)
    .optional(),
  /** The funds that pay it by FTE share, adding up to its FTE (none: the general fund's whole). */
  fundShares: fundSharesInput.optional(),
  reason,
});
export type CreatePositionBody = z.infer<typeof createPositionBody>;

export const updatePositionBody = z
  .strictObject({
    version: versionToken,
    title: title.optional(),
    buildingId: idNumber.nullable().optional(),
    deseCode: positionCodeInput.nullable().optional(),
    categoryId: positionCategoryInput.optional(),
    workGroupId: idNumber.nullable().optional(),
    fte: positionFteInput.optional(),
    vacancyStep: stepInput.nullable().optional(),
    vacancyLane: laneInput.nullable().optional(),
    /** null clears the roster's rate, so the step and lane price the vacancy (none is set here). */
    vacancyRate: rosterRateClear.optional(),
    notes: optionalText(2000).optional(),
    /** The funds that pay it by FTE share, adding up to its FTE (after this change). */
    fundShares: fundSharesInput.optional(),
    reason,
  })
  .refine((b) => Object.entries(b).some(([k, v]) => k !== 'version' && k !== 'reason' && v !== undefined), {
    message: 'Nothing to update',
  });
export type UpdatePositionBody = z.infer<typeof updatePositionBody>;

export const bulkPositionsResponse = z.object({
  updated: z.number().int(),
  positions: z.array(positionSchema),
  salaryLines: salaryLinesLocked.optional(),
});
