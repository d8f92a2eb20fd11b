import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { usePosition } from '@web/api/positions';
import { Alert } from '@web/components/alert';
import { EditorModal } from '@web/components/editor-modal';
import { Spinner } from '@web/components/spinner';
import { formatMoneyCents } from '@web/lib/format';
import { PositionForm } from '@web/screens/positions/position-form';
import { PositionFundList } from '@web/screens/positions/position-fund-list';
import { PositionHistory } from '@web/screens/positions/position-history';
import { PositionHolders } from '@web/screens/positions/position-holders';
import { placementText, positionLabel } from '@web/screens/positions/position-rules';
import { PositionStatusActions } from '@web/screens/positions/position-status-actions';

export type PositionTarget = { mode: 'add' } | { mode: 'edit'; id: number };

interface PositionDialogProps {
  target: PositionTarget;
  scope: { budgetYearId: number; fiscalYear: number };
  canEdit: boolean;
  /**
   * Closes the dialog; a message says what was done, and `lines` what it could not reach: the
   * locked salary lines of the year the roster costs into (the server's salaryLines note).
   */
  onClose(message: string | null, lines?: string | null): void;
}

/**
 * One position: its fields, its holders (fill, vacate), its status (post, freeze, close, delete)
 * and its history. A new position opens here once added, so it can be filled at once.
 */
export function PositionDialog({ target, scope, canEdit, onClose }: PositionDialogProps) {
  const [id, setId] = useState<number | null>(target.mode === 'edit' ? target.id : null);
  const [note, setNote] = useState<string | null>(null);
  // Stays until the next write: a voted year's lines are out of date until someone reopens it.
  const [lines, setLines] = useState<string | null>(null);
  const detail = usePosition(id);
  const position = detail.data?.position ?? null;
  const title = id === null ? 'Add Position' : position ? positionLabel(position) : 'Position';
  const done = (message: string, close = false, linesNote: string | null = null) => {
    setLines(linesNote);
    return close ? onClose(message, linesNote) : setNote(message);
  };
  return (
    <EditorModal
      open
      onOpenChange={(open) => (open ? undefined : onClose(note, lines))}
      title={title}
      description={
        position
          ? `Budgeted cost ${position.budgetedCost === null ? 'not priced' : formatMoneyCents(position.budgetedCost)}${
              placementText(position) ? ` · ${placementText(position)}` : ''
            }`
          : undefined
      }
    >
      {note || lines ? (
        <div className="position-notes">
          {note ? <Alert variant="success">{note}</Alert> : null}
          {lines ? (
            <Alert variant="warning" title="Not in the locked salary lines">
              {lines}
            </Alert>
          ) : null}
        </div>
      ) : null}
      {detail.isError ? (
        <Alert title="Failed to load the position">{errorMessage(detail.error, 'Please try again.')}</Alert>
      ) : null}
      {id !== null && !position && !detail.isError ? <Spinner /> : null}
      {id === null || position ? (
        <PositionForm
          // Not keyed by version: a save's own callbacks would be lost with the form it unmounted.
          key={position ? position.id : 'new'}
          position={position}
          scope={scope}
          canEdit={canEdit}
          onCancel={() => onClose(note, lines)}
          onSaved={(message, savedId, linesNote) => {
            setId(savedId);
            setNote(message);
            setLines(linesNote);
          }}
        />
      ) : null}
      {position ? (
        <>
          <PositionHolders position={position} canEdit={canEdit} onDone={done} />
          <PositionFundList position={position} />
          {canEdit ? <PositionStatusActions position={position} onDone={done} /> : null}
          <PositionHistory entries={position.history} />
        </>
      ) : null}
    </EditorModal>
  );
}
