import { z } from 'zod';
import { staffingGroupSchema, staffingSummaryResponse } from './positions';

/* ------------------------------------------------------------------------------------------------
 * The staffing summary compared: GET /positions/staffing answers a fiscal year's roster (FTE by
 * building, function code and work group, filled, vacant and frozen, average filled salary by work
 * group) with the same figures for the roster the year before and, once the year has moved past
 * Draft, for the roster frozen when it entered its current stage. FTE are summed to the thousandth
 * in SQL; a change is this year's minus the other's, in thousandths.
 * ---------------------------------------------------------------------------------------------- */

/** The FTE a group (or the whole roster) had in the year or stage compared with. */
export const staffingFteSchema = z.object({
  fte: z.number(),
  filledFte: z.number(),
  vacantFte: z.number(),
});
export type StaffingFte = z.infer<typeof staffingFteSchema>;

export const staffingGroupComparedSchema = staffingGroupSchema.extend({
  /** The same group last year; null when the group had no positions then (or there is no last year). */
  lastYear: staffingFteSchema.nullable(),
  /** The same group at the previous stage; null when it had none then (or there is no stage). */
  previousStage: staffingFteSchema.nullable(),
});
export type StaffingGroupCompared = z.infer<typeof staffingGroupComparedSchema>;

export const staffingComparedResponse = staffingSummaryResponse.extend({
  /** null: no budget year plans the fiscal year, so it has no positions (every figure 0). */
  budgetYearId: z.number().int().nullable(),
  /** Why the roster is empty ('FY28 has no positions yet: ...'), else null. */
  note: z.string().nullable(),
  byBuilding: z.array(staffingGroupComparedSchema),
  byFunction: z.array(staffingGroupComparedSchema),
  byWorkGroup: z.array(staffingGroupComparedSchema),
  lastYear: z.object({
    fiscalYear: z.number().int(),
    /** null when that year has no positions: a change against nothing would read as all new. */
    totals: staffingFteSchema.nullable(),
    /** Why there is nothing to compare with, in words; null when there is. */
    note: z.string().nullable(),
  }),
  previousStage: z.object({
    /** The stage label frozen ('Superintendent Proposed'), null while the year is in Draft. */
    stageLabel: z.string().nullable(),
    frozenAt: z.string().nullable(),
    totals: staffingFteSchema.nullable(),
    note: z.string().nullable(),
  }),
});
export type StaffingCompared = z.infer<typeof staffingComparedResponse>;

export { fteChange } from '@shared/budget-math';

/* ---------- The resident page's staffing (stored with each Publish) ---------- */

const publicStaffingGroup = z.strictObject({
  name: z.string(),
  fte: z.number(),
  filledFte: z.number(),
  vacantFte: z.number(),
  /**
   * Frozen positions' FTE (kept in the budget, not to be filled), so filled + vacant + frozen =
   * fte on every row; absent from what was published before the resident page showed it.
   */
  frozenFte: z.number().optional(),
  /** The same group last year; null when it had no positions then. */
  lastYear: staffingFteSchema.nullable(),
});

/**
 * FTE by building and by DESE function, filled, vacant and frozen, against last year: positions only, no
 * names and no pay of anyone (not even averages), frozen when the year is published.
 */
/** One row of who pays: a school or function and the FTE each fund column pays (the columns' order). */
const fundedByRow = z.strictObject({ name: z.string(), fte: z.array(z.number()) });

/**
 * Which fund pays for the positions (issue 'Funds', part 5): FTE by fund share, by school and by
 * DESE function, of the filled and vacant positions (frozen ones are not funded). The funds an
 * ADMIN names on the resident page are columns, the general fund first; the rest is one column,
 * 'Other funds'. FTE only: no names, no pay.
 */
export const publicFundedBySchema = z.strictObject({
  funds: z.array(z.strictObject({ name: z.string(), code: z.string().nullable() })),
  totals: z.array(z.number()),
  byBuilding: z.array(fundedByRow),
  byFunction: z.array(fundedByRow),
});
export type PublicFundedBy = z.infer<typeof publicFundedBySchema>;

export const publicStaffingSchema = z.strictObject({
  lastYearFiscalYear: z.number().int(),
  /** Why there is no change shown ('FY25 has no positions to compare with.'), else null. */
  lastYearNote: z.string().nullable(),
  totals: publicStaffingGroup,
  /**
   * Schools with 1 to 4 people in filled positions (this year or last) are one row, 'Other
   * buildings (fewer than 5 staff each)', with the smallest others until it holds 5.
   */
  byBuilding: z.array(publicStaffingGroup),
  /** Schools too few even together: in the totals only, so byBuilding adds up to less. Absent otherwise. */
  buildingsWithheld: z.literal(true).optional(),
  byFunction: z.array(publicStaffingGroup),
  /** Who pays for the positions; absent from what was published before funds had shares. */
  fundedBy: publicFundedBySchema.optional(),
});
export type PublicStaffing = z.infer<typeof publicStaffingSchema>;
