import { useState, type CSSProperties } from 'react';
import { fiscalYearLabel } from '@shared/budget-math';
import type { ImportUndoStatus } from '@shared/schemas/import-undo';
import { useImportUndoStatus, useUndoImport } from '@web/api/import';
import { ApiError } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { countOf, formatDateTime } from '@web/lib/format';

const NOTE: CSSProperties = { display: 'block', color: 'var(--color-text-muted)', maxWidth: '16rem' };

/** 'Remove the 412 lines this import added to FY26?', and the positions it made when it made any. */
export function undoQuestion(status: ImportUndoStatus): string {
  const into = status.fiscalYear === null ? '' : ` to ${fiscalYearLabel(status.fiscalYear)}`;
  const positions = status.positions
    ? `, and the ${countOf(status.positions, 'position', 'positions')} it made`
    : '';
  return `Remove the ${countOf(status.lines, 'line', 'lines')} this import added${into}${positions}?`;
}

/**
 * Import History's Undo import for one payroll or budget run (POST /import/runs/:id/undo): offered
 * while the server says the run can be undone, and otherwise shown disabled with the refusal's own
 * words; confirmed in a dialog naming what goes. An undone run says when.
 */
export function UndoImport({ runId, undoneAt }: { runId: number; undoneAt: string | null }) {
  const status = useImportUndoStatus(runId, undoneAt === null);
  const undo = useUndoImport();
  const [open, setOpen] = useState(false);
  if (undoneAt) {
    return <small style={NOTE}>Undone {formatDateTime(undoneAt)}</small>;
  }
  if (!status.data) {
    return null;
  }
  const { undoable, reason } = status.data;
  const failed =
    undo.error instanceof ApiError ? undo.error.serverMessage : undo.error ? 'The undo failed' : null;
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={!undoable}
        title={reason ?? undefined}
        onClick={() => {
          undo.reset();
          setOpen(true);
        }}
      >
        Undo import
      </button>
      {reason ? <small style={NOTE}>{reason}</small> : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Undo import"
        message={undoQuestion(status.data)}
        confirmLabel="Undo import"
        busyLabel="Undoing..."
        busy={undo.isPending}
        onConfirm={() => undo.mutate(runId, { onSuccess: () => setOpen(false) })}
      >
        {failed ? <Alert title="The import was not undone">{failed}</Alert> : null}
      </ConfirmDialog>
    </>
  );
}
