import { EMPLOYEE_STATUSES } from '@shared/schemas/common';
import { isLocked } from '@shared/schemas/salary-rule-lines';
import type { EmployeeLineItem, EmployeeStatus } from '@web/api/line-items';
import { plainAmount } from '@web/lib/format';

/** The editor's fields as typed (strings), so a half-typed number is not lost. */
export interface EmployeeFormValues {
  firstName: string;
  lastName: string;
  position: string;
  currentSalary: string;
  /** Empty means automatic (computed); a value makes it manual. */
  nextYearSalary: string;
  currentFTE: string;
  employeeStatus: EmployeeStatus;
  /** 'none' for District Wide, else a building id. */
  buildingId: string;
  /** 'none' or a budget category id. */
  categoryId: string;
  /**
   * Chosen among the existing work groups, never typed: 'none', a work group id, or UNLISTED for a
   * line (imported) whose label names no work group, kept while it is not changed.
   */
  workGroupId: string;
  department: string;
  jobClass: string;
  locationCode: string;
  deseCode: string;
  hireDate: string;
  dateOfDeparture: string;
  notes: string;
}

export const NONE = 'none';
/** The work-group choice of a line whose label is no work group's (shown as that label). */
export const UNLISTED = 'unlisted';
export const STATUS_OPTIONS = EMPLOYEE_STATUSES.map((s) => ({ value: s, label: s }));

const str = (v: string | null | undefined) => v ?? '';
const BLANK: EmployeeFormValues = {
  firstName: '',
  lastName: '',
  position: '',
  currentSalary: '',
  nextYearSalary: '',
  currentFTE: '',
  employeeStatus: 'Active',
  buildingId: NONE,
  categoryId: NONE,
  workGroupId: NONE,
  department: '',
  jobClass: '',
  locationCode: '',
  deseCode: '',
  hireDate: '',
  dateOfDeparture: '',
  notes: '',
};
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const id = (v: number | null) => (v === null ? NONE : String(v));

/** The line's values as the form shows them; blanks (an Active employee) until there is a line. */
export function toFormValues(line: EmployeeLineItem | null): EmployeeFormValues {
  if (!line) {
    return { ...BLANK };
  }
  return {
    firstName: str(line.firstName),
    lastName: str(line.lastName),
    position: str(line.position),
    currentSalary: num(line.currentSalary),
    nextYearSalary: line.nextYearSalaryManual ? num(line.nextYearSalary) : '',
    currentFTE: num(line.currentFTE),
    employeeStatus: line.employeeStatus,
    buildingId: id(line.buildingId),
    categoryId: id(line.categoryId),
    workGroupId: line.workGroupId !== null ? String(line.workGroupId) : line.workGroup ? UNLISTED : NONE,
    department: str(line.department),
    jobClass: str(line.jobClass),
    locationCode: str(line.locationCode),
    deseCode: str(line.deseCode),
    hireDate: str(line.hireDate),
    dateOfDeparture: str(line.dateOfDeparture),
    notes: str(line.notes),
  };
}

/** A typed number ($ and thousands commas allowed); null when blank, NaN when not a number. */
function parseNumber(text: string): number | null {
  const cleaned = plainAmount(text);
  return cleaned === '' ? null : Number(cleaned);
}

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'position',
  'department',
  'jobClass',
  'locationCode',
  'deseCode',
  'notes',
] as const;

/**
 * The PATCH body for what changed, before the API's schema (updateEmployeeBody) checks it: text as
 * typed (the schema trims it and stores blank as null), numbers read from their text (blank is
 * null, which the schema refuses where a value is required), 'none' as null.
 */
export function employeePatchInput(line: EmployeeLineItem, values: EmployeeFormValues) {
  const body: Record<string, unknown> = {};
  const before = toFormValues(line);
  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== before[field].trim()) {
      body[field] = values[field];
    }
  }
  for (const field of ['currentSalary', 'currentFTE'] as const) {
    if (values[field] !== before[field]) {
      body[field] = parseNumber(values[field]);
    }
  }
  if (values.employeeStatus !== before.employeeStatus) {
    body.employeeStatus = values.employeeStatus;
  }
  // Inactive and Retiring employees have no next-year salary: the server clears it.
  if (!isLocked(values.employeeStatus) && values.nextYearSalary !== before.nextYearSalary) {
    body.nextYearSalary = parseNumber(values.nextYearSalary);
  }
  for (const field of ['buildingId', 'categoryId'] as const) {
    if (values[field] !== before[field]) {
      body[field] = values[field] === NONE ? null : Number(values[field]);
    }
  }
  // A work group is chosen by id; 'No work group' clears the link and the label.
  if (values.workGroupId !== before.workGroupId && values.workGroupId !== UNLISTED) {
    body.workGroupId = values.workGroupId === NONE ? null : Number(values.workGroupId);
    if (body.workGroupId === null) {
      body.workGroup = null;
    }
  }
  for (const field of ['hireDate', 'dateOfDeparture'] as const) {
    if (values[field] !== before[field]) {
      body[field] = values[field] === '' ? null : values[field];
    }
  }
  return body;
}
