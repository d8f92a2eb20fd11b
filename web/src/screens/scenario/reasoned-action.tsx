import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { useToast } from '@web/components/toast';
import { MAX_ADOPTION_REASON } from '@shared/schemas/scenario-adoptions';

/**
 * Adopting a scenario and undoing an adoption work alike: the dialog shows the server's preview, an
 * optional reason, then one action that sends the preview's basis. If the budget moved meanwhile
 * the server answers 409 and the preview is read again; closing forgets the reason and the failure.
 */
export function useReasonedAction(options: {
  onOpenChange(open: boolean): void;
  /** Clears the mutation's state when the dialog closes. */
  reset(): void;
  /** Sends the action with the reason; resolves with the server's message. */
  run(reason: string | null): Promise<{ message: string }>;
  refetchPreview(): void;
  successTitle: string;
  failureMessage: string;
}) {
  const notify = useToast();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setFailure(null);
      options.reset();
    }
    options.onOpenChange(next);
  };

  const submit = async (event: FormEvent, ready: boolean) => {
    event.preventDefault();
    if (!ready) {
      return;
    }
    setFailure(null);
    try {
      const result = await options.run(reason.trim() || null);
      notify({ title: options.successTitle, description: result.message });
      close(false);
    } catch (err) {
      setFailure(errorMessage(err, options.failureMessage));
      if (err instanceof ApiError && err.status === 409) {
        options.refetchPreview();
      }
    }
  };

  return { reason, setReason, failure, close, submit };
}

/** The reason, a failure, Cancel and the action: the foot of both dialogs. */
export function ReasonForm({
  id,
  action,
  blocked,
  hint,
  placeholder,
  failureTitle,
  button,
}: {
  id: string;
  action: ReturnType<typeof useReasonedAction>;
  /** Why the action cannot be taken (the preview says), or null. */
  blocked: string | null;
  hint?: string;
  placeholder?: string;
  failureTitle: string;
  button: {
    label: string;
    busyLabel: string;
    variant: 'primary' | 'danger';
    busy: boolean;
    disabled: boolean;
  };
}) {
  const { reason, setReason, failure, close, submit } = action;
  return (
    <form className="adopt-dialog__form" onSubmit={(e) => void submit(e, !blocked)} noValidate>
      <div className="field">
        <label htmlFor={id}>Reason (optional)</label>
        <textarea
          id={id}
          className="input adopt-dialog__reason"
          value={reason}
          maxLength={MAX_ADOPTION_REASON}
          disabled={Boolean(blocked)}
          aria-describedby={hint ? `${id}-note` : undefined}
          placeholder={placeholder}
          onChange={(e) => setReason(e.target.value)}
        />
        {hint ? (
          <span id={`${id}-note`} className="field__hint">
            {hint} ({reason.length.toLocaleString('en-US')}/{MAX_ADOPTION_REASON.toLocaleString('en-US')}).
          </span>
        ) : null}
      </div>
      {failure ? <Alert title={failureTitle}>{failure}</Alert> : null}
      <div className="form-actions">
        <Button onClick={() => close(false)}>Cancel</Button>
        <Button
          type="submit"
          variant={button.variant}
          busy={button.busy}
          busyLabel={button.busyLabel}
          disabled={Boolean(blocked) || button.disabled}
        >
          {button.label}
        </Button>
      </div>
    </form>
  );
}
