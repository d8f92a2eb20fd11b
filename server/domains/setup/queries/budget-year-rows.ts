import type { Db } from '@server/db/index';

/** A new budget year's two active budgets: operating (employee-level payroll) and proposed (by category). */
export async function insertActiveBudgets(
  trx: Db,
  budgetYearId: number,
  label: string,
): Promise<{ operatingScenarioId: number; proposedScenarioId: number }> {
  const scenarios = await trx('scenarios')
    .insert([
      {
        budget_year_id: budgetYearId,
        name: `${label} Operating Budget`,
        description: 'Employee-level payroll budget',
        scenario_type: 'operating',
        is_active: true,
      },
      {
        budget_year_id: budgetYearId,
        name: `${label} Proposed Budget`,
        description: 'Budget by category as presented to the School Committee',
        scenario_type: 'proposed',
        is_active: true,
      },
    ])
    .returning('id');
  return { operatingScenarioId: scenarios[0].id, proposedScenarioId: scenarios[1].id };
}

/** The budget year labelled so, if there is one (the label is unique). */
export function findBudgetYearByLabel(db: Db, label: string): Promise<{ id: number } | undefined> {
  return db('budget_years').whereRaw('upper(fiscal_year) = upper(?)', [label]).first('id');
}
