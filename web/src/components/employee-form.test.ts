import { describe, expect, it } from 'vitest';
import { updateEmployeeBody } from '@shared/schemas/line-items';
import type { EmployeeLineItem } from '@web/api/line-items';
import { employeePatchInput, toFormValues, type EmployeeFormValues } from '@web/components/employee-form';
import { issuesToErrors, type FieldErrors } from '@web/components/form/use-schema-form';

const line: EmployeeLineItem = {
  id: 7,
  budgetYearId: 1,
  scenarioId: 1,
  versionId: null,
  fiscalYear: 2026,
  isOperating: true,
  isProjected: false,
  firstName: 'Ada',
  lastName: 'Lovelace',
  position: 'Math Teacher',
  currentSalary: 71346,
  nextYearSalary: 73486.38,
  nextYearSalaryManual: false,
  currentFTE: 1,
  locationCode: 'MHS',
  deseCode: '2305',
  department: null,
  workGroupId: 3,
  workGroup: 'Teachers',
  jobClass: null,
  hireDate: '2018-08-27',
  dateOfDeparture: null,
  employeeStatus: 'Active',
  budgetStatus: null,
  categoryId: null,
  salaryStep: null,
  salaryLane: null,
  salaryPlacement: null,
  buildingId: 4,
  building: { name: 'Millbrook High School' },
  notes: null,
  metadata: {},
  importRunId: null,
  source: 'entered',
  createdAt: '2025-07-01T00:00:00.000Z',
  updatedAt: '2025-07-01T00:00:00.000Z',
};

/** What the editor does on Save: the changed fields, checked with the API's own schema. */
function buildEmployeePatch(
  before: EmployeeLineItem,
  values: EmployeeFormValues,
): { body: unknown; errors: FieldErrors<EmployeeFormValues> } {
  const input = employeePatchInput(before, values);
  if (Object.keys(input).length === 0) {
    return { body: {}, errors: {} };
  }
  const parsed = updateEmployeeBody.safeParse(input);
  return parsed.success
    ? { body: parsed.data, errors: {} }
    : {
        body: null,
        errors: issuesToErrors<EmployeeFormValues>(parsed.error.issues, Object.keys(values)).fields,
      };
}

describe('employeePatchInput with updateEmployeeBody', () => {
  it('sends only what changed, with blank text as null and District Wide as a null building', () => {
    const values = {
      ...toFormValues(line),
      position: ' Grade 5 Teacher ',
      locationCode: '',
      buildingId: 'none',
    };
    expect(buildEmployeePatch(line, values)).toEqual({
      body: { position: 'Grade 5 Teacher', locationCode: null, buildingId: null },
      errors: {},
    });
  });

  it('sends nothing when nothing changed (an automatic next-year salary stays automatic)', () => {
    expect(toFormValues(line).nextYearSalary).toBe('');
    expect(buildEmployeePatch(line, toFormValues(line))).toEqual({ body: {}, errors: {} });
  });

  it('makes a typed next-year salary manual, and an emptied manual one automatic again', () => {
    expect(buildEmployeePatch(line, { ...toFormValues(line), nextYearSalary: '75,000.50' }).body).toEqual({
      nextYearSalary: 75000.5,
    });
    const manual = { ...line, nextYearSalaryManual: true };
    expect(buildEmployeePatch(manual, { ...toFormValues(manual), nextYearSalary: '' }).body).toEqual({
      nextYearSalary: null,
    });
  });

  it('does not send a next-year salary for Inactive or Retiring employees', () => {
    const values = { ...toFormValues(line), employeeStatus: 'Retiring' as const, nextYearSalary: '80000' };
    expect(buildEmployeePatch(line, values).body).toEqual({ employeeStatus: 'Retiring' });
  });

  it('refuses a negative salary, a third decimal and an FTE above 1.5 with the API rules', () => {
    const values = {
      ...toFormValues(line),
      currentSalary: '-1',
      nextYearSalary: '70000.123',
      currentFTE: '1.6',
    };
    const { errors } = buildEmployeePatch(line, values);
    expect(errors.currentSalary).toBe('Salary cannot be negative');
    expect(errors.nextYearSalary).toBe('Use at most 2 decimal places');
    expect(errors.currentFTE).toBe('FTE must be above 0 and at most 1.5');
  });

  it('refuses text where a number belongs, an emptied salary and an impossible date', () => {
    const values = { ...toFormValues(line), currentSalary: '', currentFTE: 'full', hireDate: '2025-02-30' };
    const { errors } = buildEmployeePatch(line, values);
    expect(errors.currentSalary).toBe('Current salary is required (0 means a new hire)');
    expect(errors.currentFTE).toBe('FTE must be a number');
    expect(errors.hireDate).toBe('Use a date in the form YYYY-MM-DD');
  });

  it('sends a work group chosen by id, and No work group as no link and no label (never a typed name)', () => {
    const values = toFormValues(line);
    expect(values.workGroupId).toBe('3');
    expect(employeePatchInput(line, { ...values, workGroupId: '5' })).toEqual({ workGroupId: 5 });
    expect(employeePatchInput(line, { ...values, workGroupId: 'none' })).toEqual({
      workGroupId: null,
      workGroup: null,
    });
    // An imported label no group has is shown as it is, and not sent unless another choice is made.
    const unlisted = { ...line, workGroupId: null, workGroup: 'Para Educator' };
    expect(toFormValues(unlisted).workGroupId).toBe('unlisted');
    expect(employeePatchInput(unlisted, toFormValues(unlisted))).toEqual({});
  });
});
