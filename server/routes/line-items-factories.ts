import type { Knex } from 'knex';

/**
 * Test factories for the line-item and scenario route tests: each call makes its own rows (its own
 * budget year, buildings, work groups), so tests never depend on the demo seed or on each other.
 */

let seq = 0;
const next = () => {
  seq += 1;
  return `${process.pid}-${seq}`;
};

export interface World {
  budgetYearId: number;
  label: string;
  operatingScenarioId: number;
  proposedScenarioId: number;
  buildingId: number;
  otherBuildingId: number;
  categoryId: number;
  teachersId: number;
  custodiansId: number;
}

/**
 * A budget year (label FY<nn> unique per call) with active operating and proposed scenarios, two
 * buildings, a category, and work groups Teachers (3% settled COLA for FY27, steps and lanes 1.5%)
 * and Custodians (2% negotiating COLA for FY27, no steps).
 */
export async function buildWorld(db: Knex): Promise<World> {
  const tag = next();
  const [year] = await db('budget_years')
    .insert({ fiscal_year: `Test ${tag}`, name: `Budget ${tag}`, current_fiscal_year: 2026, base_year: 2026 })
    .returning('id');
  const scenarios = await db('scenarios')
    .insert([
      { budget_year_id: year.id, name: `Operating ${tag}`, scenario_type: 'operating', is_active: true },
      { budget_year_id: year.id, name: `Proposed ${tag}`, scenario_type: 'proposed', is_active: true },
    ])
    .returning('id');
  const buildings = await db('buildings')
    .insert([{ name: `North School ${tag}` }, { name: `South School ${tag}` }])
    .returning('id');
  const [category] = await db('budget_categories')
    .insert({ name: `Supplies ${tag}`, color: '#10b981', display_order: 1 })
    .returning('id');
  const groups = await db('work_groups')
    .insert([{ name: `Teachers ${tag}` }, { name: `Custodians ${tag}` }])
    .returning('id');
  await db('budget_settings').insert({
    budget_year_id: year.id,
    step_lane_adjustment_type: 'PERCENTAGE',
    step_lane_adjustment_value: 1.5,
    steps_lanes_work_groups: JSON.stringify([groups[0].id]),
  });
  const contracts = await db('contracts')
    .insert([
      {
        name: `Unit A ${tag}`,
        work_group_id: groups[0].id,
        start_year: 2026,
        end_year: 2028,
        contract_years: 3,
        status: 'SETTLED',
      },
      {
        name: `Custodial ${tag}`,
        work_group_id: groups[1].id,
        start_year: 2027,
        end_year: 2027,
        contract_years: 1,
        status: 'NEGOTIATING',
      },
    ])
    .returning('id');
  await db('contract_cola_rates').insert([
    { contract_id: contracts[0].id, contract_year: 1, fiscal_year: 2026, cola_percentage: 2.5 },
    { contract_id: contracts[0].id, contract_year: 2, fiscal_year: 2027, cola_percentage: 3 },
    { contract_id: contracts[1].id, contract_year: 1, fiscal_year: 2027, cola_percentage: 2 },
  ]);
  return {
    budgetYearId: year.id,
    label: `Test ${tag}`,
    operatingScenarioId: scenarios[0].id,
    proposedScenarioId: scenarios[1].id,
    buildingId: buildings[0].id,
    otherBuildingId: buildings[1].id,
    categoryId: category.id,
    teachersId: groups[0].id,
    custodiansId: groups[1].id,
  };
}

/** An employee line in the world (FY2026, Teachers, North School, $60,000 unless overridden). */
export async function buildEmployee(
  db: Knex,
  w: World,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await db('line_items')
    .insert({
      budget_year_id: w.budgetYearId,
      scenario_id: w.operatingScenarioId,
      fiscal_year: 2026,
      is_operating: true,
      first_name: 'Pat',
      last_name: `Lee${next().replace(/\D/g, '')}`,
      position: 'Grade 2 Teacher',
      current_salary: '60000.00',
      next_year_salary: '62700.00',
      current_fte: 1,
      work_group_id: w.teachersId,
      work_group: 'Teachers',
      employee_status: 'Active',
      building_id: w.buildingId,
      hire_date: '2015-08-25',
      ...overrides,
    })
    .returning('id');
  return row.id;
}

/** A proposed line in the world (FY2026, the world's category, District Wide, $1,000 unless overridden). */
export async function buildProposed(
  db: Knex,
  w: World,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await db('line_items')
    .insert({
      budget_year_id: w.budgetYearId,
      scenario_id: w.proposedScenarioId,
      fiscal_year: 2026,
      is_operating: false,
      current_fte: null,
      employee_status: null,
      account_description: `Instructional supplies ${next()}`,
      account_line: '01-2430-5500',
      amount: '1000.00',
      category_id: w.categoryId,
      building_id: null,
      ...overrides,
    })
    .returning('id');
  return row.id;
}

/** The line_items row, for checking that a refused call changed nothing. */
export function lineRow(db: Knex, id: number) {
  return db('line_items').where({ id }).first();
}

/** Audit rows of one line, oldest first. */
export function auditOf(db: Knex, id: number) {
  return db('audit_log')
    .where({ entity: 'line-item', entity_id: String(id) })
    .orderBy('id');
}
