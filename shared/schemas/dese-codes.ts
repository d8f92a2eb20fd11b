import { z } from 'zod';
import { fiscalYearInput } from './fiscal-year';

/** A detail-level DESE function code from fixtures/dese_function_codes.csv. */
export const deseCodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The DESE spending category it rolls up to, e.g. 'Teachers'. */
  parentName: z.string(),
});

/**
 * GET /categories/dese-codes: the fiscal year a picker chooses a code for (a line's, a position's,
 * a rule's); left out, every code of the chart is listed without a word on which are in force.
 */
export const deseCodesQuery = z.strictObject({ fiscalYear: fiscalYearInput.optional() });

export const deseCodesResponse = z.object({
  codes: z.array(
    deseCodeSchema.extend({
      /**
       * In force in the fiscal year asked about: DESE's list for that year names it (the list the
       * year's DESE report reads). A retired code is still listed, for what already carries it.
       * Only when the request names a fiscal year.
       */
      current: z.boolean().optional(),
    }),
  ),
});

export type DeseCode = z.infer<typeof deseCodeSchema>;
export type DeseCodesQuery = z.infer<typeof deseCodesQuery>;
/** A code as the pickers read it: with whether it is in force in the year asked about. */
export type ListedDeseCode = z.infer<typeof deseCodesResponse>['codes'][number];
