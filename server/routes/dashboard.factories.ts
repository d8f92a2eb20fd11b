import type { Knex } from 'knex';

/**
 * Factories for the dashboard, projections, comparison and town-goal tests: each call makes new
 * rows with unique names, so tests never depend on the demo seed or on one another.
 */

let seq = 0;
const next = () => {
  seq += 1;
  return `${seq}-${process.pid}`;
};

export async function buildBudgetYear(
  db: Knex,
  values: { currentFiscalYear?: number; baseYear?: number | null; label?: string } = {},
): Promise<number> {
  const current = values.currentFiscalYear ?? 2026;
  const [row] = await db('budget_years')
    .insert({
      fiscal_year: values.label ?? `Test ${next()}`,
      name: 'Test budget year',
      notes: 'Made by a test',
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
): Promise<number> {
  const [row] = await db('scenarios')
    .insert({
      budget_year_id: budgetYearId,
      name: `Scenario ${next()}`,
      scenario_type: scenarioType,
      is_active: isActive,
    })
    .returning('id');
  return row.id;
}

export async function buildCategory(
  db: Knex,
  values: {
    name?: string;
    color?: string;
    isPersonnel?: boolean;
    yoy?: number | null;
    deseFunction?: string;
  } = {},
): Promise<number> {
  const [row] = await db('budget_categories')
    .insert({
      name: values.name ?? `Category ${next()}`,
      color: values.color ?? '#10b981',
      is_personnel: values.isPersonnel ?? false,
      default_yoy_increase: values.yoy ?? null,
      dese_function: values.deseFunction ?? null,
    })
    .returning('id');
  return row.id;
}

export async function buildBuilding(
  db: Knex,
  values: { name?: string; buildingType?: string | null; color?: string } = {},
): Promise<number> {
  const id = next();
  const [row] = await db('buildings')
    .insert({
      name: values.name ?? `School ${id}`,
      code: `S${id}`,
      building_type: values.buildingType === undefined ? 'elementary' : values.buildingType,
      color: values.color ?? null,
    })
    .returning('id');
  return row.id;
}

export async function buildWorkGroup(db: Knex, name?: string): Promise<number> {
  const [row] = await db('work_groups')
    .insert({ name: name ?? `Group ${next()}` })
    .returning('id');
  return row.id;
}

export interface EmployeeInput {
  budgetYearId: number;
  fiscalYear: number;
  salary: string | null;
  nextYearSalary?: string | null;
  scenarioId?: number | null;
  buildingId?: number | null;
  categoryId?: number | null;
  workGroupId?: number | null;
  workGroup?: string | null;
  position?: string | null;
  fte?: number;
  status?: 'Active' | 'Retiring' | 'Inactive';
  isProjected?: boolean;
}

/** Employee (operating) lines; money as exact strings such as '61234.56'. */
export async function insertEmployees(db: Knex, rows: EmployeeInput[]): Promise<number[]> {
  const inserted = await db('line_items')
    .insert(
      rows.map((r) => ({
        budget_year_id: r.budgetYearId,
        scenario_id: r.scenarioId ?? null,
        fiscal_year: r.fiscalYear,
        is_operating: true,
        is_projected: r.isProjected ?? false,
        first_name: 'Test',
        last_name: `Person ${next()}`,
        position: r.position ?? 'Clerk',
        current_salary: r.salary,
        next_year_salary: r.nextYearSalary ?? null,
        current_fte: r.fte ?? 1,
        work_group_id: r.workGroupId ?? null,
        work_group: r.workGroup ?? null,
        employee_status: r.status ?? 'Active',
        category_id: r.categoryId ?? null,
        building_id: r.buildingId ?? null,
      })),
    )
    .returning('id');
  return inserted.map((r: { id: number }) => r.id);
}

export interface ProposedInput {
  budgetYearId: number;
  fiscalYear: number;
  amount: string;
  scenarioId?: number | null;
  buildingId?: number | null;
  categoryId?: number | null;
  isProjected?: boolean;
  versionId?: number | null;
}

/** Proposed (non-operating) lines; amounts as exact strings. */
export async function insertProposed(db: Knex, rows: ProposedInput[]): Promise<number[]> {
  const inserted = await db('line_items')
    .insert(
      rows.map((r) => ({
        budget_year_id: r.budgetYearId,
        scenario_id: r.scenarioId ?? null,
        version_id: r.versionId ?? null,
        fiscal_year: r.fiscalYear,
        is_operating: false,
        is_projected: r.isProjected ?? false,
        current_fte: null,
        employee_status: null,
        account_description: `Line ${next()}`,
        amount: r.amount,
        category_id: r.categoryId ?? null,
        building_id: r.buildingId ?? null,
      })),
    )
    .returning('id');
  return inserted.map((r: { id: number }) => r.id);
}

/** Sums money strings exactly, in cents, the way a person with a ledger would. */
export function sumCents(values: (string | null | undefined)[]): number {
  return values.reduce((n, v) => {
    if (v === null || v === undefined) {
      return n;
    }
    const [whole, frac = ''] = v.replace('-', '').split('.');
    const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    return n + (v.startsWith('-') ? -cents : cents);
  }, 0);
}
