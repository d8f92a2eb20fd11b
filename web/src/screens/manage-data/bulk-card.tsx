import { useState, type ReactNode } from 'react';
import type { BulkCountResult } from '@web/api/bulk-update';
import { errorMessage } from '@web/api/client';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import type { Flash } from './use-flash';

interface BulkCardProps {
  title: string;
  description: string;
  children: ReactNode;
  /** null when the form is complete; otherwise what is missing. */
  missing: string | null;
  actionLabel: string;
  busy: boolean;
  run(dryRun: boolean): Promise<BulkCountResult>;
  /** The question asked before applying, given the preview's counts. */
  confirmMessage(preview: BulkCountResult): string;
  successMessage(result: BulkCountResult): string;
  failure: string;
  flash: Flash;
}

/**
 * A bulk change in two steps: the button first previews (a dry run: how many employees match and
 * how many would change), then asks for confirmation, then applies in one transaction on the server.
 */
export function BulkCard(props: BulkCardProps) {
  const { title, description, children, missing, actionLabel, busy, run, flash } = props;
  const [preview, setPreview] = useState<BulkCountResult | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const start = async () => {
    if (missing) {
      setNote(missing);
      return;
    }
    setNote(null);
    try {
      const result = await run(true);
      if (result.totalUpdated === 0) {
        setNote(
          result.matched === 0
            ? 'No employees match.'
            : `All ${result.matched.toLocaleString('en-US')} matching employees already have this value.`,
        );
        return;
      }
      setPreview(result);
    } catch (err) {
      flash.fail(errorMessage(err, props.failure));
    }
  };

  const apply = async () => {
    try {
      const result = await run(false);
      flash.ok(props.successMessage(result));
    } catch (err) {
      flash.fail(errorMessage(err, props.failure));
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
      <div className="form-actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void start()}>
          {busy ? 'Working...' : actionLabel}
        </button>
      </div>
      <ConfirmDialog
        open={preview !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPreview(null);
          }
        }}
        title={title}
        message={preview ? props.confirmMessage(preview) : ''}
        confirmLabel="Apply"
        busyLabel="Applying..."
        busy={busy}
        onConfirm={() => void apply()}
      />
    </section>
  );
}
