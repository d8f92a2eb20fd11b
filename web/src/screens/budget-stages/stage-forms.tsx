import { useState } from 'react';
import { useAdvanceStage, useReopenStage, type StageScope } from '@web/api/budget-stages';
import { useToast } from '@web/components/toast';
import type { BudgetStage, StageState } from '@shared/schemas/budget-stages';
import {
  earliestStageDate,
  LOCKING_STAGES,
  stageDateRefusal,
  STAGE_LABELS,
} from '@shared/schemas/budget-stages';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { formatDay } from '@web/lib/format';
import { ConfirmedStageForm, NoteField, ReasonForm } from './stage-form-shell';

/** Today in the user's calendar (toISOString's UTC day is tomorrow on a Massachusetts evening). */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The day a stage's form opens on: today, unless the year's stage is dated later (a vote recorded ahead). */
function openingDate(current: Pick<StageState, 'stage' | 'date'>): string {
  const after = earliestStageDate(current);
  return after && after > today() ? after : today();
}

/** Moves the year to its next stage: the date of the vote or meeting and a note; freezes a snapshot. */
export function AdvanceForm({
  scope,
  current,
  next,
  nextLabel,
}: {
  scope: StageScope;
  /** The stage the year is in, and its date: the new one is dated on or after it (earliestStageDate). */
  current: Pick<StageState, 'stage' | 'date'>;
  next: BudgetStage;
  nextLabel: string;
}) {
  const advance = useAdvanceStage();
  const notify = useToast();
  const after = earliestStageDate(current) ?? undefined;
  const [date, setDate] = useState(() => openingDate(current));
  const [note, setNote] = useState('');
  const fy = fiscalYearLabel(scope.fiscalYear);
  const early = stageDateRefusal(current, next, date);
  const record = (done: () => void) => {
    advance.mutate(
      { ...scope, stage: next, date, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          done();
          // The form stays mounted for the stage after: it starts again from that stage's opening
          // day, not the date just recorded.
          setDate(openingDate({ stage: next, date }));
          setNote('');
          notify({ title: `${fy} is now ${nextLabel}` });
        },
        onError: done,
      },
    );
  };
  return (
    <ConfirmedStageForm
      id="advance"
      title={`Record: ${nextLabel}`}
      mutation={advance}
      failed="Could not record the stage"
      submit={{
        label: `Move to ${nextLabel}`,
        busyLabel: 'Recording...',
        className: 'btn btn--primary',
        // The field says why (its hint turns into the refusal).
        disabled: Boolean(early),
      }}
      confirm={{
        title: `Record: ${nextLabel}`,
        message: `This freezes a snapshot of every line of ${fy} as it is now${
          LOCKING_STAGES.includes(next) ? ' and locks the lines until an administrator reopens the year' : ''
        }. Record it?`,
        label: `Record ${nextLabel}`,
      }}
      onConfirm={record}
    >
      <div className="field">
        <label htmlFor="stage-date">Date of the vote or meeting</label>
        <input
          id="stage-date"
          className="input"
          type="date"
          required
          min={after}
          value={date}
          aria-invalid={early ? true : undefined}
          aria-describedby="stage-date-hint"
          onChange={(e) => setDate(e.target.value)}
        />
        <p id="stage-date-hint" className={early ? 'field__error' : 'field__hint'}>
          {early ??
            (after
              ? `On or after ${formatDay(after)} (${STAGE_LABELS[current.stage]})`
              : 'The day it happened')}
        </p>
      </div>
      <NoteField id="stage-note" label="Note (the vote, the meeting)" value={note} onChange={setNote} />
    </ConfirmedStageForm>
  );
}

/** Reopens a voted year for changes, with the reason the audit and security logs keep. */
export function ReopenForm({ scope, stageLabel }: { scope: StageScope; stageLabel: string }) {
  const reopen = useReopenStage();
  return (
    <ReasonForm
      id="reopen"
      title={`Reopen after ${stageLabel}`}
      scope={scope}
      reopen={reopen}
      done={`${fiscalYearLabel(scope.fiscalYear)} reopened for changes`}
      failed="Could not reopen the year"
      submit={{ label: 'Reopen for changes', busyLabel: 'Reopening...', className: 'btn btn--danger' }}
    />
  );
}
