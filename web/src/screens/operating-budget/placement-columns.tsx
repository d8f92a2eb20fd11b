import type { CellEditRequestEvent, ColDef, EditableCallbackParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '@web/api/client';
import { useLineMutation, type EmployeeLineItem } from '@web/api/line-items';
import { scheduleKeys, schedulesApi, useSchedules, type Schedule } from '@web/api/salary-schedules';
import type { GridColumnContext } from '@web/components/data-grid/column-types';
import { employeeName } from '@web/components/employee-cells';
import { savedDescription } from '@web/components/employee-inline-edits';
import { useToast } from '@web/components/toast';
import { formatMoneyCents } from '@web/lib/format';
import './placement-columns.css';

/**
 * The Employee Budget Manager's Step and Lane columns: where an employee sits on their work group's
 * salary schedule. Chosen inline (saved through PATCH /line-items/budget/:id/placement, which
 * confirms the placement and recomputes the next-year salary); a placement the system suggested
 * from the salary carries a 'Suggested' mark until a person saves it.
 */

/** The schedule of each work group that has one. */
export type SchedulesByGroup = ReadonlyMap<number, Schedule>;

const NOT_PLACED = 'Not placed';

export function useSchedulesByGroup(enabled: boolean): SchedulesByGroup {
  const schedules = useSchedules(enabled);
  return useMemo(
    () =>
      new Map(
        (schedules.data?.schedules ?? [])
          .filter((s) => s.workGroupId !== null)
          .map((s) => [s.workGroupId!, s] as const),
      ),
    [schedules.data],
  );
}

/** A lane, marked 'Suggested' while the placement is the system's guess (the Step column is the number alone). */
function LaneCell({ value, data }: CustomCellRendererProps<EmployeeLineItem>) {
  if (!data || value === null || value === undefined) {
    return null;
  }
  return (
    <span className="placement-cell">
      <span>{String(value)}</span>
      {data.salaryPlacement === 'suggested' ? (
        <span
          className="badge badge--warning"
          title="Suggested from the salary: save it (or another) to confirm"
        >
          Suggested
        </span>
      ) : null}
    </span>
  );
}

type Def = ColDef<EmployeeLineItem>;

/** Projected lines take their step from the year before; only a work group with a schedule has cells. */
const placeable = (schedules: SchedulesByGroup, line: EmployeeLineItem | undefined) =>
  Boolean(line && !line.isProjected && line.workGroupId !== null && schedules.has(line.workGroupId));

function placementColumn(
  canEdit: boolean,
  schedules: SchedulesByGroup,
  def: Def,
  choices: (s: Schedule) => string[],
): Def {
  return {
    width: 130,
    // The choices are text ('Not placed', '1', 'Masters'): a number data type would show the
    // select editor's values as 'Invalid Number'.
    cellDataType: false,
    filter: 'agTextColumnFilter',
    editable: (p: EditableCallbackParams<EmployeeLineItem>) => canEdit && placeable(schedules, p.data),
    cellEditor: 'agSelectCellEditor',
    cellEditorParams: (p: { data?: EmployeeLineItem }) => {
      const schedule = p.data?.workGroupId != null ? schedules.get(p.data.workGroupId) : undefined;
      return { values: [NOT_PLACED, ...(schedule ? choices(schedule) : [])] };
    },
    ...def,
  };
}

/** Step on the schedule (1 = the first); Lane (Bach, Masters, ...). */
export function placementColumns(canEdit: boolean, schedules: SchedulesByGroup): Def[] {
  return [
    placementColumn(
      canEdit,
      schedules,
      {
        field: 'salaryStep',
        headerName: 'Step',
        type: 'rightAligned',
        headerTooltip: 'Step on the work group’s salary schedule; next year one step up, capped at the top',
        context: { export: 'number' } satisfies GridColumnContext,
      },
      (s) => Array.from({ length: s.steps }, (_, i) => String(i + 1)),
    ),
    placementColumn(
      canEdit,
      schedules,
      {
        field: 'salaryLane',
        headerName: 'Lane',
        headerTooltip:
          'Lane on the work group’s salary schedule (Suggested: from the salary, not yet confirmed)',
        cellRenderer: LaneCell,
        context: {
          export: 'text',
          exportAlso: [
            {
              header: 'Placement',
              kind: 'text',
              value: (line: EmployeeLineItem | undefined) =>
                line?.salaryPlacement === 'suggested'
                  ? 'Suggested'
                  : line?.salaryPlacement === 'confirmed'
                    ? 'Confirmed'
                    : '',
            },
          ],
        } satisfies GridColumnContext,
      },
      (s) => s.lanes,
    ),
  ];
}

/**
 * Why the server refused a placement, in its own words without the field paths ('Step 14 is not
 * on the schedule ...'): the server checks the cell against the schedule, the client does not.
 */
function refusal(err: unknown): string | undefined {
  const reasons =
    err instanceof ApiError
      ? (err.details ?? [])
          .map((d) => (d as { message?: unknown }).message)
          .filter((m): m is string => typeof m === 'string')
      : [];
  return reasons.length ? reasons.join('; ') : errorMessage(err, '') || undefined;
}

interface PlacementEdit {
  id: number;
  step: number | null;
  lane: string | null;
}

/**
 * Saves a Step or Lane edit; returns false for any other column, so the grid's other edits go on to
 * their own handler. An unplaced line given only a step takes the schedule's first lane, given only
 * a lane step 1: the person sets the other cell next.
 */
export function usePlacementEdits(schedules: SchedulesByGroup) {
  const notify = useToast();
  const queryClient = useQueryClient();
  const { mutate } = useLineMutation((edit: PlacementEdit) =>
    schedulesApi.place(edit.id, edit.step, edit.lane),
  );
  return useCallback(
    (event: CellEditRequestEvent<EmployeeLineItem>): boolean => {
      const field = event.colDef.field;
      if (field !== 'salaryStep' && field !== 'salaryLane') {
        return false;
      }
      const line = event.data;
      const schedule = line.workGroupId === null ? undefined : schedules.get(line.workGroupId);
      const chosen = String(event.newValue ?? '');
      let edit: PlacementEdit;
      if (chosen === NOT_PLACED || chosen === '') {
        if (line.salaryStep === null) {
          return true;
        }
        edit = { id: line.id, step: null, lane: null };
      } else if (field === 'salaryStep') {
        edit = { id: line.id, step: Number(chosen), lane: line.salaryLane ?? schedule?.lanes[0] ?? null };
      } else {
        edit = { id: line.id, step: line.salaryStep ?? 1, lane: chosen };
      }
      if (
        edit.step === line.salaryStep &&
        edit.lane === line.salaryLane &&
        line.salaryPlacement === 'confirmed'
      ) {
        return true;
      }
      mutate(edit, {
        onSuccess: (answer) => {
          const saved = answer.lineItem as EmployeeLineItem;
          notify({
            title:
              saved.salaryStep === null
                ? 'Placement cleared'
                : `Placed on step ${saved.salaryStep}, ${saved.salaryLane}`,
            description: savedDescription(
              `${employeeName(saved)}: next-year salary ${formatMoneyCents(saved.nextYearSalary) || 'not computed'}`,
              answer,
            ),
          });
        },
        onError: (err) => {
          notify({ variant: 'error', title: 'Failed to save the placement', description: refusal(err) });
          // The schedule may have been replaced since the list was read: offer its cells as they are.
          void queryClient.invalidateQueries({ queryKey: scheduleKeys.list() });
        },
      });
      return true;
    },
    [mutate, notify, queryClient, schedules],
  );
}
