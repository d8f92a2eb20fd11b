import { useState } from 'react';
import { QUICK_CUTS } from '@server/schemas/cut-scenarios';
import { errorMessage } from '@web/api/client';
import type { QuickCutResult } from '@web/api/cut-scenarios';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { formatMoneyCents } from '@web/lib/format';
import { count } from './scenario-math';

interface QuickCutsProps {
  editable: boolean;
  /** How many rows are selected: the quick cuts apply to them, else to the rows shown. */
  selectedCount: number;
  shownCount: number;
  /** The ids the next quick cut applies to. */
  targetIds(): number[];
  quickCut(ids: number[], percent: number): Promise<QuickCutResult>;
  resetAll(): Promise<void>;
  onFloors(): void;
}

interface Outcome {
  variant: 'success' | 'error' | 'info';
  title: string;
  detail?: string;
}

/** What a quick cut did, and what the floors held back. */
export function quickCutOutcome(label: string, asked: number, r: QuickCutResult): Outcome {
  const changed = `${label}: ${count(r.linesChanged, 'line')} changed`;
  if (r.heldByFloor > 0) {
    return {
      variant: 'info',
      title: changed,
      detail: `${count(r.heldByFloor, 'line')} held at their floor; ${formatMoneyCents(r.notCutByFloor)} not cut`,
    };
  }
  return { variant: 'success', title: changed, detail: asked < 100 ? undefined : 'Back to 100% kept' };
}

/** SPEC section 9's quick cuts on the selected (or shown) lines, and 'Reset to MOE' for every line. */
export function QuickCuts(props: QuickCutsProps) {
  const { editable, selectedCount, shownCount, targetIds, quickCut, resetAll, onFloors } = props;
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const scope =
    selectedCount > 0
      ? `the ${count(selectedCount, 'selected line')}`
      : `the ${count(shownCount, 'line')} shown`;

  const run = async (label: string, percent: number) => {
    const ids = targetIds();
    if (ids.length === 0) {
      setOutcome({ variant: 'error', title: 'No lines to cut: change the filters or select lines' });
      return;
    }
    setBusy(label);
    try {
      setOutcome(quickCutOutcome(label, percent, await quickCut(ids, percent)));
    } catch (err) {
      setOutcome({
        variant: 'error',
        title: `${label} failed`,
        detail: errorMessage(err, 'Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  };

  const reset = async () => {
    setBusy('Reset to MOE');
    try {
      await resetAll();
      setOutcome({ variant: 'success', title: 'Every line is back to 100% (maintenance of effort)' });
    } catch (err) {
      setOutcome({
        variant: 'error',
        title: 'Reset to MOE failed',
        detail: errorMessage(err, 'Please try again.'),
      });
    } finally {
      setBusy(null);
      setConfirmReset(false);
    }
  };

  return (
    <div className="quick-cuts">
      <div className="quick-cuts__row" role="group" aria-label="Quick cuts">
        <span className="quick-cuts__scope">Quick cuts to {scope}:</span>
        {QUICK_CUTS.map((q) => (
          <Button
            key={q.label}
            className="btn--small"
            variant={q.percent === 0 ? 'danger' : 'secondary'}
            disabled={!editable || busy !== null}
            busy={busy === q.label}
            busyLabel="Applying..."
            onClick={() => void run(q.label, q.percent)}
          >
            {q.label}
          </Button>
        ))}
        <span className="quick-cuts__spacer" />
        <Button
          className="btn--small"
          disabled={!editable || busy !== null}
          onClick={() => setConfirmReset(true)}
        >
          Reset to MOE
        </Button>
        <Button className="btn--small" disabled={!editable} onClick={onFloors}>
          Floors...
        </Button>
      </div>
      {outcome ? (
        <Alert variant={outcome.variant} title={outcome.title}>
          {outcome.detail ?? null}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset to MOE"
        message="Return every line of this scenario to 100% kept (the maintenance-of-effort, level-service budget)? Its cuts are removed."
        confirmLabel="Reset to MOE"
        busyLabel="Resetting..."
        busy={busy === 'Reset to MOE'}
        onConfirm={() => void reset()}
      />
    </div>
  );
}
