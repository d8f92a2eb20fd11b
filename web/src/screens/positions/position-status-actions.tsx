import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useDeletePosition,
  useSetPositionStatus,
  type PositionDetail,
  type PositionStatus,
} from '@web/api/positions';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { STATUS_LABELS } from '@web/screens/positions/position-rules';

type SettableStatus = Exclude<PositionStatus, 'filled'>;

/** The status changes a position offers, by what it is now ('filled' comes from holders). */
const MOVES: { to: SettableStatus; label: string; from: PositionStatus[] }[] = [
  { to: 'posted', label: 'Mark Posted', from: ['vacant', 'frozen'] },
  { to: 'frozen', label: 'Freeze', from: ['vacant', 'posted'] },
  { to: 'vacant', label: 'Reopen as Vacant', from: ['posted', 'frozen', 'closed'] },
  { to: 'closed', label: 'Close Position', from: ['vacant', 'posted', 'frozen'] },
];

interface StatusActionsProps {
  position: PositionDetail;
  /** `lines`: the server's note when the locked salary lines do not have the change (salaryLines). */
  onDone(message: string, closeDialog?: boolean, lines?: string | null): void;
}

/**
 * Post, freeze, reopen or close a position that nobody holds (a held one is vacated first), and
 * delete one created by mistake. The reason goes into the position's history.
 */
export function PositionStatusActions({ position, onDone }: StatusActionsProps) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const status = useSetPositionStatus();
  const remove = useDeletePosition();
  const moves = MOVES.filter((m) => m.from.includes(position.status));
  const error = status.error ?? remove.error;
  const busy = status.isPending || remove.isPending;
  const move = (to: SettableStatus) =>
    status.mutate(
      { id: position.id, body: { version: position.version, status: to, reason: reason.trim() || null } },
      {
        onSuccess: (r) => {
          setReason('');
          onDone(`${position.title}: ${STATUS_LABELS[to]}`, false, r.salaryLines?.message);
        },
      },
    );
  return (
    <section className="position-section" aria-labelledby="pos-status-title">
      <h3 id="pos-status-title">Status · {STATUS_LABELS[position.status]}</h3>
      {position.status === 'filled' ? (
        <p className="muted">Vacate its holders to post, freeze or close it.</p>
      ) : (
        <Field
          id="pos-status-reason"
          label="Reason"
          hint="Kept in the position's history"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      )}
      <div className="position-actions">
        {moves.map((m) => (
          <Button
            key={m.to}
            variant={m.to === 'closed' ? 'danger' : 'secondary'}
            disabled={busy}
            onClick={() => move(m.to)}
          >
            {m.label}
          </Button>
        ))}
        {position.holderCount === 0 ? (
          <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Delete Position
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete position"
        message={`Delete ${position.title}? Its history goes with it; close it instead to keep it on record.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: position.id, version: position.version },
            {
              onSuccess: (r) => onDone(`Deleted ${position.title}`, true, r.salaryLines?.message),
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
      {error ? (
        <p className="field__error" role="alert">
          {errorMessage(error, 'The change was not made')}
        </p>
      ) : null}
    </section>
  );
}
