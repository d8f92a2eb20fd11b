import { useState } from 'react';
import { useAdvanceStage, useReopenStage, type StageScope } from '@web/api/budget-stages';
import { useToast } from '@web/components/toast';
import type { BudgetStage } from '@shared/schemas/budget-stages';
import { LOCKING_STAGES } from '@shared/schemas/budget-stages';
import { ConfirmedStageForm, NoteField, ReasonForm } from './stage-form-shell';

const today = () => new Date().toISOString().slice(0, 10);

/** Moves the year to its next stage: the date of the vote or meeting and a note; freezes a snapshot. */
export function AdvanceForm({
  scope,
  next,
  nextLabel,
}: {
  scope: StageScope;
  next: BudgetStage;
  nextLabel: string;
}) {
  const advance = useAdvanceStage();
  const notify = useToast();
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const record = (done: () => void) => {
    advance.mutate(
      { ...scope, stage: next, date, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          done();
          setNote('');
          notify({ title: `FY${scope.fiscalYear} is now ${nextLabel}` });
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
      submit={{ label: `Move to ${nextLabel}`, busyLabel: 'Recording...', className: 'btn btn--primary' }}
      confirm={{
        title: `Record: ${nextLabel}`,
        message: `This freezes a copy of every line of FY${scope.fiscalYear} as it is now${
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
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
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
      done={`FY${scope.fiscalYear} reopened for changes`}
      failed="Could not reopen the year"
      submit={{ label: 'Reopen for changes', busyLabel: 'Reopening...', className: 'btn btn--danger' }}
    />
  );
}
