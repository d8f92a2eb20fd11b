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

/**
 * Fiscal years of the span another budget year already plans (a version or a line of it there),
 * with that budget year's label: a fiscal year's plan has one home.
 */
export async function fiscalYearsHeldElsewhere(
  db: Db,
  first: number,
  last: number,
): Promise<{ fiscalYear: number; label: string }[]> {
  const { rows } = await db.raw(
    `SELECT DISTINCT h.fiscal_year, b.fiscal_year AS label
       FROM (SELECT fiscal_year, budget_year_id FROM budget_versions
              WHERE budget_year_id IS NOT NULL AND fiscal_year BETWEEN ? AND ?
             UNION
             SELECT DISTINCT fiscal_year, budget_year_id FROM line_items WHERE fiscal_year BETWEEN ? AND ?) h
       JOIN budget_years b ON b.id = h.budget_year_id
      ORDER BY h.fiscal_year, label`,
    [first, last, first, last],
  );
  return rows.map((r: { fiscal_year: number; label: string }) => ({
    fiscalYear: r.fiscal_year,
    label: r.label,
  }));
}
