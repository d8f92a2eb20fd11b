import type { EmployeeLineItem, ProposedLineItem } from './line-item-dtos';

/**
 * The columns of the compact form of GET /line-items/budget (./line-item-rows.ts), in the order
 * the server writes each kind's values and the web app decodes them. No zod here, as there.
 */

/** What a wire value is, when it is not the DTO's value as it is. */
export type RowWireKind = 'flag' | 'time' | 'building' | 'category';
export const ROW_WIRE_KINDS: Readonly<Record<string, RowWireKind>> = {
  isProjected: 'flag',
  nextYearSalaryManual: 'flag',
  oneTime: 'flag',
  createdAt: 'time',
  updatedAt: 'time',
  building: 'building',
  category: 'category',
};

/** The employee DTO's fields on the wire, in the DTO's order (isOperating left out). */
export const EMPLOYEE_ROW_COLUMNS = [
  'id',
  'budgetYearId',
  'scenarioId',
  'versionId',
  'fiscalYear',
  'isProjected',
  'firstName',
  'lastName',
  'position',
  'currentSalary',
  'nextYearSalary',
  'nextYearSalaryManual',
  'currentFTE',
  'locationCode',
  'deseCode',
  'department',
  'workGroupId',
  'workGroup',
  'jobClass',
  'hireDate',
  'dateOfDeparture',
  'employeeStatus',
  'budgetStatus',
  'categoryId',
  'salaryStep',
  'salaryLane',
  'salaryPlacement',
  'buildingId',
  'building',
  'notes',
  'metadata',
  'importRunId',
  'source',
  'createdAt',
  'updatedAt',
] as const satisfies readonly Exclude<keyof EmployeeLineItem, 'isOperating'>[];

/** The proposed DTO's fields on the wire, in the DTO's order (isOperating left out). */
export const PROPOSED_ROW_COLUMNS = [
  'id',
  'budgetYearId',
  'scenarioId',
  'versionId',
  'fiscalYear',
  'isProjected',
  'accountDescription',
  'name',
  'accountLine',
  'deseCategories',
  'deseCode',
  'amount',
  'categoryId',
  'category',
  'oneTime',
  'fundId',
  'buildingId',
  'building',
  'notes',
  'metadata',
  'importRunId',
  'source',
  'createdAt',
  'updatedAt',
] as const satisfies readonly Exclude<keyof ProposedLineItem, 'isOperating'>[];

export type EmployeeRowColumn = (typeof EMPLOYEE_ROW_COLUMNS)[number];
export type ProposedRowColumn = (typeof PROPOSED_ROW_COLUMNS)[number];

/** One kind's lines: the column list, then one array of values per line, in grid order. */
export interface RowList<C extends string = string> {
  columns: readonly C[];
  rows: readonly (readonly unknown[])[];
}

/** The body of GET /line-items/budget?format=rows: employee lines first, then proposed lines. */
export interface LineItemRows {
  employees: RowList<EmployeeRowColumn>;
  proposed: RowList<ProposedRowColumn>;
}
