import type { Db } from '@server/db/index';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

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
 */
export async function insertBudgetYearRows(trx: Db, y: NewBudgetYear): Promise<BudgetYearRows> {
  const label = fiscalYearLabel(y.fiscalYear);
  const [year] = await trx('budget_years')
    .insert({
      fiscal_year: label,
      name: y.name ?? `${label} Budget`,
      notes: y.notes ?? null,
      current_fiscal_year: y.currentFiscalYear,
      base_year: y.fiscalYear,
    })
    .returning('id');
  const scenarios = await trx('scenarios')
    .insert([
      {
        budget_year_id: year.id,
        name: `${label} Operating Budget`,
        description: 'Employee-level payroll budget',
        scenario_type: 'operating',
        is_active: true,
      },
      {
        budget_year_id: year.id,
        name: `${label} Proposed Budget`,
        description: 'Budget by category as presented to the School Committee',
        scenario_type: 'proposed',
        is_active: true,
      },
    ])
    .returning('id');
  await trx('budget_settings').insert({
    budget_year_id: year.id,
    step_lane_adjustment_type: 'PERCENTAGE',
    ...(y.stepLanePercent === undefined ? {} : { step_lane_adjustment_value: y.stepLanePercent }),
    step_lane_description: y.stepLaneDescription ?? null,
    steps_lanes_work_groups: JSON.stringify(y.stepsLanesWorkGroups ?? []),
  });
  return { id: year.id, operatingScenarioId: scenarios[0].id, proposedScenarioId: scenarios[1].id };
}

/** The budget year labelled so, if there is one (the label is unique). */
export function findBudgetYearByLabel(db: Db, label: string): Promise<{ id: number } | undefined> {
  return db('budget_years').whereRaw('upper(fiscal_year) = upper(?)', [label]).first('id');
}
