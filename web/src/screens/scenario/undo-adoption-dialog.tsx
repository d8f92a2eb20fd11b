import { errorMessage } from '@web/api/client';
import { useUndoAdoption, useUndoPreview, type Adoption } from '@web/api/scenario-adoptions';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
import { longDate } from '@server/schemas/budget-stages';
import { ChangeTable, TotalsBeforeAfter } from './adoption-table';
import { ReasonForm, useReasonedAction } from './reasoned-action';

interface UndoAdoptionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  adoption: Adoption;
}

/** 'Undo adoption': which lines return to the stage snapshot the adoption was made from, then Undo. */
export function UndoAdoptionDialog({ open, onOpenChange, adoption }: UndoAdoptionDialogProps) {
  const preview = useUndoPreview(adoption.id, open);
  const undo = useUndoAdoption();
  const data = preview.data;
  const action = useReasonedAction({
    onOpenChange,
    reset: undo.reset,
    run: (reason) => undo.mutateAsync({ adoptionId: adoption.id, basis: data!.basis, reason }),
    refetchPreview: () => void preview.refetch(),
    successTitle: 'Adoption undone',
    failureMessage: 'Failed to undo the adoption',
  });

  const from = adoption.fromStage;
  return (
    <Modal
      open={open}
      onOpenChange={action.close}
      title="Undo adoption"
      description={`The lines “${adoption.scenarioName}” changed on ${longDate(adoption.adoptedAt)} return to the ${from.label} snapshot of ${longDate(from.date)}, and the scenario gets its cuts back.`}
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
            {data.lines.length ? (
              <ChangeTable
                caption={`Lines that return (${data.lines.length.toLocaleString('en-US')})`}
                nextLabel="Returns to"
                rows={data.lines.map((l) => ({
                  id: l.id,
                  description: l.description,
                  category: l.category,
                  building: l.building,
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
