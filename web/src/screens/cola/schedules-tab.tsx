import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useConfirmPlacements,
  useDeleteSchedule,
  usePlacements,
  useSchedule,
  useSchedules,
  useSuggestPlacements,
  type Schedule,
} from '@web/api/salary-schedules';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Button, RowAction } from '@web/components/form/button';
import { ScheduleGrid } from '@web/components/salary-schedules/schedule-grid';
import { UploadForm } from '@web/components/salary-schedules/upload-form';
import { placementCountsText } from '@shared/placement-counts-words';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { numCol, TableHead } from '@web/components/table-head';
import { withLinesNote } from './cola-format';

const span = (s: Schedule) =>
  s.fiscalYears.length
    ? `${fiscalYearLabel(s.fiscalYears[0])}–${fiscalYearLabel(s.fiscalYears.at(-1)!)}`
    : '—';

/** The chosen schedule: its grid, the placement counts and the Suggest / Confirm actions. */
function ScheduleDetails({ id, canEdit }: { id: number; canEdit: boolean }) {
  const detail = useSchedule(id);
  const { selected } = useBudgetYear();
  // The fiscal year placed: the budget year's current one until someone picks
  // another year holding the group's employees, such as the year being planned.
  const [picked, setPicked] = useState<{ budgetYearId?: number; fiscalYear: number } | null>(null);
  const fiscalYear = picked && picked.budgetYearId === selected?.id ? picked.fiscalYear : undefined;
  const placements = usePlacements(id, selected?.id, fiscalYear);
  const years = placements.data?.fiscalYears ?? [];
  const suggest = useSuggestPlacements();
  const confirm = useConfirmPlacements();
  const notify = useToast();
  const schedule = detail.data?.schedule;
  const suggested = (placements.data?.placements ?? []).filter((p) => p.salaryPlacement === 'suggested');
  const onError = (title: string) => (err: unknown) =>
    notify({ variant: 'error', title, description: errorMessage(err, '') || undefined });
  if (detail.isPending) {
    return <Spinner label="Loading the schedule..." />;
  }
  if (detail.isError || !schedule || !detail.data) {
    return (
      <Alert title="Failed to load the schedule">
        {errorMessage(detail.error, 'Please reload the page.')}
      </Alert>
    );
  }
  return (
    <section className="card" aria-labelledby="schedule-detail-title">
      <h2 id="schedule-detail-title">{schedule.name}</h2>
      <p>
        {schedule.workGroup ? `For ${schedule.workGroup}. ` : 'Not attached to a work group. '}
        <strong>{schedule.placedCount}</strong> employees placed: <strong>{schedule.confirmedCount}</strong>{' '}
        confirmed, <strong>{schedule.placedCount - schedule.confirmedCount}</strong> suggested.
        {placements.data?.fiscalYear
          ? ` Placements are in ${fiscalYearLabel(placements.data.fiscalYear)}.`
          : ''}
      </p>
      {years.length > 1 && placements.data?.fiscalYear ? (
        <div className="field field--inline">
          <label htmlFor={`schedule-${id}-year`}>Fiscal year placed</label>
          <Select
            id={`schedule-${id}-year`}
            value={String(placements.data.fiscalYear)}
            onValueChange={(v) => setPicked({ budgetYearId: selected?.id, fiscalYear: Number(v) })}
            options={years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) }))}
          />
        </div>
      ) : null}
      <p className="muted">
        A placed employee’s next-year salary is the schedule’s amount for the next year at the next step
        (capped at step {schedule.steps}) in the same lane. Edit steps and lanes in the Employee Budget
        Manager.
      </p>
      {canEdit && schedule.workGroupId ? (
        <div className="toolbar">
          <Button
            variant="primary"
            busy={suggest.isPending}
            busyLabel="Suggesting..."
            onClick={() =>
              suggest.mutate(
                { id, budgetYearId: selected?.id, fiscalYear },
                {
                  onSuccess: (c) =>
                    notify({
                      title: 'Placements suggested',
                      description: withLinesNote(placementCountsText(c), c),
                    }),
                  onError: onError('Failed to suggest placements'),
                },
              )
            }
          >
            Suggest placements
          </Button>
          <Button
            disabled={!suggested.length}
            busy={confirm.isPending}
            busyLabel="Confirming..."
            onClick={() =>
              confirm.mutate(
                { id, ids: suggested.map((p) => p.id) },
                {
                  onSuccess: (r) =>
                    notify({
                      title: `${r.confirmed} placements confirmed`,
                      ...(r.salaryLines ? { description: r.salaryLines.message } : {}),
                    }),
                  onError: onError('Failed to confirm placements'),
                },
              )
            }
          >
            Confirm all suggested ({suggested.length})
          </Button>
        </div>
      ) : null}
      <ScheduleGrid key={schedule.id} detail={detail.data} />
    </section>
  );
}

