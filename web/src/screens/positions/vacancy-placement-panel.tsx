import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useSetVacancyPlacement, useVacancyPlacements, type VacancyPlacement } from '@web/api/positions';
import { Button } from '@web/components/form/button';
import { Select } from '@web/components/select';
import { TableHead, unseen } from '@web/components/table-head';
import { useToast } from '@web/components/toast';

const NONE = 'none';

function PlacementRow({ placement, canEdit }: { placement: VacancyPlacement; canEdit: boolean }) {
  const save = useSetVacancyPlacement();
  const notify = useToast();
  const [step, setStep] = useState(placement.step === null ? NONE : String(placement.step));
  const [lane, setLane] = useState(placement.lane ?? NONE);
  const changed =
    step !== (placement.step === null ? NONE : String(placement.step)) || lane !== (placement.lane ?? NONE);
  const name = placement.workGroupName;
  const steps = Array.from({ length: placement.topStep ?? 0 }, (_, i) => String(i + 1));
  // The vacancies are priced anew; locked salary lines that do not have it are said, as a position
  // write's are on this screen. The promise, not mutate's callbacks: the saved row is drawn again
  // under a new key (its updatedAt) before those would run, and an unmounted row's are dropped.
  const submit = () =>
    save
      .mutateAsync({
        workGroupId: placement.workGroupId,
        body: { step: step === NONE ? null : Number(step), lane: lane === NONE ? null : lane },
      })
      .then(
        ({ salaryLines }) =>
          salaryLines &&
          notify({ title: `Vacancy placement saved: ${name}`, description: salaryLines.message }),
        // A refusal is shown beside the Save button (save.error).
        () => undefined,
      );
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <Select
          ariaLabel={`Vacancy step for ${name}`}
          value={step}
          disabled={!canEdit}
          options={[
            { value: NONE, label: 'Not set' },
            ...steps.map((s) => ({ value: s, label: `Step ${s}` })),
          ]}
          onValueChange={setStep}
        />
      </td>
      <td>
        <Select
          ariaLabel={`Vacancy lane for ${name}`}
          value={lane}
          disabled={!canEdit}
          options={[
            { value: NONE, label: 'Not set' },
            ...placement.lanes.map((l) => ({ value: l, label: l })),
          ]}
          onValueChange={setLane}
        />
      </td>
      {canEdit ? (
        <td>
          <Button
            className="btn--small"
            aria-label={`Save vacancy placement for ${name}`}
            disabled={!changed}
            busy={save.isPending}
            busyLabel="Saving..."
            onClick={submit}
          >
            Save
          </Button>
          {save.isError ? (
            <span className="field__error" role="alert">
              {errorMessage(save.error, 'Not saved')}
            </span>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

/**
 * Where each work group's vacancies are budgeted on its salary schedule: a default step and lane,
 * never silently step 1. A position may set its own (in its dialog); changing a default re-prices
 * every vacancy that uses it, and the proposed budget's salaries with them.
 */
export function VacancyPlacementPanel({ canEdit, ready = true }: { canEdit: boolean; ready?: boolean }) {
  // Below the grid: asked for once its first rows are in (`ready`), not beside their request.
  const placements = useVacancyPlacements(ready);
  const all = placements.data?.placements ?? [];
  const priced = all.filter((p) => p.scheduleId !== null);
  const unscheduled = all.filter((p) => p.scheduleId === null).map((p) => p.workGroupName);
  return (
    <section className="card placement-panel" aria-labelledby="placement-title">
      <h2 id="placement-title">Vacancy budget placement by work group</h2>
      <p className="muted">
        A vacancy is budgeted at its work group&apos;s schedule cell for this step and lane, times its FTE,
        unless the position sets its own.
      </p>
      {placements.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(placements.error, 'Failed to load the placements')}
        </p>
      ) : null}
      {priced.length ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Default vacancy step and lane per work group</caption>
            <TableHead cols={['Work group', 'Step', 'Lane', canEdit && unseen('Save')]} />
            <tbody>
              {priced.map((p) => (
                <PlacementRow key={`${p.workGroupId}-${p.updatedAt}`} placement={p} canEdit={canEdit} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {unscheduled.length ? (
        // One line rather than a row each: these groups have nothing to choose until they have a schedule.
        <p className="placement-panel__none">
          <strong>No salary schedule yet</strong> (their vacancies are unpriced until one is imported in COLA
          Management): {unscheduled.join(', ')}.
        </p>
      ) : null}
    </section>
  );
}
