import { z } from 'zod';
import { idNumber } from './common';
import { salaryLinesLocked } from './reconciliation';
import {
  fteShareInput,
  laneInput,
  lineItemIdInput,
  positionCodeInput,
  reason,
  stepInput,
  versionToken,
  wholeNumberText,
} from './position-inputs';

// The bodies of the positions API's actions on a position already made (fill, vacate, status,
// delete, bulk), beside the position's own schemas (positions.ts, which re-exports these).

export const fillPositionBody = z.strictObject({
  version: versionToken,
  /** The employee's operating line in the position's fiscal year. */
  lineItemId: lineItemIdInput,
  /** Their share; the position's unfilled FTE when left out. */
  fteShare: fteShareInput.optional(),
  reason,
});
export type FillPositionBody = z.infer<typeof fillPositionBody>;

export const vacatePositionBody = z.strictObject({
  version: versionToken,
  /** Which holder leaves; may be left out when there is one. */
  lineItemId: lineItemIdInput.optional(),
  /** The status once nobody holds it (vacant unless said). */
  status: z.enum(['vacant', 'posted', 'frozen', 'closed']).optional(),
  reason,
});
export type VacatePositionBody = z.infer<typeof vacatePositionBody>;

export const setPositionStatusBody = z.strictObject({
  version: versionToken,
  /** 'filled' is the result of filling, not a status to set. */
  status: z.enum(['vacant', 'posted', 'frozen', 'closed']),
  reason,
});
export type SetPositionStatusBody = z.infer<typeof setPositionStatusBody>;

export const deletePositionQuery = z.strictObject({
  version: wholeNumberText('version', 1, 2_147_483_647),
});
export const deletePositionResponse = z.object({
  deleted: z.number().int(),
  salaryLines: salaryLinesLocked.optional(),
});

export const MAX_BULK_POSITIONS = 5000;
export const bulkPositionsBody = z.strictObject({
  /** Each position with the version the screen read. */
  items: z
    .array(z.strictObject({ id: idNumber, version: versionToken }))
    .min(1, 'Please select positions first')
    .max(MAX_BULK_POSITIONS, `At most ${MAX_BULK_POSITIONS} positions per call`)
    .refine(
      (items) => new Set(items.map((i) => i.id)).size === items.length,
      'Each position may appear only once',
    ),
  patch: z
    .strictObject({
      status: z.enum(['vacant', 'posted', 'frozen', 'closed']).optional(),
      buildingId: idNumber.nullable().optional(),
      deseCode: positionCodeInput.nullable().optional(),
      categoryId: idNumber.optional(),
      workGroupId: idNumber.nullable().optional(),
      vacancyStep: stepInput.nullable().optional(),
      vacancyLane: laneInput.nullable().optional(),
    })
    .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'Nothing to update' }),
  reason,
});
export type BulkPositionsBody = z.infer<typeof bulkPositionsBody>;
