import { useState } from 'react';
import type { CutScenario } from '@web/api/cut-scenarios';
import { useAdoptions } from '@web/api/scenario-adoptions';
import { useCan } from '@web/auth/use-can';
import { Button } from '@web/components/form/button';
import { formatMoneyCents } from '@web/lib/format';
import { longDate } from '@shared/schemas/budget-stages';
import { AdoptDialog } from './adopt-dialog';
import { UndoAdoptionDialog } from './undo-adoption-dialog';
import './adoption.css';

interface AdoptionBarProps {
  budgetYearId: number;
  fiscalYear: number;
  scenario: CutScenario | null;
  /** Saves the percents still on their way to the server, so the preview reads them. */
  flush(): Promise<void>;
}

/**
 * Whether the scenario on screen was adopted into the budget (by whom, when, the total before and
 * after), and for an administrator 'Adopt into the budget' and 'Undo adoption'. The server decides
 * who may (budgetStages.manage); the buttons follow the abilities it sent.
 */
export function AdoptionBar({ budgetYearId, fiscalYear, scenario, flush }: AdoptionBarProps) {
  const canAdopt = useCan('budgetStages.manage');
  const list = useAdoptions(budgetYearId, fiscalYear);
  const [dialog, setDialog] = useState<'adopt' | 'undo' | null>(null);
  const [opening, setOpening] = useState(false);
  const standing = scenario
    ? list.data?.adoptions.find((a) => a.scenarioId === scenario.id && a.undoneAt === null)
    : undefined;
  // Adoptions of other plans made after this scenario was: said to everyone.
  const since = scenario?.adoptedSince ?? [];
  if (!canAdopt && !standing && !since.length) {
    return null;
  }

  const openAdopt = async () => {
    setOpening(true);
    try {
      await flush();
    } finally {
      setOpening(false);
    }
    setDialog('adopt');
  };

  return (
    <section className="card adoption-bar" aria-label="Adoption into the budget">
      {standing ? (
        <p className="adoption-bar__notice" role="status">
          <strong>
            Adopted into the budget on {longDate(standing.adoptedAt)} by {standing.adoptedBy}
          </strong>
          <span className="adoption-bar__detail">
            Proposed total {formatMoneyCents(standing.totalBefore)} → {formatMoneyCents(standing.totalAfter)}
            {standing.reason ? ` · ${standing.reason}` : ''}
          </span>
        </p>
      ) : since.length ? (
        <MadeBefore since={since} />
      ) : (
        <p className="adoption-bar__hint">
          Adopting writes this scenario’s cuts into the proposed budget, which the dashboard, Budget
          Comparison, the town-goal gap and the next Publish then show.
        </p>
      )}
      {canAdopt ? (
        <div className="adoption-bar__actions">
          {standing ? <Button onClick={() => setDialog('undo')}>Undo adoption</Button> : null}
          <Button
            variant="primary"
            onClick={() => void openAdopt()}
            busy={opening}
            busyLabel="Saving..."
            disabled={!scenario}
          >
            Adopt into the budget
          </Button>
        </div>
      ) : null}
      {canAdopt && scenario ? (
        <AdoptDialog
          open={dialog === 'adopt'}
          onOpenChange={(open) => setDialog(open ? 'adopt' : null)}
          scenario={scenario}
          scope={{ budgetYearId, fiscalYear }}
        />
      ) : null}
      {canAdopt && standing ? (
        <UndoAdoptionDialog
          open={dialog === 'undo'}
          onOpenChange={(open) => setDialog(open ? 'undo' : null)}
          adoption={standing}
        />
      ) : null}
    </section>
  );
}

/**
 * A scenario made before an adoption says so: its cuts are shown against today's figures, and the
 * ones the adoption already made (the same line, the same percent) were taken out of it as applied.
 */
function MadeBefore({ since }: { since: CutScenario['adoptedSince'] }) {
  const applied = since.reduce((n, a) => n + a.cutsApplied, 0);
  const names = since.map((a) => `“${a.scenarioName}” on ${longDate(a.adoptedAt)}`).join(', ');
  return (
    <p className="adoption-bar__notice" role="status">
      <strong>
        Made before the adoption{since.length === 1 ? '' : 's'} of {names}
      </strong>
      <span className="adoption-bar__detail">
        Its cuts are shown against today’s figures
        {applied
          ? `; ${applied.toLocaleString('en-US')} of them ${applied === 1 ? 'was' : 'were'} already applied by that adoption and count as done.`
          : '.'}
      </span>
    </p>
  );
}
