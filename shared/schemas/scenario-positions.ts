import { z } from 'zod';
import { idNumber, idText, moneyOut, unitsOf } from './common';
import {
  positionCategoryInput,
  positionCodeInput,
  positionFteInput,
  laneInput,
  positionBuildingInput,
  reason,
  stepInput,
  title,
} from './position-inputs';

/**
 * Cuts and adds by position in a cut scenario (Scenario Builder). A cut names a group of the
 * roster (a title at a building) and an FTE; the server picks that group's positions (vacancies
 * first when asked, then the least senior holders) and saves each picked position as one change.
 * An add is a new vacant position priced like any vacancy. Nothing touches the roster until the
 * scenario is adopted: then each cut position is closed and each add created, through the
 * positions' own writers, and the proposed salary lines follow.
 *
 * The roster a scenario of fiscal year F cuts is the one whose cost F's salary lines are set from:
 * the positions of F - 1 (server/sql/position-cost.ts, costFiscalYear). A year with its own payroll
 * takes its salary lines from that payroll, not from positions: there personnel lines are cut by
 * percent, as before, and position cuts are refused with a message naming the year to use.
 */

/** Most FTE one cut may name (a whole group of a big district). */
export const MAX_CUT_FTE = 5000;
const CUT_FTE_MESSAGE = `FTE to cut must be above 0 and at most ${MAX_CUT_FTE}`;
export const cutFteInput = z
  .number({ message: 'FTE to cut must be a number' })
  .gt(0, CUT_FTE_MESSAGE)
  .max(MAX_CUT_FTE, CUT_FTE_MESSAGE)
  .refine((v) => unitsOf(v, 3) !== null, 'Use at most 3 decimal places for FTE');

export const positionCutBody = z.strictObject({
  /** The group's title, as the roster spells it (case and spaces ignored). */
  title,
  /** The group's building; null is District Wide. */
  buildingId: positionBuildingInput,
  fte: cutFteInput,
  /** Vacant and posted positions go first (they cost no one a job). Default true. */
  vacanciesFirst: z.boolean().optional(),
  reason,
  /** Work out which positions and what they save; nothing saved. */
  dryRun: z.boolean().optional(),
});
export type PositionCutBody = z.infer<typeof positionCutBody>;

export const MAX_ADD_COUNT = 50;
export const positionAddBody = z.strictObject({
  title,
  buildingId: positionBuildingInput,
  deseCode: positionCodeInput.nullable().optional(),
  categoryId: positionCategoryInput,
  workGroupId: idNumber.nullable().optional(),
  fte: positionFteInput,
  /** How many such positions (each its own vacancy). */
  count: z
    .number({ message: 'Count must be a whole number' })
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(MAX_ADD_COUNT, `Count must be at most ${MAX_ADD_COUNT}`)
    .optional(),
  vacancyStep: stepInput.nullable().optional(),
  vacancyLane: laneInput.nullable().optional(),
  reason,
  /**
   * Check and price the adds; nothing saved. The answer is the scenario with them among its
   * changes under negative ids (each its amount, or null and its unpricedReason).
   */
  dryRun: z.boolean().optional(),
});
export type PositionAddBody = z.infer<typeof positionAddBody>;

export const positionGroupsQuery = z.strictObject({
  search: z.string().trim().max(200).optional(),
});

const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One group of the roster a cut can name: a title at a building. */
export const positionGroupSchema = z.object({
  title: z.string(),
  building: named,
  positionCount: z.number().int(),
  fte: z.number(),
  vacantFte: z.number(),
  /** FTE this scenario already cuts from the group. */
  cutFte: z.number(),
});
export type PositionGroup = z.infer<typeof positionGroupSchema>;

