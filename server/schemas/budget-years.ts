import { z } from 'zod';

export const budgetYearSchema = z.object({
  id: z.number().int(),
  fiscalYear: z.string(),
  name: z.string().nullable(),
  notes: z.string().nullable(),
  currentFiscalYear: z.number().int().nullable(),
});

export const budgetYearsResponse = z.object({ budgetYears: z.array(budgetYearSchema) });
export type BudgetYear = z.infer<typeof budgetYearSchema>;
