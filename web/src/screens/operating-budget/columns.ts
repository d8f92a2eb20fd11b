import type { ColDef, EditableCallbackParams } from 'ag-grid-community';
import { EMPLOYEE_STATUSES } from '@server/schemas/common';
import type { EmployeeLineItem } from '@web/api/line-items';
import {
  DISTRICT_WIDE,
  formatIsoDate,
  fteColumn,
  moneyColumn,
  textColumn,
} from '@web/components/data-grid/column-types';
import { editColumn } from '@web/components/data-grid/edit-column';
import {
  employeeName,
  NextYearSalaryCell,
  nextYearSalaryLocked,
  ReviewCell,
  StatusCell,
} from '@web/components/employee-cells';

interface EmployeeColumnOptions {
  /** Whether the user may change lines (inline edits and the Edit button). */
  canEdit: boolean;
  onEdit(line: EmployeeLineItem): void;
}

/** The Employee Budget Manager's columns, typed against the shared employee DTO. */
export function employeeColumns({ canEdit, onEdit }: EmployeeColumnOptions): ColDef<EmployeeLineItem>[] {
  const columns: ColDef<EmployeeLineItem>[] = [
    textColumn({
      colId: 'name',
      headerName: 'Name',
      valueGetter: (p) => (p.data ? employeeName(p.data) : ''),
      pinned: 'left',
      width: 190,
      // No initial sort: the server sends employees by last then first name, and sorting 50,000
      // rows again would only delay the first paint.
    }),
    textColumn({ field: 'position', headerName: 'Position', width: 180 }),
    textColumn({
      colId: 'building',
      headerName: 'Building',
      valueGetter: (p) => p.data?.building?.name ?? DISTRICT_WIDE,
      width: 170,
    }),
    {
      field: 'employeeStatus',
      headerName: 'Status',
      width: 110,
      cellRenderer: StatusCell,
      editable: canEdit,
      cellEditor: 'agSelectCellEditor',
      cellEditorParams: { values: [...EMPLOYEE_STATUSES] },
    },
    fteColumn({ field: 'currentFTE' }),
    moneyColumn({ field: 'currentSalary', headerName: 'Current Salary' }),
    moneyColumn({
      field: 'nextYearSalary',
      headerName: 'Next Year Salary',
      width: 200,
      cellRenderer: NextYearSalaryCell,
      editable: (p: EditableCallbackParams<EmployeeLineItem>) =>
        canEdit && Boolean(p.data) && !nextYearSalaryLocked(p.data!),
      cellEditor: 'agNumberCellEditor',
      cellEditorParams: { min: 0, precision: 2, step: 0.01, showStepperButtons: false },
      headerTooltip:
        'Auto: computed from COLA and steps. Type a value to set it by hand; clear it to go back to Auto.',
    }),
    textColumn({ field: 'workGroup', headerName: 'Work Group', width: 170 }),
    textColumn({
      field: 'hireDate',
      headerName: 'Hire Date',
      width: 120,
      valueFormatter: (p) => formatIsoDate(p.value as string | null),
    }),
    textColumn({ field: 'department', headerName: 'Department', width: 160 }),
    textColumn({ field: 'jobClass', headerName: 'Job Class', width: 140 }),
    textColumn({ field: 'locationCode', headerName: 'Location', width: 110 }),
    textColumn({ field: 'deseCode', headerName: 'DESE Code', width: 110 }),
    {
      colId: 'review',
      headerName: 'Review',
      width: 130,
      valueGetter: (p) => (p.data?.metadata.needsReview ? 'Needs review' : ''),
      cellRenderer: ReviewCell,
    },
  ];
  if (canEdit) {
    columns.push(editColumn(onEdit, employeeName));
  }
  return columns;
}
