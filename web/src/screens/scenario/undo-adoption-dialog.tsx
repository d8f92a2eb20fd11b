import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useUndoAdoption,
  useUndoPreview,
  type Adoption,
  type UndoPreview,
} from '@web/api/scenario-adoptions';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
import { formatMoneyCents } from '@web/lib/format';
import { longDate } from '@shared/schemas/budget-stages';
import { ChangeTable, TotalsBeforeAfter } from './adoption-table';
import { ReasonForm, useReasonedAction } from './reasoned-action';

interface UndoAdoptionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  adoption: Adoption;
}

/**
 * 'Undo adoption': the lines the adoption changed return to the amounts it replaced. A line edited
 * since (a transfer after the vote) is named in a warning with its amount now and kept as it is,
 * unless the person ticks the box to overwrite those edits; the preview is read
 * again for that choice, so the totals and the basis sent are the ones shown.
 */
export function UndoAdoptionDialog({ open, onOpenChange, adoption }: UndoAdoptionDialogProps) {
  const [overwrite, setOverwrite] = useState(false);
  const preview = useUndoPreview(adoption.id, open, overwrite);
  const undo = useUndoAdoption();
  const data = preview.data;
  const action = useReasonedAction({
    onOpenChange: (next) => {
      if (!next) {
        setOverwrite(false);
      }
      onOpenChange(next);
    },
    reset: undo.reset,
    run: (reason) =>
      undo.mutateAsync({ adoptionId: adoption.id, basis: data!.basis, reason, overwriteEdited: overwrite }),
    refetchPreview: () => void preview.refetch(),
    successTitle: 'Adoption undone',
    failureMessage: 'Failed to undo the adoption',
  });

  return (
    <Modal
      open={open}
      onOpenChange={action.close}
      title="Undo adoption"
      description={`The lines “${adoption.scenarioName}” changed on ${longDate(adoption.adoptedAt)} return to the amounts it replaced, and the scenario gets those cuts back.`}
      wide
    >
      <div className="adopt-dialog">
        {preview.isPending && open ? <p role="status">Working out what returns...</p> : null}
        {preview.isError ? (
          <Alert title="Failed to preview the undo">{errorMessage(preview.error, 'Please try again.')}</Alert>
        ) : null}
        {data ? (
          <>
            <TotalsBeforeAfter before={data.totalBefore} after={data.totalAfter} afterLabel="After undoing" />
            {data.blocked ? <Alert title="Cannot undo">{data.blocked}</Alert> : null}
            {data.editedCount && !data.blocked ? (
              <EditedSince data={data} overwrite={overwrite} onOverwrite={setOverwrite} />
            ) : null}
            {data.lines.length ? (
              <ChangeTable
                caption={`Lines the adoption changed (${data.lines.length.toLocaleString('en-US')})`}
                nextLabel="After undoing"
                rows={data.lines.map((l) => ({
                  id: l.id,
                  description: l.description,
                  category: l.category,
                  building: l.building,
                  note: l.editedSince
                    ? `Edited since: ${overwrite ? 'overwritten' : 'kept'} (adoption set ${formatMoneyCents(l.adoptedAmount)})`
                    : undefined,
                  now: l.currentAmount,
                  next: l.returnsTo,
                  difference: l.difference,
                }))}
              />
            ) : null}
            <ReasonForm
              id="undo-reason"
              action={action}
              blocked={data.blocked}
              failureTitle="Not undone"
              button={{
                label: 'Undo adoption',
                busyLabel: 'Undoing...',
                variant: 'danger',
                busy: undo.isPending,
                disabled: preview.isFetching,
              }}
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}

/** The warning naming each line edited since the adoption, and the choice to overwrite them. */
function EditedSince(props: { data: UndoPreview; overwrite: boolean; onOverwrite(on: boolean): void }) {
  const { data, overwrite, onOverwrite } = props;
  const edited = data.lines.filter((l) => l.editedSince);
  const one = edited.length === 1;
  return (
    <div className="undo-edited" role="group" aria-labelledby="undo-edited-title">
      <strong id="undo-edited-title" className="undo-edited__title">
        {edited.length.toLocaleString('en-US')} line{one ? ' was' : 's were'} edited since the adoption
      </strong>
      <p>
        {overwrite
          ? `Undo will return ${one ? 'it' : 'them'} to the amount the adoption replaced, overwriting those edits.`
          : `${one ? 'It stays' : 'They stay'} at the amount now; only the lines still at the adopted amount return.`}
      </p>
      <ul>
        {edited.map((l) => (
          <li key={l.id}>
            {l.description ?? `Line ${l.id}`}: now {formatMoneyCents(l.currentAmount)}, adoption set{' '}
            {formatMoneyCents(l.adoptedAmount)}, replaced {formatMoneyCents(l.replacedAmount)}
          </li>
        ))}
      </ul>
      <label className="undo-edited__choice">
        <input type="checkbox" checked={overwrite} onChange={(e) => onOverwrite(e.target.checked)} />
        Also return {one ? 'this line' : 'these lines'} to the amount the adoption replaced (overwrites the
        edits)
      </label>
    </div>
  );
}
