import type { Knex } from 'knex';
import { unique } from './unique';

export interface EmployeeInput {
  budgetYearId: number;
  fiscalYear: number;
  salary: string | null;
  nextYearSalary?: string | null;
  /** The salary rule leaves a manual next-year salary alone. */
  manual?: boolean;
  scenarioId?: number | null;
  buildingId?: number | null;
  categoryId?: number | null;
  workGroupId?: number | null;
  workGroup?: string | null;
  /** 'Test' and a unique 'Person <tag>' unless given. */
  firstName?: string;
  lastName?: string;
  /** 'Clerk' unless given. */
  position?: string | null;
  fte?: number;
  status?: 'Active' | 'Retiring' | 'Inactive';
  isProjected?: boolean;
  metadata?: Record<string, unknown>;
  /** Raw line_items columns, written last (they win over everything above). */
  columns?: Record<string, unknown>;
}

/** Employee (operating) lines; money as exact strings such as '61234.56'. Their ids in order. */
export async function insertEmployees(db: Knex, rows: EmployeeInput[]): Promise<number[]> {
  const inserted = await db('line_items')
    .insert(
      rows.map((r) => ({
        budget_year_id: r.budgetYearId,
        scenario_id: r.scenarioId ?? null,
        fiscal_year: r.fiscalYear,
        is_operating: true,
        is_projected: r.isProjected ?? false,
        first_name: r.firstName ?? 'Test',
        last_name: r.lastName ?? `Person ${unique()}`,
        position: r.position === undefined ? 'Clerk' : r.position,
        current_salary: r.salary,
        next_year_salary: r.nextYearSalary ?? null,
        next_year_salary_manual: r.manual ?? false,
        current_fte: r.fte ?? 1,
        work_group_id: r.workGroupId ?? null,
        work_group: r.workGroup ?? null,
        employee_status: r.status ?? 'Active',
        category_id: r.categoryId ?? null,
        building_id: r.buildingId ?? null,
        metadata: JSON.stringify(r.metadata ?? {}),
        ...r.columns,
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
  /** A unique 'Line <tag>' unless given. */
  accountDescription?: string;
  accountLine?: string | null;
  /** Raw line_items columns, written last (they win over everything above). */
  columns?: Record<string, unknown>;
}

/** Proposed (non-operating) lines; amounts as exact strings. Their ids in order. */
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
        account_description: r.accountDescription ?? `Line ${unique()}`,
        account_line: r.accountLine ?? null,
        amount: r.amount,
        category_id: r.categoryId ?? null,
        building_id: r.buildingId ?? null,
        ...r.columns,
      })),
    )
    .returning('id');
  return inserted.map((r: { id: number }) => r.id);
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
