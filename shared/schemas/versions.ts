import { z } from 'zod';
import { VERSION_STATUSES, idNumber, idText } from './common';
import { parseFiscalYear } from './fiscal-year';

/** Budget versions: a labelled upload of a fiscal year's data. */

/** The fiscal years the version form offers: FY25 to FY30. */
export const VERSION_FISCAL_YEARS = [2025, 2026, 2027, 2028, 2029, 2030] as const;

export const versionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  fiscalYear: z.number().int(),
  versionNumber: z.number().int(),
  description: z.string().nullable(),
  status: z.enum(VERSION_STATUSES),
  isActive: z.boolean(),
  uploadedBy: z.number().int().nullable(),
  uploadedByName: z.string().nullable(),
  budgetYearId: z.number().int().nullable(),
  createdAt: z.string(),
});

const SELECT_FISCAL_YEAR = 'Please select a fiscal year';
const ENTER_LABEL = 'Please enter a version label';

export const versionsQuery = z.strictObject({
  fiscalYear: z
    .string()
    .transform((value, ctx) => {
      const year = parseFiscalYear(value);
      if (year === null) {
        ctx.addIssue({ code: 'custom', message: `Invalid fiscal year: ${value}` });
        return z.NEVER;
      }
      return year;
    })
    .optional(),
  budgetYearId: idText.optional(),
});

export const createVersionBody = z.strictObject({
  fiscalYear: z.union([z.string(), z.number()], { error: SELECT_FISCAL_YEAR }).transform((value, ctx) => {
    if (typeof value === 'string' && !value.trim()) {
      ctx.addIssue({ code: 'custom', message: SELECT_FISCAL_YEAR });
      return z.NEVER;
    }
    const year = parseFiscalYear(value);
    if (year === null) {
      ctx.addIssue({ code: 'custom', message: `Invalid fiscal year: ${String(value)}` });
      return z.NEVER;
    }
    return year;
  }),
  label: z
    .string({ error: ENTER_LABEL })
    .trim()
    .min(1, ENTER_LABEL)
    .max(200, 'Keep the label under 200 characters'),
  description: z
    .string()
    .trim()
    .max(2000, 'Keep the description under 2,000 characters')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  /** A version is always created as DRAFT; only that value is accepted. */
  status: z.literal('DRAFT', { error: 'A new version is always created as DRAFT' }).optional(),
  /** Sent by the web app as the signed-in user's id or 'admin'; the server records the signed-in user instead. */
  uploadedBy: z.union([z.string(), z.number()]).optional(),
  /** The budget year the version belongs to, when it belongs to one. */
  budgetYearId: idNumber.nullable().optional(),
});

export const versionsResponse = z.object({ versions: z.array(versionSchema) });
export const versionResponse = z.object({ version: versionSchema });

export type BudgetVersion = z.infer<typeof versionSchema>;
export type VersionsQuery = z.infer<typeof versionsQuery>;
export type CreateVersionBody = z.infer<typeof createVersionBody>;
