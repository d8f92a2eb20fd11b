import { EMPLOYEE_STATUSES } from '@server/schemas/common';
import { updateEmployeeBody, type UpdateEmployeeBody } from '@server/schemas/line-items';
import type { EmployeeLineItem, EmployeeStatus } from '@web/api/line-items';

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
  workGroup: string;
  department: string;
  jobClass: string;
  locationCode: string;
  deseCode: string;
  hireDate: string;
  dateOfDeparture: string;
  notes: string;
}

export type EmployeeFormErrors = Partial<Record<keyof EmployeeFormValues, string>>;

export const NONE = 'none';
export const STATUS_OPTIONS = EMPLOYEE_STATUSES.map((s) => ({ value: s, label: s }));

const str = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const id = (v: number | null) => (v === null ? NONE : String(v));

export function toFormValues(line: EmployeeLineItem): EmployeeFormValues {
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
    workGroup: str(line.workGroup),
    department: str(line.department),
    jobClass: str(line.jobClass),
    locationCode: str(line.locationCode),
    deseCode: str(line.deseCode),
    hireDate: str(line.hireDate),
    dateOfDeparture: str(line.dateOfDeparture),
    notes: str(line.notes),
  };
}

/** A typed number, or NaN when the text is not one ('' is handled by the caller). */
function parseNumber(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'position',
  'workGroup',
  'department',
  'jobClass',
  'locationCode',
  'deseCode',
  'notes',
] as const;

/**
 * The PATCH body for what changed, or the problems to show per field. The body is checked with
 * the server's own schema, so the form refuses exactly what the API would.
 */
export function buildEmployeePatch(
  line: EmployeeLineItem,
  values: EmployeeFormValues,
): { body: UpdateEmployeeBody; errors: EmployeeFormErrors } {
  const errors: EmployeeFormErrors = {};
  const body: Record<string, unknown> = {};
  const before = toFormValues(line);

  for (const field of TEXT_FIELDS) {
    if (values[field].trim() !== before[field].trim()) {
      body[field] = values[field].trim() === '' ? null : values[field].trim();
    }
  }
  if (values.currentSalary !== before.currentSalary) {
    if (values.currentSalary.trim() === '') {
      errors.currentSalary = 'Current salary is required (0 means a new hire)';
    } else {
      body.currentSalary = parseNumber(values.currentSalary);
    }
  }
  if (values.currentFTE !== before.currentFTE) {
    body.currentFTE = values.currentFTE.trim() === '' ? Number.NaN : parseNumber(values.currentFTE);
  }
  if (values.employeeStatus !== before.employeeStatus) {
    body.employeeStatus = values.employeeStatus;
  }
  const locked = values.employeeStatus !== 'Active';
  if (!locked && values.nextYearSalary !== before.nextYearSalary) {
    body.nextYearSalary = values.nextYearSalary.trim() === '' ? null : parseNumber(values.nextYearSalary);
  }
  for (const field of ['buildingId', 'categoryId'] as const) {
    if (values[field] !== before[field]) {
      body[field] = values[field] === NONE ? null : Number(values[field]);
    }
  }
  for (const field of ['hireDate', 'dateOfDeparture'] as const) {
    if (values[field] !== before[field]) {
      body[field] = values[field] === '' ? null : values[field];
    }
  }

  if (Object.keys(body).length > 0) {
    const parsed = updateEmployeeBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as keyof EmployeeFormValues;
        if (field && !errors[field]) {
          errors[field] = friendly(field, issue.message);
        }
      }
    }
  }
  return { body: body as UpdateEmployeeBody, errors };
}

function friendly(field: keyof EmployeeFormValues, message: string): string {
  if (message.startsWith('Invalid input') || message === 'Must be a number') {
    if (field === 'currentFTE') {
      return 'FTE must be a number between 0 and 1.5';
    }
    if (field === 'currentSalary' || field === 'nextYearSalary') {
      return 'Salary must be a number';
    }
  }
  return message;
}
