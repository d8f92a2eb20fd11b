import { errorMessage } from '@web/api/client';
import type { CutScenario } from '@web/api/cut-scenarios';
import { useAdoptPreview, useAdoptScenario, type AdoptPreview } from '@web/api/scenario-adoptions';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
import { longDate } from '@shared/schemas/budget-stages';
import { ChangeTable, TotalsBeforeAfter } from './adoption-table';
import { PositionChangesTable } from './positions-panel';
import { ReasonForm, useReasonedAction } from './reasoned-action';
import { fyLabel } from './scenario-math';

interface AdoptDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  scenario: CutScenario;
  /** The budget year and fiscal year on screen: the server refuses a scenario of another one. */
  scope: { budgetYearId: number; fiscalYear: number };
}

/**
 * 'Adopt into the budget': what the scenario changes now (read afresh when the dialog opens), the
 * proposed total before and after, an optional reason, then Adopt. The server adopts exactly what
 * was shown (the preview's basis); if the budget moved meanwhile it says so and the figures here
 * are read again.
 */
export function AdoptDialog({ open, onOpenChange, scenario, scope }: AdoptDialogProps) {
  const preview = useAdoptPreview(scenario.id, scope, open);
  const adopt = useAdoptScenario();
  const data = preview.data;
  const fy = fyLabel(scenario.fiscalYear);
  const action = useReasonedAction({
    onOpenChange,
    reset: adopt.reset,
    run: (reason) => adopt.mutateAsync({ scenarioId: scenario.id, ...scope, basis: data!.basis, reason }),
    refetchPreview: () => void preview.refetch(),
    successTitle: 'Adopted into the budget',
    failureMessage: 'Failed to adopt the scenario',
  });

  return (
    <Modal
      open={open}
      onOpenChange={action.close}
      title="Adopt into the budget"
      description={`Each line below gets its new amount in the ${fy} proposed budget, and each position below is closed (a cut) or created vacant (an add), the salary lines following them; each is recorded in its history as adopted from “${scenario.name}”. The dashboard, Budget Comparison, the town-goal gap and the next Publish show the new figures.`}
      wide
    >
      <div className="adopt-dialog">
        {preview.isPending && open ? <p role="status">Working out what changes...</p> : null}
        {preview.isError ? (
          <Alert title="Failed to preview the adoption">
            {errorMessage(preview.error, 'Please try again.')}
          </Alert>
        ) : null}
        {data ? (
          <>
            <p className="adopt-dialog__stage">
              {fy}: {data.stage.caption}
            </p>
            {data.earlier.length ? (
              <Alert variant="info" title="Already adopted into this year">
                {data.earlier
                  .map((a) => `“${a.scenarioName}” on ${longDate(a.adoptedAt)} by ${a.adoptedBy}`)
                  .join('; ')}
                . The changes below apply on top of the budget as it now stands.
                {applied(data.adoptedSince)}
              </Alert>
            ) : null}
            <TotalsBeforeAfter
              before={data.totalBefore}
              after={data.totalAfter}
              afterLabel="After adopting"
            />
            {data.blocked ? <Alert title="Cannot adopt">{data.blocked}</Alert> : null}
            {data.lines.length ? (
              <ChangeTable
                caption={`Lines that change (${data.lines.length.toLocaleString('en-US')})`}
                nextLabel="New"
                rows={data.lines.map((l) => ({
                  id: l.id,
                  description: l.description,
                  category: l.category,
                  building: l.building,
                  note: `keeps ${l.percentKept}%`,
                  now: l.currentAmount,
                  next: l.newAmount,
                  difference: l.difference,
                }))}
              />
            ) : null}
            {data.positions.length ? (
              <>
                <h3 className="adopt-dialog__heading">
                  Positions that change ({data.positions.length.toLocaleString('en-US')})
                </h3>
                <PositionChangesTable label="Positions that change" changes={data.positions} />
              </>
            ) : null}
            <ReasonForm
              id="adopt-reason"
              action={action}
              blocked={data.blocked}
              hint="Kept with the adoption and each line's history"
              placeholder="e.g. School Committee budget workshop, 3 March"
              failureTitle="Not adopted"
              button={{
                label: 'Adopt',
                busyLabel: 'Adopting...',
                variant: 'primary',
                busy: adopt.isPending,
                disabled: preview.isFetching,
              }}
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}

/** How many of this scenario's cuts adoptions made after it had already applied. */
function applied(since: AdoptPreview['adoptedSince']) {
  const n = since.reduce((sum, a) => sum + a.cutsApplied, 0);
  if (!n) {
    return null;
  }
  return ` This scenario was made before; ${n.toLocaleString('en-US')} of its cuts ${n === 1 ? 'was' : 'were'} already applied and ${n === 1 ? 'is' : 'are'} not made again.`;
}
