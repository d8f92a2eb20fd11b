import { useEffect, useEffectEvent, type FormEvent } from 'react';
import { useMarkReviewed, type MarkReviewedResult } from '@web/api/data-quality';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Modal } from '@web/components/modal';
import { markReviewedBody } from '@shared/schemas/line-item-writes';
import { countOf } from '@web/lib/format';
import { FormActions } from '@web/components/form/form-actions';

const FAILED = 'Failed to mark records reviewed';

interface MarkReviewedDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The selected records' ids. */
  itemIds: readonly number[];
  onDone(result: MarkReviewedResult): void;
}

const records = (n: number) => countOf(n, 'record');

/**
 * Marks the selected records reviewed with a note saying what was checked (required, checked with
 * the API's own schema): the server clears each flag, keeps the note and who wrote it on the line
 * and audits each line with the note.
 */
export function MarkReviewedDialog({ open, onOpenChange, itemIds, onDone }: MarkReviewedDialogProps) {
  const mark = useMarkReviewed();
  const form = useSchemaForm(markReviewedBody, { note: '' }, { toInput: (v) => ({ ...v, itemIds }) });
  // Each opening starts with an empty note and no message from last time.
  const restart = useEffectEvent(() => {
    form.reset();
    mark.reset();
  });
  useEffect(() => {
    if (open) {
      restart();
    }
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    mark.mutate(body, {
      onSuccess: (result) => onDone(result),
      onError: (err) => form.applyServerError(err, FAILED),
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Mark Reviewed"
      description={`${records(itemIds.length)} selected. Their review flags clear, and the note is kept on each record and in its history.`}
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {form.formError ? <Alert title={`✗ ${FAILED}`}>{form.formError}</Alert> : null}
        <Field
          id="review-note"
          label="What was checked"
          required
          error={form.errors.note}
          hint="For example: hire dates checked against the personnel files."
        >
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={3}
              maxLength={500}
              value={form.values.note}
              onChange={(e) => form.setValue('note', e.target.value)}
            />
          )}
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          busy={mark.isPending}
          busyLabel="Marking..."
          submitLabel="Mark Reviewed"
        />
      </form>
    </Modal>
  );
}
