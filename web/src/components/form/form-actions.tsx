import { Button } from '@web/components/form/button';

interface FormActionsProps {
  /** Shows Cancel, which calls it; a form without one has only its submit button. */
  onCancel?(): void;
  /** The save is running: the submit button is disabled and says `busyLabel`. */
  busy: boolean;
  busyLabel?: string;
  submitLabel: string;
}

/** A form's footer: Cancel (when it can be), then the submit button. */
export function FormActions({ onCancel, busy, busyLabel = 'Saving...', submitLabel }: FormActionsProps) {
  return (
    <div className="form-actions">
      {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      <Button type="submit" variant="primary" busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </div>
  );
}
