import { z } from 'zod';

/** A detail-level DESE function code from fixtures/dese_function_codes.csv. */
export const deseCodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The DESE spending category it rolls up to, e.g. 'Teachers'. */
  parentName: z.string(),
});

export const deseCodesResponse = z.object({ codes: z.array(deseCodeSchema) });

export type DeseCode = z.infer<typeof deseCodeSchema>;
