import type { Knex } from 'knex';
import { unique } from './unique';

/** A budget year: current FY2026 and base year = current unless given; label and name unique. */
export async function buildBudgetYear(
  db: Knex,
  values: {
    currentFiscalYear?: number;
    /** null leaves the base year unset; undefined means the current fiscal year. */
    baseYear?: number | null;
    label?: string;
    name?: string;
    notes?: string | null;
  } = {},
): Promise<number> {
  const current = values.currentFiscalYear ?? 2026;
  const [row] = await db('budget_years')
    .insert({
      fiscal_year: values.label ?? `Test ${unique()}`,
      name: values.name ?? 'Test budget year',
      notes: values.notes === undefined ? 'Made by a test' : values.notes,
      current_fiscal_year: current,
      base_year: values.baseYear === undefined ? current : values.baseYear,
    })
    .returning('id');
  return row.id;
}

export async function buildScenario(
  db: Knex,
  budgetYearId: number,
  scenarioType: 'operating' | 'proposed',
  isActive = true,
  name = `Scenario ${unique()}`,
): Promise<number> {
  const [row] = await db('scenarios')
    .insert({ budget_year_id: budgetYearId, name, scenario_type: scenarioType, is_active: isActive })
    .returning('id');
  return row.id;
}

/** Budget settings giving `workGroupIds` steps and lanes of `percent` percent. */
export async function buildStepsAndLanes(
  db: Knex,
  budgetYearId: number,
  workGroupIds: number[],
  percent = 1.5,
): Promise<void> {
  await db('budget_settings').insert({
    budget_year_id: budgetYearId,
    step_lane_adjustment_type: 'PERCENTAGE',
    step_lane_adjustment_value: percent,
    steps_lanes_work_groups: JSON.stringify(workGroupIds),
  });
}

/**
 * A contract of a work group with COLA rates [fiscal year, percent], contract years numbered from 1.
 * It runs from the first rate's year to the last one's unless startYear / endYear / contractYears say otherwise.
 */
export async function buildContract(
  db: Knex,
  values: {
    workGroupId: number;
    status: string;
    rates: [number, number][];
    name?: string;
    startYear?: number;
    endYear?: number;
    contractYears?: number;
  },
): Promise<number> {
  const { rates } = values;
  const [row] = await db('contracts')
    .insert({
      name: values.name ?? `Contract ${unique()}`,
      work_group_id: values.workGroupId,
      start_year: values.startYear ?? rates[0][0],
      end_year: values.endYear ?? rates[rates.length - 1][0],
      contract_years: values.contractYears ?? rates.length,
      status: values.status,
    })
    .returning('id');
  await db('contract_cola_rates').insert(
    rates.map(([fiscalYear, pct], i) => ({
      contract_id: row.id,
      contract_year: i + 1,
      fiscal_year: fiscalYear,
      cola_percentage: pct,
    })),
  );
  return row.id;
}
