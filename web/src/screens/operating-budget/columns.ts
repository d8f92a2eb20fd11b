import type { ColDef } from 'ag-grid-community';
import type { EmployeeLineItem } from '@web/api/line-items';
import {
  fteColumn,
  moneyColumn,
  textColumn,
  type GridColumnContext,
} from '@web/components/data-grid/column-types';
import {
  buildingColumn,
  dateColumn,
  employeeNameColumn,
  nextYearSalaryColumn,
  reviewColumn,
  sourceColumn,
  statusColumn,
  withEditColumn,
} from '@web/components/employee-columns';
import { placementColumns, type SchedulesByGroup } from './placement-columns';

interface EmployeeColumnOptions {
  /** Whether the user may change lines (inline edits and the Edit button). */
  canEdit: boolean;
  onEdit(line: EmployeeLineItem): void;
  /** The salary schedule of each work group that has one: the Step and Lane choices (none: no columns). */
  schedules?: SchedulesByGroup;
  /** Whether the user may place employees on a schedule (Step and Lane). */
  canPlace?: boolean;
}

const NARROW = { autoMaxWidth: 145 } satisfies GridColumnContext;

/** The Employee Budget Manager's columns, typed against the shared employee DTO. */
export function employeeColumns({
  canEdit,
  onEdit,
  schedules = new Map(),
  canPlace = false,
}: EmployeeColumnOptions): ColDef<EmployeeLineItem>[] {
  return withEditColumn(
    [
      // No initial sort: the server sends employees by last then first name, and sorting 50,000
      // rows again would only delay the first paint.
      employeeNameColumn({ width: 190 }),
      // Position and Building stop at 145 px (a long title ends in an ellipsis, whole in its
      // tooltip) so that at 1440 px Work Group shows whole and Hire Date is on screen.
      textColumn({
        field: 'position',
        headerName: 'Position',
        width: 145,
        tooltipField: 'position',
        context: NARROW,
      }),
      {
        ...buildingColumn<EmployeeLineItem>(145),
        tooltipValueGetter: (p) => p.value as string,
        context: NARROW,
      },
      statusColumn(canEdit),
      fteColumn({ field: 'currentFTE' }),
      moneyColumn({ field: 'currentSalary', headerName: 'Current Salary' }),
      nextYearSalaryColumn(canEdit, {
        width: 200,
        headerTooltip:
          'Auto: computed from COLA and steps. Type a value to set it by hand; clear it to go back to Auto.',
      }),
      textColumn({ field: 'workGroup', headerName: 'Work Group', width: 170 }),
      // A district without step-and-lane schedules has nothing to show in them.
      ...(schedules.size ? placementColumns(canPlace, schedules) : []),
      dateColumn({ field: 'hireDate', headerName: 'Hire Date' }),
      textColumn({ field: 'department', headerName: 'Department', width: 160 }),
      textColumn({ field: 'jobClass', headerName: 'Job Class', width: 140 }),
      textColumn({ field: 'locationCode', headerName: 'Location', width: 110 }),
      // Off to the side a column keeps its defined width: 120 shows 'DESE Code' whole.
      textColumn({ field: 'deseCode', headerName: 'DESE Code', width: 120 }),
      reviewColumn(),
      sourceColumn<EmployeeLineItem>(110),
    ],
    canEdit,
    onEdit,
  );
}
