import { z } from 'zod';
import { idNumber, idText } from './common';
import { optionalText } from './work-group-categories';
import { salaryLinesLocked } from './reconciliation';

const name = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const categoryId = idNumber.nullable();

export const createWorkGroupBody = z.strictObject({
  name,
  description: optionalText(1000),
  /** A work-group category id, or null for none. */
  categoryId: categoryId.optional(),
});

export const updateWorkGroupBody = z
  .strictObject({
    name: name.optional(),
    description: optionalText(1000),
    categoryId: categoryId.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });

export const workGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  category: z
    .object({
      id: z.number().int(),
      name: z.string(),
      backgroundColor: z.string(),
      textColor: z.string(),
    })
    .nullable(),
  /**
   * Employee lines linked to this work group: every budget and fiscal year's, or with
   * ?budgetYearId= that budget year's own fiscal year's (the response's fiscalYear).
   */
  employeeCount: z.number().int(),
  contractCount: z.number().int(),
  /** Positions in the group that are not closed; with employees or contracts, they block a delete. */
  positionCount: z.number().int(),
});

/** GET /cola/work-groups?budgetYearId= counts each group's employees in that budget year's fiscal year. */
export const listWorkGroupsQuery = z.strictObject({ budgetYearId: idText.optional() });

export const workGroupsResponse = z.object({
  workGroups: z.array(workGroupSchema),
  /** The fiscal year employeeCount counts (the budget year's current one), or null for every year. */
  fiscalYear: z.number().int().nullable(),
});
export const workGroupResponse = z.object({
  workGroup: workGroupSchema,
  /** A change of category re-prices the group's salaries: the locked salary lines it could not reach. */
  salaryLines: salaryLinesLocked.optional(),
});

export type WorkGroup = z.infer<typeof workGroupSchema>;
export type CreateWorkGroupBody = z.infer<typeof createWorkGroupBody>;
export type UpdateWorkGroupBody = z.infer<typeof updateWorkGroupBody>;
