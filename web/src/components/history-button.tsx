import { useState } from 'react';
import type { HistoryEntity } from '@web/api/history';
import { HistoryPanel } from '@web/components/history-panel';
import { Modal } from '@web/components/modal';

/**
 * A row's 'History' action: opens who changed the record, when and what, in a dialog. The history
 * is read only when opened (a table of rules does not fetch one history per row).
 */
export function HistoryButton({
  entity,
  id,
  name,
  kind,
  className = 'btn btn--ghost btn--small',
}: {
  entity: HistoryEntity;
  id: number;
  /** How the record is called in the row, for the button's label and the dialog's title. */
  name: string;
  /** What the record is ('rule'), for a label that tells rows apart: 'History of rule Teacher*'. */
  kind: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={`History of ${kind} ${name}`}
        onClick={() => setOpen(true)}
      >
        History
      </button>
      {open ? (
        <Modal open onOpenChange={setOpen} title={`History: ${name}`} wide>
          <HistoryPanel entity={entity} id={id} />
        </Modal>
      ) : null}
    </>
  );
}
