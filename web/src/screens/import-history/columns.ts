import type { ColDef, EditableCallbackParams } from 'ag-grid-community';
import { EMPLOYEE_STATUSES } from '@server/schemas/common';
import type { EmployeeLineItem } from '@web/api/line-items';
import {
  DISTRICT_WIDE,
  formatIsoDate,
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

interface ImportHistoryColumnOptions {
  canEdit: boolean;
  onEdit(line: EmployeeLineItem): void;
}

/** Import History: imported employee records with inline status, next-year salary and departure date. */
export function importHistoryColumns({
  canEdit,
  onEdit,
}: ImportHistoryColumnOptions): ColDef<EmployeeLineItem>[] {
  const columns: ColDef<EmployeeLineItem>[] = [
    textColumn({
      colId: 'name',
      headerName: 'Name',
      valueGetter: (p) => (p.data ? employeeName(p.data) : ''),
      pinned: 'left',
      width: 200,
      sort: 'asc',
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
    moneyColumn({
      field: 'nextYearSalary',
      headerName: 'Next Year Salary',
      width: 190,
      cellRenderer: NextYearSalaryCell,
      editable: (p: EditableCallbackParams<EmployeeLineItem>) =>
        canEdit && Boolean(p.data) && !nextYearSalaryLocked(p.data!),
      cellEditor: 'agNumberCellEditor',
      cellEditorParams: { min: 0, precision: 2, step: 0.01, showStepperButtons: false },
    }),
    textColumn({
      field: 'dateOfDeparture',
      headerName: 'Departure Date',
      width: 140,
      editable: canEdit,
      cellEditor: 'agDateStringCellEditor',
      valueFormatter: (p) => formatIsoDate(p.value as string | null),
    }),
    moneyColumn({ field: 'currentSalary', headerName: 'Current Salary' }),
    textColumn({
      field: 'hireDate',
      headerName: 'Hire Date',
      width: 120,
      valueFormatter: (p) => formatIsoDate(p.value as string | null),
    }),
    {
      colId: 'review',
      headerName: 'Review',
      width: 130,
      valueGetter: (p) => (p.data?.metadata.needsReview ? 'Needs review' : ''),
      cellRenderer: ReviewCell,
    },
    textColumn({
      colId: 'warnings',
      headerName: 'Import Warnings',
      width: 320,
      valueGetter: (p) => (p.data?.metadata.importWarnings ?? []).join('; '),
      tooltipValueGetter: (p) => (p.value as string) || null,
    }),
    textColumn({ field: 'workGroup', headerName: 'Work Group', width: 160 }),
    textColumn({ field: 'locationCode', headerName: 'Location', width: 110 }),
  ];
  if (canEdit) {
    columns.push(editColumn(onEdit, employeeName));
  }
  return columns;
}
