import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { useUndoAdoption, useUndoPreview, type Adoption } from '@web/api/scenario-adoptions';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Modal } from '@web/components/modal';
import { useToast } from '@web/components/toast';
import { longDate } from '@server/schemas/budget-stages';
import { MAX_ADOPTION_REASON } from '@server/schemas/scenario-adoptions';
import { ChangeTable, TotalsBeforeAfter } from './adoption-table';

interface UndoAdoptionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  adoption: Adoption;
}

/** 'Undo adoption': which lines return to the stage snapshot the adoption was made from, then Undo. */
export function UndoAdoptionDialog({ open, onOpenChange, adoption }: UndoAdoptionDialogProps) {
  const preview = useUndoPreview(adoption.id, open);
  const undo = useUndoAdoption();
  const notify = useToast();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const data = preview.data;

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setFailure(null);
      undo.reset();
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data || data.blocked) {
      return;
    }
    setFailure(null);
    try {
      const result = await undo.mutateAsync({
        adoptionId: adoption.id,
        basis: data.basis,
        reason: reason.trim() || null,
      });
      notify({ title: 'Adoption undone', description: result.message });
      close(false);
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to undo the adoption'));
      if (err instanceof ApiError && err.status === 409) {
        void preview.refetch();
      }
    }
  };

  const from = adoption.fromStage;
  return (
    <Modal
      open={open}
      onOpenChange={close}
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
            <form className="adopt-dialog__form" onSubmit={(e) => void submit(e)} noValidate>
              <div className="field">
                <label htmlFor="undo-reason">Reason (optional)</label>
                <textarea
                  id="undo-reason"
                  className="input adopt-dialog__reason"
                  value={reason}
                  maxLength={MAX_ADOPTION_REASON}
                  disabled={Boolean(data.blocked)}
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
              {failure ? <Alert title="Not undone">{failure}</Alert> : null}
              <div className="form-actions">
                <Button onClick={() => close(false)}>Cancel</Button>
                <Button
                  type="submit"
                  variant="danger"
                  busy={undo.isPending}
                  busyLabel="Undoing..."
                  disabled={Boolean(data.blocked) || preview.isFetching}
                >
                  Undo adoption
                </Button>
              </div>
            </form>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
