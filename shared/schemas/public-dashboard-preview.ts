import { z } from 'zod';
import { BUDGET_STAGES } from './budget-stages';
import {
  budgetYearChoicesSchema,
  publicViewResponse,
  publishedYearsSchema,
  type ComponentKey,
} from './public-dashboard';

/**
 * The admin's preview of the public page: exactly what residents would be served
 * if Publish ran now (the saved draft settings and links, the current figures), with what differs
 * from the page they are served today and why Publish would be refused.
 */

/** What each section of the public page is called, on the configuration screen and in the changes. */
export const SECTION_NAMES: Record<ComponentKey, string> = {
  schoolInfo: 'School information',
  budgetStatus: 'Budget status',
  progressBar: 'Progress bar',
  categoryChart: 'Category chart',
  buildingChart: 'Building chart',
  salaryCharts: 'Salary charts',
  headcountChart: 'Headcount chart',
  links: 'Custom links',
  townLinks: 'Town links',
};

/** A query value's comma-separated parts, trimmed, blanks dropped ('2026, 2027,' -> two parts). */
const commaParts = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The years to preview, as the screen sends them ('2026,2027'); absent: the saved years. */
export const publicPreviewQuery = z.strictObject({
  years: z
    .preprocess(
      (text) =>
        typeof text === 'string'
          ? commaParts(text).map((part) => (/^\d+$/.test(part) ? Number(part) : part))
          : text,
      publishedYearsSchema,
    )
    .optional(),
  /** The budget year each fiscal year would come from, where the admin chose: '2027:12,2028:14'. */
  budgetYears: z
    .preprocess(
      (text) =>
        typeof text === 'string'
          ? commaParts(text).map((part) => {
              const [year, id] = part.split(':').map(Number);
              return { fiscalYear: year, budgetYearId: id };
            })
          : text,
      budgetYearChoicesSchema,
    )
    .optional(),
});
export type PublicPreviewQuery = z.infer<typeof publicPreviewQuery>;

/** GET /public-dashboard/preview: the view residents would get, and what Publish would change. */
export const publicPreviewResponse = publicViewResponse.extend({
  /**
   * What differs from the page residents are served now, in words ('School name changed',
   * '1 link added', 'FY2027 figures changed'); empty when Publish would change nothing. Before the
   * first Publish: ['Not published yet'].
   */
  changes: z.array(z.string()),
  /** Why Publish would be refused now (no year, a year with no data, totals that do not reconcile). */
  problems: z.array(z.string()),
  /**
   * Each year's budget year and stage: the one Publish would use and every budget
   * year holding the year, so the admin can choose where two hold it.
   */
  sources: z.array(
    z.object({
      fiscalYear: z.number().int(),
      budgetYearId: z.number().int().nullable(),
      options: z.array(
        z.object({
          budgetYearId: z.number().int(),
          budgetYearLabel: z.string(),
          stage: z.enum(BUDGET_STAGES),
          /** The stage's date (YYYY-MM-DD), null for a Draft never recorded: the screen writes it its own way. */
          stageDate: z.string().nullable(),
          stageCaption: z.string(),
        }),
      ),
    }),
  ),
  /** What Publish would ask the admin to confirm ($0 year, earlier stage); empty when nothing. */
  confirmations: z.array(z.string()),
  /** When residents' page was last published; null before the first Publish. */
  lastPublishedAt: z.string().nullable(),
  /** The address residents read it at now, null before the first Publish (urlPath is the draft's). */
  publishedUrlPath: z.string().nullable(),
});
export type PublicPreview = z.infer<typeof publicPreviewResponse>;
