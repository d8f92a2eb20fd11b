import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import type { StageScope } from '@web/api/budget-stages';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useToast } from '@web/components/toast';
import { MAX_REASON } from '@shared/schemas/budget-stages';

/** What a form reads of its mutation (TanStack Query's useMutation result). */
interface Pending {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface ShellProps {
  /** Prefix of the form's ids: `${id}-title` names the form. */
  id: string;
  title: ReactNode;
  mutation: Pending;
  /** The alert's text when the server's error has none. */
  failed: string;
  submit: { label: string; busyLabel: string; className: string; disabled?: boolean };
  onSubmit(): void;
  children: ReactNode;
}

/** The frame the stage forms share: a titled form, its fields, the server's refusal, one button. */
function StageFormShell({ id, title, mutation, failed, submit, onSubmit, children }: ShellProps) {
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="stage-form" onSubmit={send} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="stage-form__title">
        {title}
      </h3>
      {children}
      {mutation.isError ? <Alert>{errorMessage(mutation.error, failed)}</Alert> : null}
      <div className="form-actions">
        <button type="submit" className={submit.className} disabled={mutation.isPending || submit.disabled}>
          {mutation.isPending ? submit.busyLabel : submit.label}
        </button>
      </div>
    </form>
  );
}

/**
 * A form whose submit asks again in a dialog before it records (moving a stage, closing a year):
 * the form's own fields are checked by the browser first; Escape cancels and focus comes back to
 * the button that asked. `onConfirm` gets `done`, to call when the mutation settles.
 */
export function ConfirmedStageForm({
  confirm,
  onConfirm,
  ...shell
}: Omit<ShellProps, 'onSubmit'> & {
  confirm: { title: string; message: string; label: string };
  onConfirm(done: () => void): void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <StageFormShell {...shell} onSubmit={() => setConfirming(true)}>
      {shell.children}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!shell.mutation.isPending) {
            setConfirming(open);
          }
        }}
        title={confirm.title}
        message={confirm.message}
        confirmLabel={confirm.label}
        busyLabel={shell.submit.busyLabel}
        busy={shell.mutation.isPending}
        onConfirm={() => onConfirm(() => setConfirming(false))}
      />
    </StageFormShell>
  );
}

/**
 * A reopen: one required reason, kept in the audit and security logs, sent with the year's scope;
 * `done` is the toast once it is recorded.
 */
export function ReasonForm({
  scope,
  reopen,
  done,
  ...shell
}: Omit<ShellProps, 'onSubmit' | 'children' | 'mutation'> & {
  scope: StageScope;
  reopen: Pending & {
    mutate(body: StageScope & { reason: string }, options: { onSuccess(): void }): void;
  };
  done: string;
}) {
  const notify = useToast();
  const [reason, setReason] = useState('');
  const send = () =>
    reopen.mutate(
      { ...scope, reason },
      {
        onSuccess: () => {
          setReason('');
          notify({ title: done });
        },
      },
    );
  return (
    <StageFormShell
      {...shell}
      mutation={reopen}
      submit={{ ...shell.submit, disabled: !reason.trim() }}
      onSubmit={send}
    >
      <div className="field">
        <label htmlFor={`${shell.id}-reason`}>Reason (required; kept in the audit and security logs)</label>
        <textarea
          id={`${shell.id}-reason`}
          className="input"
          rows={2}
          required
          maxLength={MAX_REASON}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </StageFormShell>
  );
}

/** A note field: optional, as long as a reason may be. */
export function NoteField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="input"
        rows={2}
        maxLength={MAX_REASON}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
