import type { ColDef } from 'ag-grid-community';
import type { EmployeeLineItem } from '@web/api/line-items';
import { moneyColumn, textColumn } from '@web/components/data-grid/column-types';
import {
  buildingColumn,
  dateColumn,
  employeeNameColumn,
  nextYearSalaryColumn,
  reviewColumn,
  statusColumn,
  withEditColumn,
} from '@web/components/employee-columns';

interface ImportHistoryColumnOptions {
  canEdit: boolean;
  onEdit(line: EmployeeLineItem): void;
}

/** Import History: imported employee records with inline status, next-year salary and departure date. */
export function importHistoryColumns({
  canEdit,
  onEdit,
}: ImportHistoryColumnOptions): ColDef<EmployeeLineItem>[] {
  return withEditColumn(
    [
      employeeNameColumn({ width: 200, sort: 'asc' }),
      textColumn({ field: 'position', headerName: 'Position', width: 180 }),
      buildingColumn(170),
      statusColumn(canEdit),
      nextYearSalaryColumn(canEdit, { width: 190 }),
      dateColumn({
        field: 'dateOfDeparture',
        headerName: 'Departure Date',
        // Its header whole where the column is off to the side and keeps this width (a phone).
        width: 150,
        editable: canEdit,
        cellEditor: 'agDateStringCellEditor',
      }),
      moneyColumn({ field: 'currentSalary', headerName: 'Current Salary' }),
      dateColumn({ field: 'hireDate', headerName: 'Hire Date' }),
      reviewColumn(),
      textColumn({
        colId: 'warnings',
        headerName: 'Import Warnings',
        width: 320,
        valueGetter: (p) => (p.data?.metadata.importWarnings ?? []).join('; '),
        tooltip: (p) => (p.value as string) || null,
      }),
      textColumn({ field: 'workGroup', headerName: 'Work Group', width: 160 }),
      textColumn({ field: 'locationCode', headerName: 'Location', width: 110 }),
    ],
    canEdit,
    onEdit,
  );
}
