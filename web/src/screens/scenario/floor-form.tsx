import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';

/** What a floor form keeps: a percent of dollars, or an FTE. */
export interface FloorKind {
  /** The value field's label. */
  label: string;
  /** The typed value, or null when it is not one. */
  parse(text: string): number | null;
  /** Shown at the field when `parse` refuses. */
  invalid: string;
  reasonPlaceholder: string;
  saveLabel: string;
}

interface FloorFormProps {
  idPrefix: string;
  heading: string;
  hint: string;
  kind: FloorKind;
  disabled?: boolean;
  /** What the floor is for (a category picker), above the value. */
  children?: ReactNode;
  onSave(value: number, reason: string | null): Promise<void>;
}

/**
 * A floor's value and reason, then Save: the target (a category, the selected lines) and what the
 * value means (kind) are the caller's. The server checks the floor on every save; its refusal is
 * shown above the form.
 */
export function FloorForm({
  idPrefix,
  heading,
  hint,
  kind,
  disabled = false,
  children,
  onSave,
}: FloorFormProps) {
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = kind.parse(value);
    if (parsed === null) {
      setError(kind.invalid);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSave(parsed, reason.trim() || null);
      setValue('');
      setReason('');
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to save the floor'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="floor-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${idPrefix}-heading`}
    >
      <h3 id={`${idPrefix}-heading`}>{heading}</h3>
      <p className="field__hint">{hint}</p>
      {failure ? <Alert title="Failed to save the floor">{failure}</Alert> : null}
      {children}
      <div className="floor-form__row">
        <Field
          id={`${idPrefix}-value`}
          label={kind.label}
          inputMode="decimal"
          value={value}
          error={error}
          disabled={disabled}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
        />
        <Field
          id={`${idPrefix}-reason`}
          label="Reason"
          value={reason}
          maxLength={500}
          disabled={disabled}
          placeholder={kind.reasonPlaceholder}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Saving..." disabled={disabled}>
          {kind.saveLabel}
        </Button>
      </div>
    </form>
  );
}
