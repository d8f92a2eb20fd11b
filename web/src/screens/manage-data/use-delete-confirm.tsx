import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import type { Flash } from './use-flash';

interface DeleteConfig<T> {
  flash: Flash;
  /** The fallback when the server sends no message. */
  failure: string;
  remove(row: T): Promise<{ message: string }>;
  busy: boolean;
}

/**
 * Asks before deleting a reference record, then reports the server's answer: its message on
 * success, its refusal (a record in use says how many use it) in the red banner.
 */
export function useDeleteConfirm<T extends { name: string }>({
  flash,
  failure,
  remove,
  busy,
}: DeleteConfig<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (!target) {
      return;
    }
    try {
      const { message } = await remove(target);
      flash.ok(message);
    } catch (err) {
      flash.fail(errorMessage(err, failure));
    } finally {
      setTarget(null);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setTarget(null);
        }
      }}
      title="Delete"
      message={target ? `Are you sure you want to delete ${target.name}? This cannot be undone.` : ''}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: setTarget, dialog };
}
