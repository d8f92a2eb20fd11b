import { useState } from 'react';
import { QUICK_CUTS } from '@shared/schemas/cut-scenarios';
import { errorMessage } from '@web/api/client';
import type { QuickCutResult } from '@web/api/cut-scenarios';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { formatMoneyCents } from '@web/lib/format';
import { count } from './scenario-math';

interface QuickCutsProps {
  /** The scenario on screen: what a quick cut did goes when another is chosen or it is deleted. */
  scenarioId: number | null;
  editable: boolean;
  /** How many rows are selected: the quick cuts apply to them, else to the rows shown. */
  selectedCount: number;
  shownCount: number;
  /** The ids the next quick cut applies to. */
  targetIds(): number[];
  quickCut(ids: number[], percent: number): Promise<QuickCutResult>;
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

/**
 * The quick cuts (-25%, -50%, Cut All, Reset) on the selected (or shown) lines. 'Reset to MOE'
 * only did what 'Reset (100%)' does (every line back to 100%), which is not a maintenance-of-effort
 * figure from the district's data, so it is gone; the floors (Floors...) are where a
 * maintenance-of-effort minimum is kept, and the quick cuts stop at them.
 */
export function QuickCuts(props: QuickCutsProps) {
  const { scenarioId, editable, selectedCount, shownCount, targetIds, quickCut, onFloors } = props;
  const [busy, setBusy] = useState<string | null>(null);
  // Each outcome names the scenario it is about; another scenario on screen does not show it.
  const [result, setResult] = useState<{ scenarioId: number | null; outcome: Outcome } | null>(null);
  const outcome = result?.scenarioId === scenarioId ? result.outcome : null;
  // Forgotten once another scenario is chosen, so coming back to this one does not show it again.
  const [shownFor, setShownFor] = useState(scenarioId);
  if (shownFor !== scenarioId) {
    setShownFor(scenarioId);
    setResult(null);
  }
  const scope =
    selectedCount > 0
      ? `the ${count(selectedCount, 'selected line')}`
      : `the ${count(shownCount, 'line')} shown`;

  const run = async (label: string, percent: number) => {
    const about = scenarioId;
    const setOutcome = (next: Outcome) => setResult({ scenarioId: about, outcome: next });
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
        <Button className="btn--small" disabled={!editable} onClick={onFloors}>
          Floors...
        </Button>
      </div>
      {outcome ? (
        <Alert variant={outcome.variant} title={outcome.title}>
          {outcome.detail ?? null}
        </Alert>
      ) : null}
    </div>
  );
}
