import { fiscalYearLabel } from '@shared/budget-math';
import type { ColDef } from 'ag-grid-community';
import type { EmployeeLineItem } from '@web/api/line-items';
import {
  DISTRICT_WIDE,
  fteColumn,
  moneyColumn,
  numberColumn,
  textColumn,
  type GridColumnContext,
} from '@web/components/data-grid/column-types';
import { editColumn } from '@web/components/data-grid/edit-column';
import { employeeName } from '@web/components/employee-cells';

/** Data Issues: the records an import flagged for review, with the reasons. */
export function dataIssueColumns(onEdit: (line: EmployeeLineItem) => void): ColDef<EmployeeLineItem>[] {
  return [
    textColumn({
      colId: 'name',
      headerName: 'Name',
      valueGetter: (p) => (p.data ? employeeName(p.data) : ''),
      pinned: 'left',
      width: 200,
      sort: 'asc',
    }),
    numberColumn({
      field: 'fiscalYear',
      headerName: 'FY',
      width: 90,
      valueFormatter: (p) => fiscalYearLabel(p.value),
      context: { export: 'number' },
    }),
    textColumn({
      colId: 'warnings',
      headerName: 'Import Warnings',
      // Sized to its content like the rest (not flex, which took what the others left and let the
      // grid run past the pinned Actions column), wrapping past 360 px.
      width: 320,
      minWidth: 240,
      context: { autoMaxWidth: 360 } satisfies GridColumnContext,
      wrapText: true,
      autoHeight: true,
      valueGetter: (p) => (p.data?.metadata.importWarnings ?? []).join('; '),
    }),
    textColumn({ field: 'position', headerName: 'Position', width: 190 }),
    textColumn({
      colId: 'building',
      headerName: 'Building',
      valueGetter: (p) => p.data?.building?.name ?? DISTRICT_WIDE,
      width: 180,
    }),
    textColumn({ field: 'locationCode', headerName: 'Location', width: 110 }),
    textColumn({ field: 'workGroup', headerName: 'Work Group', width: 150 }),
    moneyColumn({ field: 'currentSalary', headerName: 'Current Salary' }),
    fteColumn({ field: 'currentFTE' }),
    editColumn(onEdit, employeeName),
  ];
}
