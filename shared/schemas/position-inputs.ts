import { z } from 'zod';
import { idNumberWith, MAX_ID, unitsOf } from './common';
import { optionalText } from './line-item-inputs';

/** The positions API's enums and field rules (./positions.ts re-exports them): one home for each limit. */

export const POSITION_STATUSES = ['filled', 'vacant', 'posted', 'frozen', 'closed'] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];
/** What position_history records. */
export const POSITION_ACTIONS = [
  'created',
  'filled',
  'vacated',
  'fte_changed',
  'status_changed',
  'moved',
  'updated',
  'closed',
  'deleted',
  'migrated',
] as const;
export type PositionAction = (typeof POSITION_ACTIONS)[number];

/** A position's FTE: above 0, at most 1.5, to the thousandth (numeric(5,3)). */
export const MAX_POSITION_FTE = 1.5;
const FTE_MESSAGE = `FTE must be above 0 and at most ${MAX_POSITION_FTE}`;
export const positionFteInput = z
  .number({ message: 'FTE must be a number' })
  .gt(0, FTE_MESSAGE)
  .max(MAX_POSITION_FTE, FTE_MESSAGE)
  .refine((v) => unitsOf(v, 3) !== null, 'Use at most 3 decimal places for FTE');
/** A holder's share of a position: above 0, to the thousandth. */
export const fteShareInput = z
  .number({ message: 'FTE share must be a number' })
  .gt(0, 'FTE share must be above 0')
  .max(MAX_POSITION_FTE, `FTE share must be at most ${MAX_POSITION_FTE}`)
  .refine((v) => unitsOf(v, 3) !== null, 'Use at most 3 decimal places for the FTE share');
/** A DESE function code: 4 digits (checked against DESE's chart by the server). */
export const positionCodeInput = z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'A function code is 4 digits, e.g. 2305');
export const stepInput = z
  .number({ message: 'Step must be a whole number' })
  .int('Step must be a whole number')
  .min(1, 'Step must be 1 or more')
  .max(99, 'Step must be at most 99');
/**
 * A position's budget category (a personnel one, checked by the server). Worded like the form's
 * other required fields: without its own message zod's type error would reach the clerk.
 */
export const positionCategoryInput = idNumberWith('Budget category is required');
export const laneInput = z.string().trim().min(1, 'Lane is required').max(50);
/**
 * The version token a write names (the DTO's `version`). Bounded like the column: a version no
 * position can have is bad input (400), not 'someone else changed it' (409).
 */
const VERSION_MESSAGE = 'version is required: the version of the position you read';
export const versionToken = z
  .number({ message: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .min(1, VERSION_MESSAGE)
  .max(MAX_ID, `version must be the version of the position you read, at most ${MAX_ID}`);
/** A position's building in a body: an id, or null for District Wide (never left out). */
export const positionBuildingInput = idNumberWith(
  undefined,
  'Building is required: a building id, or null for District Wide',
).nullable();
/** The employee line a write names (fill, vacate, holders). */
export const lineItemIdInput = idNumberWith(
  undefined,
  'lineItemId must be the id of an employee line (a number)',
);
/** A whole number in a query string, digits only ('1e3' and ' 7' are refused). */
export const wholeNumberText = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  // Left out or sent as something other than text: the same message, naming the field.
  return z
    .string({ message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
};
export const title = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');
export const reason = optionalText(500).optional();
/**
 * A vacancy's roster rate in a change: only null, which clears it (the rate comes from the roster
 * it was imported from, never typed), so its step and lane price it.
 */
export const rosterRateClear = z.null({
  error: 'The roster rate can only be cleared (null), not set: a step and lane price the vacancy instead',
});
