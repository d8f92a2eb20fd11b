import { useState } from 'react';
import { useCloseYear, useReopenClosedYear, type StageScope } from '@web/api/budget-stages';
import { useToast } from '@web/components/toast';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { ConfirmedStageForm, NoteField, ReasonForm } from './stage-form-shell';

/**
 * Closes a past year (ADMIN): read-only history that every report still reads. Asked again in a
 * dialog, since nothing in the year can change after it until an administrator reopens it.
 */
export function CloseYearForm({ scope }: { scope: StageScope }) {
  const close = useCloseYear();
  const notify = useToast();
  const [note, setNote] = useState('');
  const fy = fiscalYearLabel(scope.fiscalYear);
  const record = (done: () => void) => {
    close.mutate(
      { ...scope, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          done();
          setNote('');
          notify({ title: `${fy} is closed: read-only history` });
        },
        onError: done,
      },
    );
  };
  return (
    <ConfirmedStageForm
      id="close"
      title="Close the year"
      mutation={close}
      failed="Could not close the year"
      submit={{ label: `Close ${fy}`, busyLabel: 'Closing...', className: 'btn btn--secondary' }}
      confirm={{
        title: `Close ${fy}`,
        message: `${fy} becomes read-only history: nothing in it can change until an administrator reopens the closed year with a reason. Close it?`,
        label: `Close ${fy}`,
      }}
      onConfirm={record}
    >
      <p className="stages__explain">
        Once its books are done: no line, import, stage, scenario or adoption changes it; every report still
        reads it.
      </p>
      <NoteField id="close-note" label="Note (optional)" value={note} onChange={setNote} />
    </ConfirmedStageForm>
  );
}

/** Reopens a closed year, with the reason the audit and security logs keep. */
export function ReopenClosedForm({ scope }: { scope: StageScope }) {
  const reopen = useReopenClosedYear();
  return (
    <ReasonForm
      id="reopen-closed"
      title="Reopen the closed year"
      scope={scope}
      reopen={reopen}
      done={`${fiscalYearLabel(scope.fiscalYear)} is no longer closed`}
      failed="Could not reopen the closed year"
      submit={{ label: 'Reopen the closed year', busyLabel: 'Reopening...', className: 'btn btn--danger' }}
    />
  );
}
