import type { Db } from '@server/db/index';
import { insertBudgetSettings, insertBudgetYearRow } from '@server/domains/budgets';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { insertActiveBudgets } from './queries/budget-year-rows';

/** What a budget year needs to be usable, as the demo and a new district both make it. */
export interface NewBudgetYear {
  /** Its own fiscal year: 2028 for the label FY28. */
  fiscalYear: number;
  currentFiscalYear: number;
  name?: string;
  notes?: string | null;
  /** Budget settings; the columns' defaults (1.5% steps and lanes, no work groups) when left out. */
  stepLanePercent?: number;
  stepLaneDescription?: string | null;
  stepsLanesWorkGroups?: readonly number[];
}

export interface BudgetYearRows {
  id: number;
  operatingScenarioId: number;
  proposedScenarioId: number;
}

/**
 * The one home of a budget year's rows: the year (its label FY28, base year its own year), its
 * active operating budget (employee-level payroll) and active proposed budget (by category), and
 * its budget settings. The demo seed and POST /budget-years both call it, inside their transaction.
 * The year and its settings are written by the budgets domain, their one writer.
 */
export async function insertBudgetYearRows(trx: Db, y: NewBudgetYear): Promise<BudgetYearRows> {
  const label = fiscalYearLabel(y.fiscalYear);
  const id = await insertBudgetYearRow(trx, {
    fiscal_year: label,
    name: y.name ?? `${label} Budget`,
    notes: y.notes ?? null,
    current_fiscal_year: y.currentFiscalYear,
    base_year: y.fiscalYear,
  });
  const budgets = await insertActiveBudgets(trx, id, label);
  await insertBudgetSettings(trx, id, {
    step_lane_adjustment_type: 'PERCENTAGE',
    ...(y.stepLanePercent === undefined ? {} : { step_lane_adjustment_value: y.stepLanePercent }),
    step_lane_description: y.stepLaneDescription ?? null,
    steps_lanes_work_groups: [...(y.stepsLanesWorkGroups ?? [])],
  });
  return { id, ...budgets };
}