/** COLA Management's 'Salary Schedules' tab: import, list, show and place employees on step-and-lane schedules. */
export function SchedulesTab() {
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  const canEdit = useCan('cola.write');
  const notify = useToast();
  const [chosen, setChosen] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Schedule | null>(null);
  const list = schedules.data?.schedules ?? [];
  const shown = chosen ?? list[0]?.id ?? null;
  return (
    <div className="form-stack">
      {canEdit ? <UploadForm /> : null}
      <section className="card" aria-labelledby="schedule-list-title">
        <h2 id="schedule-list-title">Salary schedules</h2>
        {schedules.isPending ? <Spinner label="Loading salary schedules..." /> : null}
        {schedules.isError ? (
          <Alert title="Failed to load salary schedules">
            {errorMessage(schedules.error, 'Please reload the page.')}
          </Alert>
        ) : null}
        {schedules.isSuccess && !list.length ? (
          <EmptyState title="No salary schedules yet" headingLevel={3}>
            <p>Work groups without one grow by COLA plus the budget settings’ steps and lanes.</p>
          </EmptyState>
        ) : null}
        {list.length ? (
          <div className="table-wrap">
            <table className="table">
              <TableHead
                cols={[
                  'Name',
                  'Work group',
                  'Years',
                  numCol('Steps'),
                  numCol('Lanes'),
                  numCol('Placed'),
                  numCol('Confirmed'),
                  { label: 'Actions', className: 'actions' },
                ]}
              />
              <tbody>
                {list.map((s) => (
                  <tr key={s.id} aria-current={s.id === shown ? 'true' : undefined}>
                    <th scope="row">{s.name}</th>
                    <td>{s.workGroup ?? '—'}</td>
                    <td>{span(s)}</td>
                    <td className="num">{s.steps}</td>
                    <td className="num">{s.lanes.length}</td>
                    <td className="num">{s.placedCount}</td>
                    <td className="num">{s.confirmedCount}</td>
                    <td className="actions">
                      <RowAction action="Show" name={s.name} onClick={() => setChosen(s.id)} />
                      {canEdit ? (
                        <RowAction
                          action="Delete"
                          name={s.name}
                          variant="danger"
                          onClick={() => setToDelete(s)}
                        />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      {shown !== null ? <ScheduleDetails id={shown} canEdit={canEdit} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete salary schedule"
        message={
          toDelete
            ? `Delete '${toDelete.name}'? ${toDelete.workGroup ?? 'Its work group'}’s ${toDelete.placedCount} placements are cleared and their next-year salaries go back to COLA plus the pooled steps and lanes.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => {
          const target = toDelete!;
          remove.mutate(target.id, {
            onSuccess: (r) => {
              setToDelete(null);
              setChosen(null);
              notify({
                title: r.message,
                description: withLinesNote(`${r.recomputedLines} next-year salaries recomputed`, r),
              });
            },
            onError: (err) => {
              setToDelete(null);
              notify({
                variant: 'error',
                title: 'Failed to delete the schedule',
                description: errorMessage(err, '') || undefined,
              });
            },
          });
        }}
      />
    </div>
  );
}
