import { z } from 'zod';

export const ROLES = ['ADMIN', 'FINANCE', 'VIEW_ONLY'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const EMPLOYEE_STATUSES = ['Active', 'Retiring', 'Inactive'] as const;
export const SCENARIO_TYPES = ['operating', 'proposed'] as const;
export const GOAL_TYPES = ['DOLLAR', 'PERCENT', 'BOTH'] as const;
export const CONTRACT_STATUSES = ['NEGOTIATING', 'SETTLED', 'EXPIRED'] as const;
export const VERSION_STATUSES = ['DRAFT', 'FINAL', 'ARCHIVED'] as const;
export const BUILDING_TYPES = ['preschool', 'elementary', 'middle', 'high', 'special'] as const;
export const LINK_TYPES = ['website', 'document', 'video'] as const;

/** A positive integer id in a path, e.g. /auth/users/:id. */
export const idParams = z.strictObject({ id: z.coerce.number().int().positive() });

/** Every error answer has this shape (DESIGN section 3). */
export const errorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.unknown()).optional(),
});

export const messageSchema = z.object({ message: z.string() });

/** ISO 8601 timestamp strings in every response. */
export const isoDate = z.string().nullable();
