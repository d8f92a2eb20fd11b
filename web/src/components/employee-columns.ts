import type { ColDef, EditableCallbackParams } from 'ag-grid-community';
import { EMPLOYEE_STATUSES } from '@shared/schemas/common';
import type { LineSource } from '@shared/schemas/line-item-dtos';
import type { EmployeeLineItem } from '@web/api/line-items';
import {
  DISTRICT_WIDE,
  formatIsoDate,
  moneyColumn,
  textColumn,
  type GridColumnContext,
} from '@web/components/data-grid/column-types';
import { editColumn } from '@web/components/data-grid/edit-column';
import {
  employeeName,
  NextYearSalaryCell,
  nextYearSalaryLocked,
  ReviewCell,
  StatusCell,
} from '@web/components/employee-cells';

type Def = ColDef<EmployeeLineItem>;

// The columns the Employee Budget Manager and Import History both show (and the building column of
// the Proposed Budget Manager), defined once so the grids name, edit and format them alike; `def`
// sets what differs (widths, sort, tooltip).

/** "Last, First", pinned left. */
export function employeeNameColumn(def: Def): Def {
  return textColumn({
    colId: 'name',
    headerName: 'Name',
    valueGetter: (p) => (p.data ? employeeName(p.data) : ''),
    pinned: 'left',
    ...def,
  });
}

/** A line's building, District Wide when it has none. */
export function buildingColumn<T extends { building: { name: string } | null }>(width: number): ColDef<T> {
  return textColumn<T>({
    colId: 'building',
    headerName: 'Building',
    valueGetter: (p) => p.data?.building?.name ?? DISTRICT_WIDE,
    width,
  });
}

/** How the Source column (and so its exports) names a line's source. */
export const SOURCE_LABELS: Record<LineSource, string> = {
  imported: 'Imported',
  projected: 'Projected',
  entered: 'Entered',
};

/** Where a line came from: Imported (by an import run), Projected, or Entered by hand. */
export function sourceColumn<T extends { source: LineSource }>(width: number): ColDef<T> {
  return textColumn<T>({
    colId: 'source',
    headerName: 'Source',
    valueGetter: (p) => (p.data ? SOURCE_LABELS[p.data.source] : ''),
    width,
  });
}

/** Status as a badge, chosen inline from the statuses when the user may edit. */
export function statusColumn(canEdit: boolean): Def {
  return {
    field: 'employeeStatus',
    headerName: 'Status',
    width: 110,
    cellRenderer: StatusCell,
    editable: canEdit,
    cellEditor: 'agSelectCellEditor',
    cellEditorParams: { values: [...EMPLOYEE_STATUSES] },
  };
}

/** Next-year salary with its Auto/Manual mark, typed inline unless the status locks it. */
export function nextYearSalaryColumn(canEdit: boolean, def: Def): Def {
  return moneyColumn({
    field: 'nextYearSalary',
    headerName: 'Next Year Salary',
    cellRenderer: NextYearSalaryCell,
    editable: (p: EditableCallbackParams<EmployeeLineItem>) =>
      canEdit && Boolean(p.data) && !nextYearSalaryLocked(p.data!),
    cellEditor: 'agNumberCellEditor',
    cellEditorParams: { min: 0, precision: 2, step: 0.01, showStepperButtons: false },
    // Exports say which values are Auto, so the import leaves those to the rule (README).
    context: {
      export: 'money',
      exportAlso: [
        {
          header: 'Next Year Salary Source',
          kind: 'text',
          value: (line: EmployeeLineItem | undefined) =>
            line ? (line.nextYearSalaryManual ? 'Manual' : 'Auto') : '',
        },
      ],
    } satisfies GridColumnContext,
    ...def,
  });
}

/** A YYYY-MM-DD date column shown as MM/DD/YYYY. */
export function dateColumn(def: Def): Def {
  return textColumn({
    width: 120,
    valueFormatter: (p) => formatIsoDate(p.value as string | null),
    context: { export: 'date' } satisfies GridColumnContext,
    ...def,
  });
}

/** 'Needs review' for lines an import flagged. */
export function reviewColumn(): Def {
  return {
    colId: 'review',
    headerName: 'Review',
    width: 130,
    valueGetter: (p) => (p.data?.metadata.needsReview ? 'Needs review' : ''),
    cellRenderer: ReviewCell,
  };
}

/** The columns, with the Edit button column last when the user may edit. */
export function withEditColumn(
  columns: Def[],
  canEdit: boolean,
  onEdit: (line: EmployeeLineItem) => void,
): Def[] {
  return canEdit ? [...columns, editColumn(onEdit, employeeName)] : columns;
}