/** One saved change: a position cut (closed on adoption) or a position added (created vacant). */
export const scenarioPositionChangeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['cut', 'add']),
  /** The roster position a cut closes; null for an add. */
  positionId: z.number().int().nullable(),
  title: z.string(),
  building: named,
  category: named,
  workGroup: z.string().nullable(),
  deseCode: z.string().nullable(),
  fte: z.number(),
  /** A cut position's status now (filled, vacant...); 'new' for an add. */
  status: z.string(),
  holders: z.array(z.string()),
  /** What the change saves (a cut) or costs (an add) in the budgeted year; null when unpriced. */
  amount: moneyOut.nullable(),
  /**
   * Of amount, the general fund's part, what the town's goal is compared with (GOAL_FUNDS): a cut
   * position's general-fund share, an add's whole cost (a new position has no grant yet); null
   * when unpriced.
   */
  generalAmount: moneyOut.nullable(),
  unpricedReason: z.string().nullable(),
  /** Why the position is no longer there to close (deleted, or closed since): the cut saves 0. */
  stale: z.string().nullable(),
  reason: z.string().nullable(),
  /**
   * Why the cut's order took the position ('vacant', 'hired 2019-08-26 (least senior)', 'no hire
   * date: newest position'...), kept from the cut that saved it; null for an add (made by hand, not
   * picked) and for a cut saved before the reasons were kept (none is made up).
   */
  why: z.string().nullable(),
  /**
   * The warning the position was picked with when cutting it saved $0 ('saves nothing: its holder
   * has no salary'), while it still saves $0; null otherwise.
   */
  warning: z.string().nullable(),
  createdAt: z.string(),
});
export type ScenarioPositionChange = z.infer<typeof scenarioPositionChangeSchema>;

export const scenarioPositionsTotals = z.object({
  cutFte: z.number(),
  addedFte: z.number(),
  savings: moneyOut,
  addedCost: moneyOut,
  /** savings - addedCost: what the changes take off the scenario's total. */
  net: moneyOut,
  positionsCut: z.number().int(),
  positionsAdded: z.number().int(),
  /**
   * Changes whose amount is null (no price: unpricedReason says why), left out of savings (cuts)
   * or addedCost (adds) and so out of net: a total with any is incomplete and must say so.
   */
  cutsUnpriced: z.number().int(),
  addsUnpriced: z.number().int(),
});
export type ScenarioPositionsTotals = z.infer<typeof scenarioPositionsTotals>;

export const scenarioPositionsResponse = z.object({
  scenarioId: z.number().int(),
  /** The scenario's fiscal year, whose salary lines the roster's cost sets. */
  fiscalYear: z.number().int(),
  rosterFiscalYear: z.number().int(),
  /** True when the year's salary lines follow positions, so cuts by position apply. */
  available: z.boolean(),
  /** Why not, when not available. */
  message: z.string().nullable(),
  changes: z.array(scenarioPositionChangeSchema),
  totals: scenarioPositionsTotals,
});
export type ScenarioPositions = z.infer<typeof scenarioPositionsResponse>;

export const positionGroupsResponse = z.object({ groups: z.array(positionGroupSchema) });

/**
 * One position a cut picked, with why the order took it and a warning when cutting it saves $0.
 * The server says both (the order is its rule, server/domains/positions/scenario-roster.ts
 * pickForCut): a screen shows them, it does not work them out.
 */
export const pickedPositionSchema = scenarioPositionChangeSchema.extend({
  /** 'vacant', 'hired 2019-08-26 (least senior)', 'no hire date: newest position'... */
  why: z.string(),
  /** 'saves nothing: its holder has no salary' when the cut saves $0; null otherwise. */
  warning: z.string().nullable(),
});
export type PickedPosition = z.infer<typeof pickedPositionSchema>;

export const positionCutResponse = scenarioPositionsResponse.extend({
  dryRun: z.boolean(),
  /** The changes this cut made (or would make), in the order they were picked. */
  picked: z.array(pickedPositionSchema),
  /** The order the cut took its group's positions in, in words (one sentence for the whole cut). */
  pickOrder: z.string(),
  pickedSavings: moneyOut,
  message: z.string().nullable(),
});
export type PositionCutResult = z.infer<typeof positionCutResponse>;

export const changeParams = z.strictObject({ id: idText, changeId: idText });
