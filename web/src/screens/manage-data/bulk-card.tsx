import { useState, type ReactNode } from 'react';
import type { BulkCountResult } from '@web/api/bulk-update';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { useToast } from '@web/components/toast';
import type { Flash } from './use-flash';

/** What a card needs of its form (useSchemaForm): the shared schema's check and the server's errors. */
export interface BulkCardForm<B> {
  /** The request body, or null with each bad field marked. */
  validate(): B | null;
  applyServerError(err: unknown, fallback: string): void;
  /** A failure no field owns. */
  formError: string | null;
}

interface BulkCardProps<B> {
  title: string;
  description: string;
  children: ReactNode;
  form: BulkCardForm<B>;
  actionLabel: string;
  busy: boolean;
  run(body: B, dryRun: boolean): Promise<BulkCountResult>;
  /** The question asked before applying, given the preview's counts. */
  confirmMessage(preview: BulkCountResult): string;
  successMessage(result: BulkCountResult): string;
  failure: string;
  flash: Flash;
}

/**
 * A bulk change in two steps: the button first checks the fields with the API's schema and
 * previews (a dry run: how many employees match and how many would change), then asks for
 * confirmation, then applies in one transaction on the server. A refused request's field errors
 * go under their fields.
 */
export function BulkCard<B>(props: BulkCardProps<B>) {
  const { title, description, children, form, actionLabel, busy, run, flash } = props;
  const [preview, setPreview] = useState<{ body: B; counts: BulkCountResult } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const notify = useToast();

  const start = async () => {
    setNote(null);
    const body = form.validate();
    if (body === null) {
      return;
    }
    try {
      const result = await run(body, true);
      if (result.totalUpdated === 0) {
        setNote(
          result.matched === 0
            ? 'No employees match.'
            : `All ${result.matched.toLocaleString('en-US')} matching employees already have this value.`,
        );
        return;
      }
      setPreview({ body, counts: result });
    } catch (err) {
      form.applyServerError(err, props.failure);
    }
  };

  const apply = async () => {
    if (!preview) {
      return;
    }
    try {
      const result = await run(preview.body, false);
      if (result.salaryLines) {
        // As the Employee Budget Manager's bulk actions: the locked salary lines do not have it,
        // said in a toast that stays long enough to read (the green line fades in 3 seconds).
        notify({ title: props.successMessage(result), description: result.salaryLines.message });
      } else {
        flash.ok(props.successMessage(result));
      }
    } catch (err) {
      form.applyServerError(err, props.failure);
    } finally {
      setPreview(null);
    }
  };

  return (
    <section className="md-card" aria-labelledby={`${title}-heading`.replace(/\s+/g, '-')}>
      <h3 id={`${title}-heading`.replace(/\s+/g, '-')}>{title}</h3>
      <p>{description}</p>
      {children}
      {note ? (
        <p role="status" className="md-note">
          {note}
        </p>
      ) : null}
      {form.formError ? <Alert title={props.failure}>{form.formError}</Alert> : null}
      <div className="form-actions">
        <Button variant="primary" busy={busy} busyLabel="Working..." onClick={() => void start()}>
          {actionLabel}
        </Button>
      </div>
      <ConfirmDialog
        open={preview !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPreview(null);
          }
        }}
        title={title}
        message={preview ? props.confirmMessage(preview.counts) : ''}
        confirmLabel="Apply"
        busyLabel="Applying..."
        busy={busy}
        onConfirm={() => void apply()}
      />
    </section>
  );
}
