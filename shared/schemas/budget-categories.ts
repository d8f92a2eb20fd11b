import { z } from 'zod';
import { idNumber } from './common';
import { hexColor, optionalText } from './work-group-categories';
import { salaryLinesLocked } from './reconciliation';

/** The default budget-category colour (blue). */
export const DEFAULT_CATEGORY_COLOR = '#3b82f6';

const name = z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');

/** Percent per year; null means no default. A number (not a numeric string) between -100 and 100. */
export const yoyIncrease = z
  .number({ message: 'Default YoY increase must be a number' })
  .min(-100, 'Default YoY increase must be at least -100')
  .max(100, 'Default YoY increase must be at most 100')
  .nullable();

const fields = {
  code: optionalText(20),
  description: optionalText(2000),
  /** A DESE function code that exists in fixtures/dese_function_codes.csv (checked by the service). */
  deseFunction: optionalText(10),
  defaultYoYIncrease: yoyIncrease.optional(),
  color: hexColor.optional(),
  displayOrder: z
    .number({ message: 'Display order must be a whole number' })
    .int('Display order must be a whole number')
    .min(-100000)
    .max(100000)
    .optional(),
  isPersonnel: z.boolean().optional(),
};

/**
 * POST /categories: creates a category, or updates one when the body carries its id (one
 * create-or-update call). Omitted fields take their defaults on create and keep their value on update.
 */
export const saveCategoryBody = z.strictObject({
  id: idNumber.optional(),
  name,
  ...fields,
});

export const updateCategoryBody = z
  .strictObject({ name: name.optional(), ...fields })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });

export const patchYoYBody = z.strictObject({ defaultYoYIncrease: yoyIncrease });

export const budgetCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  deseFunction: z.string().nullable(),
  defaultYoYIncrease: z.number().nullable(),
  color: z.string(),
  displayOrder: z.number().int(),
  isPersonnel: z.boolean(),
  /** Line items (every budget and fiscal year) in this category; a category in use cannot be deleted. */
  lineItemCount: z.number().int(),
});

export const budgetCategoriesResponse = z.object({ categories: z.array(budgetCategorySchema) });
export const budgetCategoryResponse = z.object({
  category: budgetCategorySchema,
  /**
   * A new function code or personnel flag moves where positions' cost is budgeted: the locked
   * salary lines it could not reach (salaryLinesLocked), when any.
   */
  salaryLines: salaryLinesLocked.optional(),
});

export type BudgetCategory = z.infer<typeof budgetCategorySchema>;
export type SaveCategoryBody = z.infer<typeof saveCategoryBody>;
export type UpdateCategoryBody = z.infer<typeof updateCategoryBody>;
