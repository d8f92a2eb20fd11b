import type { CellEditRequestEvent } from 'ag-grid-community';
import { useCallback } from 'react';
import { errorMessage } from '@web/api/client';
import {
  lineItemsApi,
  useLineMutation,
  type EmployeeLineItem,
  type EmployeeStatus,
} from '@web/api/line-items';
import { useToast } from '@web/components/toast';
import { employeeName } from '@web/components/employee-cells';
import { toCents } from '@shared/schemas/common';

type InlineEdit =
  | { field: 'nextYearSalary'; id: number; value: number | null }
  | { field: 'employeeStatus'; id: number; value: EmployeeStatus }
  | { field: 'dateOfDeparture'; id: number; value: string | null };

const FAILURE: Record<InlineEdit['field'], string> = {
  nextYearSalary: 'Failed to update next year salary',
  employeeStatus: 'Failed to update status',
  dateOfDeparture: 'Failed to update departure date',
};

const SAVED: Record<InlineEdit['field'], string> = {
  nextYearSalary: 'Next-year salary saved',
  employeeStatus: 'Status saved',
  dateOfDeparture: 'Departure date saved',
};

function save(edit: InlineEdit) {
  switch (edit.field) {
    case 'nextYearSalary':
      return lineItemsApi.setNextYearSalary(edit.id, edit.value);
    case 'employeeStatus':
      return lineItemsApi.setStatus(edit.id, edit.value);
    default:
      return lineItemsApi.updateEmployee(edit.id, { dateOfDeparture: edit.value });
  }
}

/**
 * A saved line's toast description, with the server's note when the locked salary lines of the
 * year its position's cost is budgeted for do not have the change (salaryLines), as the Positions
 * screen says it after a position write.
 */
export const savedDescription = (what: string, answer: { salaryLines?: { message: string } }) =>
  answer.salaryLines ? `${what}. ${answer.salaryLines.message}` : what;

/** Two decimals at most, 0 or more: what a salary cell accepts. */
function salaryProblem(value: unknown): string | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const n = Number(value);
  if (!Number.isFinite(n)) {
    return 'Salary must be a number';
  }
  if (n < 0) {
    return 'Salary cannot be negative';
  }
  // Counted on the number's decimal text, as the API does: exact at any size.
  return toCents(n) === null ? 'Use at most 2 decimal places' : null;
}

/**
 * Saves the employee grid's inline edits (next-year salary, status, departure date). The grid
 * never changes a row itself (readOnlyEdit): the saved row from the server replaces it, and a
 * failure leaves the old value in place and says what failed ('Failed to update status', ...).
 */
export function useEmployeeInlineEdits() {
  const notify = useToast();
  const mutation = useLineMutation(save);
  const { mutate } = mutation;

  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent<EmployeeLineItem>) => {
      const line = event.data;
      const field = event.colDef.field;
      let edit: InlineEdit;
      if (field === 'nextYearSalary') {
        const problem = salaryProblem(event.newValue);
        if (problem) {
          notify({ variant: 'error', title: FAILURE.nextYearSalary, description: problem });
          return;
        }
        const value = event.newValue === null || event.newValue === '' ? null : Number(event.newValue);
        if (value === null && !line.nextYearSalaryManual) {
          return;
        }
        edit = { field, id: line.id, value };
      } else if (field === 'employeeStatus') {
        if (event.newValue === line.employeeStatus) {
          return;
        }
        edit = { field, id: line.id, value: event.newValue as EmployeeStatus };
      } else if (field === 'dateOfDeparture') {
        const value = (event.newValue as string | null) || null;
        if (value === line.dateOfDeparture) {
          return;
        }
        edit = { field, id: line.id, value };
      } else {
        return;
      }
      mutate(edit, {
        onSuccess: (answer) =>
          notify({ title: SAVED[edit.field], description: savedDescription(employeeName(line), answer) }),
        onError: (err) =>
          notify({
            variant: 'error',
            title: FAILURE[edit.field],
            description: errorMessage(err, '') || undefined,
          }),
      });
    },
    [mutate, notify],
  );

  return { onCellEditRequest, saving: mutation.isPending };
}
