import { useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { useAdvanceStage, useReopenStage, type StageScope } from '@web/api/budget-stages';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useToast } from '@web/components/toast';
import type { BudgetStage } from '@shared/schemas/budget-stages';
import { LOCKING_STAGES, MAX_REASON } from '@shared/schemas/budget-stages';

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
  const [confirming, setConfirming] = useState(false);
  // The form asks first (its date is checked by the browser), the confirmation records: a dialog,
  // so Escape cancels and focus comes back to the button that asked.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setConfirming(true);
  };
  const record = () => {
    advance.mutate(
      { ...scope, stage: next, date, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: () => {
          setConfirming(false);
          setNote('');
          notify({ title: `FY${scope.fiscalYear} is now ${nextLabel}` });
        },
        onError: () => setConfirming(false),
      },
    );
  };
  return (
    <form className="stage-form" onSubmit={submit} aria-labelledby="advance-title">
      <h3 id="advance-title" className="stage-form__title">
        Record: {nextLabel}
      </h3>
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
      <div className="field">
        <label htmlFor="stage-note">Note (the vote, the meeting)</label>
        <textarea
          id="stage-note"
          className="input"
          rows={2}
          maxLength={MAX_REASON}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {advance.isError ? <Alert>{errorMessage(advance.error, 'Could not record the stage')}</Alert> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={advance.isPending}>
          {advance.isPending ? 'Recording...' : `Move to ${nextLabel}`}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!advance.isPending) {
            setConfirming(open);
          }
        }}
        title={`Record: ${nextLabel}`}
        message={`This freezes a copy of every line of FY${scope.fiscalYear} as it is now${
          LOCKING_STAGES.includes(next) ? ' and locks the lines until an administrator reopens the year' : ''
        }. Record it?`}
        confirmLabel={`Record ${nextLabel}`}
        busyLabel="Recording..."
        busy={advance.isPending}
        onConfirm={record}
      />
    </form>
  );
}

/** Reopens a voted year for changes, with the reason the audit and security logs keep. */
export function ReopenForm({ scope, stageLabel }: { scope: StageScope; stageLabel: string }) {
  const reopen = useReopenStage();
  const notify = useToast();
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reopen.mutate(
      { ...scope, reason },
      {
        onSuccess: () => {
          setReason('');
          notify({ title: `FY${scope.fiscalYear} reopened for changes` });
        },
      },
    );
  };
  return (
    <form className="stage-form" onSubmit={submit} aria-labelledby="reopen-title">
      <h3 id="reopen-title" className="stage-form__title">
        Reopen after {stageLabel}
      </h3>
      <div className="field">
        <label htmlFor="reopen-reason">Reason (required; kept in the audit and security logs)</label>
        <textarea
          id="reopen-reason"
          className="input"
          rows={2}
          required
          maxLength={MAX_REASON}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {reopen.isError ? <Alert>{errorMessage(reopen.error, 'Could not reopen the year')}</Alert> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn--danger" disabled={reopen.isPending || !reason.trim()}>
          {reopen.isPending ? 'Reopening...' : 'Reopen for changes'}
        </button>
      </div>
    </form>
  );
}
