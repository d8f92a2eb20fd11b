import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useBaseYears, useGenerateProjections, type GenerateProjectionsResult } from '@web/api/projections';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { BaseChoice } from '@web/components/form/base-choice';
import { useToast } from '@web/components/toast';
import type { Base } from '@shared/schemas/ledger-base';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { DEFAULT_PROJECTION_YEARS } from '@shared/schemas/projections';

interface GenerateProjectionsProps {
  budgetYearId: number;
  onError(message: string): void;
}

/**
 * 'Generate Projections', confirmed first: the proposed budget, then the employees, each from its
 * base year through base + 5. A proposed failure stops; an operating failure is
 * only logged, since the proposed budget is what the dashboard compares. The
 * proposed budget grows from last year's budget, or from its actual spending (the ledger's; each
 * category's lines scaled by actual ÷ budget first), and the result says which.
 */
export function GenerateProjections({ budgetYearId, onError }: GenerateProjectionsProps) {
  const generate = useGenerateProjections();
  const notify = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [base, setBase] = useState<Base>('budget');
  // Read only when asked: the base years are not needed to draw the dashboard.
  const baseYears = useBaseYears(budgetYearId, confirming || busy);
  const proposedBase = baseYears.data?.proposedBase ?? null;
  const operatingBase = baseYears.data?.operatingBase ?? null;
  const through = Math.max(proposedBase ?? 0, operatingBase ?? 0) + DEFAULT_PROJECTION_YEARS;

  const run = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      let total = 0;
      // Years that hold imported lines are actuals: the server skips them and says why.
      const notes: string[] = [];
      const noteOn = (r: GenerateProjectionsResult) => {
        total += r.projectedCount;
        notes.push(...r.skippedYears.map((s) => `${fiscalYearLabel(s.fiscalYear)} skipped: ${s.reason}.`));
        if (r.actualBase) {
          const scaled = r.actualBase.factors.filter((f) => f.note === null);
          notes.push(
            `Proposed ${fiscalYearLabel(r.actualBase.fiscalYear)} based on ${r.actualBase.source}` +
              (scaled.length
                ? `: ${scaled.map((f) => `${f.categoryName} ×${f.factor}`).join(', ')}.`
                : ': no category had both a budget and actual spending, so none was scaled.'),
          );
        }
        if (r.supersededCount) {
          notes.push(
            `${r.supersededCount.toLocaleString('en-US')} projected lines superseded by imported ones removed.`,
          );
        }
      };
      if (proposedBase !== null) {
        try {
          const r = await generate.mutateAsync({
            budgetYearId,
            toFiscalYear: proposedBase + DEFAULT_PROJECTION_YEARS,
            projectionType: 'proposed',
            forceRegenerate: true,
            proposedBase: base,
          });
          noteOn(r);
        } catch (err) {
          onError(`Proposed projection failed: ${errorMessage(err, 'Unknown error')}`);
          return;
        }
      }
      if (operatingBase !== null) {
        try {
          const r = await generate.mutateAsync({
            budgetYearId,
            toFiscalYear: operatingBase + DEFAULT_PROJECTION_YEARS,
            projectionType: 'operating',
            forceRegenerate: true,
          });
          noteOn(r);
        } catch (err) {
          console.warn('Operating projection failed', err);
        }
      }
      notify({
        title: `Generated ${total.toLocaleString('en-US')} projected lines through ${fiscalYearLabel(through)}`,
        description: notes.length ? notes.join(' ') : undefined,
      });
    } catch (err) {
      console.error(err);
      onError('Error generating projections. Check console for details.');
    } finally {
      setBusy(false);
    }
  };

  const nothing = baseYears.isSuccess && proposedBase === null && operatingBase === null;
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        {busy ? 'Generating...' : 'Generate Projections'}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Generate projections?"
        message={
          baseYears.isPending
            ? 'Finding the base years...'
            : nothing
              ? 'There is nothing to project from: import an operating or proposed budget first.'
              : `Project the proposed budget${proposedBase !== null ? ` from ${fiscalYearLabel(proposedBase)}` : ''} and the employees${operatingBase !== null ? ` from ${fiscalYearLabel(operatingBase)}` : ''} through ${fiscalYearLabel(through)}. Projected lines already in those years are replaced; years holding imported lines are never projected over.`
        }
        confirmLabel="Generate"
        busy={busy || baseYears.isPending || nothing}
        busyLabel={busy ? 'Generating...' : 'Generate'}
        onConfirm={() => void run()}
      >
        {proposedBase !== null ? (
          <BaseChoice
            id="generate-base"
            label="Base of the proposed budget"
            value={base}
            onChange={setBase}
            disabled={busy}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
