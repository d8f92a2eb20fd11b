import { useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { useCloseYear, useReopenClosedYear, type StageScope } from '@web/api/budget-stages';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useToast } from '@web/components/toast';
import { MAX_REASON } from '@shared/schemas/budget-stages';

/**
 * Closes a past year (ADMIN): read-only history that every report still reads. Asked again in a
 * dialog, since nothing in the year can change after it until an administrator reopens it.
 */
export function CloseYearForm({ scope }: { scope: StageScope }) {
  const close = useCloseYear();
  const notify = useToast();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setConfirming(true);
  };
  const record = () => {
    close.mutate(
      { ...scope, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          setConfirming(false);
          setNote('');
          notify({ title: `FY${scope.fiscalYear} is closed: read-only history` });
        },
        onError: () => setConfirming(false),
      },
    );
  };
  return (
    <form className="stage-form" onSubmit={submit} aria-labelledby="close-title">
      <h3 id="close-title" className="stage-form__title">
        Close the year
      </h3>
      <p className="stages__explain">
        Once its books are done: no line, import, stage, scenario or adoption changes it; every report still
        reads it.
      </p>
      <div className="field">
        <label htmlFor="close-note">Note (optional)</label>
        <textarea
          id="close-note"
          className="input"
          rows={2}
          maxLength={MAX_REASON}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {close.isError ? <Alert>{errorMessage(close.error, 'Could not close the year')}</Alert> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn--secondary" disabled={close.isPending}>
          {close.isPending ? 'Closing...' : `Close FY${scope.fiscalYear}`}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!close.isPending) {
            setConfirming(open);
          }
        }}
        title={`Close FY${scope.fiscalYear}`}
        message={`FY${scope.fiscalYear} becomes read-only history: nothing in it can change until an administrator reopens the closed year with a reason. Close it?`}
        confirmLabel={`Close FY${scope.fiscalYear}`}
        busyLabel="Closing..."
        busy={close.isPending}
        onConfirm={record}
      />
    </form>
  );
}

/** Reopens a closed year, with the reason the audit and security logs keep. */
export function ReopenClosedForm({ scope }: { scope: StageScope }) {
  const reopen = useReopenClosedYear();
  const notify = useToast();
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reopen.mutate(
      { ...scope, reason },
      {
        onSuccess: () => {
          setReason('');
          notify({ title: `FY${scope.fiscalYear} is no longer closed` });
        },
      },
    );
  };
  return (
    <form className="stage-form" onSubmit={submit} aria-labelledby="reopen-closed-title">
      <h3 id="reopen-closed-title" className="stage-form__title">
        Reopen the closed year
      </h3>
      <div className="field">
        <label htmlFor="reopen-closed-reason">Reason (required; kept in the audit and security logs)</label>
        <textarea
          id="reopen-closed-reason"
          className="input"
          rows={2}
          required
          maxLength={MAX_REASON}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {reopen.isError ? (
        <Alert>{errorMessage(reopen.error, 'Could not reopen the closed year')}</Alert>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn--danger" disabled={reopen.isPending || !reason.trim()}>
          {reopen.isPending ? 'Reopening...' : 'Reopen the closed year'}
        </button>
      </div>
    </form>
  );
}
