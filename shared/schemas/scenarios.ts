import { z } from 'zod';
import { SCENARIO_TYPES, idNumber, idNumberWith, idText } from './common';

/**
 * Scenarios are budgets: an operating or a proposed budget of a budget year. At most
 * one of each type is active per budget year; 'Set as Active' swaps them in one transaction.
 */
export const scenarioTypeSchema = z.enum(SCENARIO_TYPES, {
  message: `Scenario type must be one of ${SCENARIO_TYPES.join(', ')}`,
});
export type ScenarioType = z.infer<typeof scenarioTypeSchema>;

export const scenarioSchema = z.object({
  id: z.number().int(),
  budgetYearId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  scenarioType: scenarioTypeSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Line items that belong to this budget (every fiscal year). */
  lineItemCount: z.number().int(),
  /** The budget year's own fiscal year (its current fiscal year, e.g. 2026 for FY26). */
  fiscalYear: z.number().int(),
  /** Line items of this budget in `fiscalYear` only: what Budget Management shows. */
  fiscalYearLineCount: z.number().int(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

const scenarioName = z
  .string({ message: 'Scenario name cannot be empty' })
  .trim()
  .min(1, 'Scenario name cannot be empty')
  .max(200, 'Scenario name must be at most 200 characters');

/** GET /scenarios?budgetYearId= (without it, every budget year's scenarios). */
export const listScenariosQuery = z.strictObject({
  budgetYearId: idText.optional(),
  scenarioType: scenarioTypeSchema.optional(),
});
export const scenariosResponse = z.object({ scenarios: z.array(scenarioSchema) });
export const scenarioResponse = z.object({ scenario: scenarioSchema });

/** GET /scenarios/active/operating and /scenarios/active/proposed. */
export const activeScenarioQuery = z.strictObject({
  budgetYearId: idText,
});

/**
 * POST /scenarios: new scenarios are inactive until 'Set as Active'. With `copyFromScenarioId` the
 * new budget starts as a copy of that budget's lines (every fiscal year), which must be a budget of
 * the same budget year and type; without it the budget starts empty.
 */
export const createScenarioBody = z.strictObject({
  budgetYearId: idNumber,
  name: scenarioName,
  description: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  scenarioType: scenarioTypeSchema,
  copyFromScenarioId: idNumberWith('copyFromScenarioId must be a budget id').nullable().optional(),
});
export type CreateScenarioBody = z.infer<typeof createScenarioBody>;
export type CreateScenarioInput = z.input<typeof createScenarioBody>;
/** The new budget, and how many lines were copied into it (0 for an empty start). */
export const createScenarioResponse = z.object({
  scenario: scenarioSchema,
  copiedLineCount: z.number().int(),
});

/** PATCH /scenarios/:id: rename. */
export const renameScenarioBody = z.strictObject({ name: scenarioName });
export type RenameScenarioBody = z.infer<typeof renameScenarioBody>;

/** POST /scenarios/:id/set-active: the scenario now active, and the one it replaced (if any). */
export const setActiveResponse = z.object({
  scenario: scenarioSchema,
  deactivatedId: z.number().int().nullable(),
});
