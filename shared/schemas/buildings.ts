import { z } from 'zod';
import { BUILDING_TYPES, idText } from './common';
import { fiscalYearInput } from './fiscal-year';
import { hexColor, optionalText } from './work-group-categories';

const name = z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');
const buildingType = z.enum(BUILDING_TYPES, {
  message: `Building type must be one of: ${BUILDING_TYPES.join(', ')}`,
});

const fields = {
  /** Matched (case-insensitively) against payroll location codes; unique among buildings. */
  code: optionalText(20),
  address: optionalText(500),
  buildingType: buildingType.nullable().optional(),
  color: hexColor.nullable().optional(),
  /** The state's eight-digit school code (e.g. 00350020), where known; unique among buildings. */
  deseSchoolCode: z
    .string()
    .trim()
    .regex(/^(\d{8})?$/, 'DESE school code must be 8 digits, e.g. 00350020')
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional(),
};

export const createBuildingBody = z.strictObject({ name, ...fields });

export const updateBuildingBody = z
  .strictObject({ name: name.optional(), ...fields })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });

/** Employee counts for one budget year and/or fiscal year; without them, every employee line counts. */
export const buildingsQuery = z.strictObject({
  budgetYearId: idText.optional(),
  fiscalYear: fiscalYearInput.optional(),
});

export const buildingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  buildingType: buildingType.nullable(),
  color: z.string().nullable(),
  deseSchoolCode: z.string().nullable(),
  /** Employee lines of the asked budget year and fiscal year (or every year's), those that count. */
  employeeCount: z.number().int(),
  /**
   * Every budget and fiscal year's lines pointing at the building, of any budget: employee lines
   * and the other (proposed) lines. A building with either above zero cannot be deleted (409).
   */
  employeeLineCount: z.number().int(),
  lineItemCount: z.number().int(),
});

export const buildingsResponse = z.object({ buildings: z.array(buildingSchema) });
export const buildingResponse = z.object({ building: buildingSchema });

export type Building = z.infer<typeof buildingSchema>;
export type BuildingType = z.infer<typeof buildingType>;
export type CreateBuildingBody = z.infer<typeof createBuildingBody>;
export type UpdateBuildingBody = z.infer<typeof updateBuildingBody>;
export type BuildingsQuery = z.infer<typeof buildingsQuery>;
