import { useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { useCategories } from '@web/api/lookups';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';

const FTE_MESSAGE = 'Enter an FTE of 0 or more with at most 3 decimals';

/** A typed FTE floor: 0 or more, at most 3 decimals; null when it is not one. */
function parseMinFte(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,6}(\.\d{1,3})?$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * 'FTE floor': the least FTE a personnel category keeps, checked by the server on every cut by
 * position. Its floor on dollars (if any) stays as it is.
 */
export function FteFloorForm({
  onSave,
}: {
  onSave(categoryId: number, name: string, minFte: number, reason: string | null): Promise<void>;
}) {
  const categories = useCategories();
  const personnel = (categories.data?.categories ?? []).filter((c) => c.isPersonnel);
  const [categoryId, setCategoryId] = useState('');
  const [fte, setFte] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const category = personnel.find((c) => String(c.id) === categoryId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parseMinFte(fte);
    if (value === null || !category) {
      setError(value === null ? FTE_MESSAGE : undefined);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSave(category.id, category.name, value, reason.trim() || null);
      setFte('');
      setReason('');
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to save the FTE floor'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="floor-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="fte-floor-heading"
    >
      <h3 id="fte-floor-heading">FTE floor</h3>
      <p className="field__hint">
        The least FTE a personnel category keeps: cuts by position that would leave less are refused.
      </p>
      {failure ? <Alert title="Failed to save the FTE floor">{failure}</Alert> : null}
      <Field id="fte-floor-category" label="Personnel category">
        {(control) => (
          <Select
            {...control}
            value={categoryId}
            options={personnel.map((c) => ({ value: String(c.id), label: c.name }))}
            placeholder="Choose a personnel category"
            onValueChange={setCategoryId}
          />
        )}
      </Field>
      <div className="floor-form__row">
        <Field
          id="fte-floor-fte"
          label="Min FTE"
          inputMode="decimal"
          value={fte}
          error={error}
          disabled={!category}
          onChange={(e) => {
            setFte(e.target.value);
            setError(undefined);
          }}
        />
        <Field
          id="fte-floor-reason"
          label="Reason"
          value={reason}
          maxLength={500}
          disabled={!category}
          placeholder="e.g. Class size limits"
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Saving..." disabled={!category}>
          Save FTE Floor
        </Button>
      </div>
    </form>
  );
}
