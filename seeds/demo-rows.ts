import type { ProposedLine } from './demo-budget';
import type { EmployeeLine } from './demo-people';

/** Turning the demo district's plain data into table rows. */

/** Cents to an exact numeric(14,2) literal: 6185837 -> '61858.37', -85000000 -> '-850000.00'. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The ids a line item row points at. */
export interface LineContext {
  budgetYearId: number;
  operatingScenarioId: number;
  proposedScenarioId: number;
  currentFiscalYear: number;
  /** budget_versions id per fiscal year. */
  versions: Map<number, number>;
  importRuns: { operating: number; proposed: number };
  workGroups: Map<string, number>;
  categories: Map<string, number>;
  buildings: Map<string, number>;
}

function id(map: Map<string, number>, key: string | null, what: string): number | null {
  if (key === null) {
    return null;
  }
  const found = map.get(key);
  if (found === undefined) {
    throw new Error(`Demo data refers to an unknown ${what}: ${key}`);
  }
  return found;
}

/** An employee (operating) line_items row. */
export function employeeRow(e: EmployeeLine, ctx: LineContext): Record<string, unknown> {
  return {
    budget_year_id: ctx.budgetYearId,
    scenario_id: ctx.operatingScenarioId,
    version_id: ctx.versions.get(e.fiscalYear) ?? null,
    fiscal_year: e.fiscalYear,
    is_operating: true,
    // Imported lines; the projected years come from Generate Projections.
    is_projected: false,
    first_name: e.firstName,
    last_name: e.lastName,
    position: e.position,
    current_salary: money(e.salaryCents),
    next_year_salary: e.nextYearSalaryCents === null ? null : money(e.nextYearSalaryCents),
    next_year_salary_manual: e.nextYearSalaryManual,
    current_fte: e.fte,
    location_code: e.locationCode,
    department: e.department,
    // An imported label that matched no work group keeps its text and links to nothing.
    work_group_id: e.workGroupLabel === e.workGroup ? id(ctx.workGroups, e.workGroup, 'work group') : null,
    work_group: e.workGroupLabel,
    job_class: e.jobClass,
    hire_date: e.hireDate,
    date_of_departure: e.dateOfDeparture,
    employee_status: e.employeeStatus,
    budget_status: e.budgetStatus,
    dese_code: e.deseCode,
    category_id: id(ctx.categories, e.category, 'budget category'),
    building_id: id(ctx.buildings, e.buildingCode, 'building'),
    notes: e.notes,
    metadata: JSON.stringify(e.metadata),
    import_run_id: e.fiscalYear === ctx.currentFiscalYear ? ctx.importRuns.operating : null,
  };
}

/** A proposed (non-operating) line_items row. */
export function proposedRow(p: ProposedLine, ctx: LineContext): Record<string, unknown> {
  return {
    budget_year_id: ctx.budgetYearId,
    scenario_id: ctx.proposedScenarioId,
    version_id: ctx.versions.get(p.fiscalYear) ?? null,
    fiscal_year: p.fiscalYear,
    is_operating: false,
    is_projected: false,
    // Employee-only columns stay empty on a proposed line.
    current_fte: null,
    employee_status: null,
    account_description: p.accountDescription,
    name: p.name,
    account_line: p.accountLine,
    dese_categories: p.deseCategory,
    amount: money(p.amountCents),
    dese_code: p.deseCode,
    category_id: id(ctx.categories, p.category, 'budget category'),
    building_id: id(ctx.buildings, p.buildingCode, 'building'),
    notes: p.notes,
    metadata: '{}',
    import_run_id: p.fiscalYear === ctx.currentFiscalYear ? ctx.importRuns.proposed : null,
  };
}

/** Links on the demo public dashboard; the last is hidden to show Show/Hide. */
export const PUBLIC_LINKS = [
  {
    title: 'FY26 Budget Book',
    description: "The Superintendent's recommended budget, with program detail",
    url: 'https://schools.example.org/budget/fy26-budget-book.pdf',
    link_type: 'document',
    is_active: true,
  },
  {
    title: 'School Committee Budget Hearings',
    description: 'Meeting schedule, agendas and minutes',
    url: 'https://schools.example.org/school-committee',
    link_type: 'website',
    is_active: true,
  },
  {
    title: 'FY25 Budget Book (archived)',
    description: 'Last year’s adopted budget',
    url: 'https://schools.example.org/budget/fy25-budget-book.pdf',
    link_type: 'document',
    is_active: false,
  },
];
