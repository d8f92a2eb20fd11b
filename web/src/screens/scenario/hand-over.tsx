import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CutScenario, ScenarioLine } from '@web/api/cut-scenarios';
import { scenarioPositionKeys, scenarioPositionsApi } from '@web/api/scenario-positions';
import { ExportButton } from '@web/components/export-button';
import { Button } from '@web/components/form/button';
import type { EditorStore } from './editor-store';
import { PrintSummary, type PrintData } from './print-summary';
import { fyLabel } from './scenario-math';
import { scenarioSheets } from './workbook';

interface HandOverProps {
  scenario: CutScenario | null;
  budgetYear: string;
  fiscalYear: number | undefined;
  /** The scenario's lines are on screen. */
  ready: boolean;
  /** Saves what is pending, so the printed figures are the server's. */
  flush(): Promise<void>;
  store: EditorStore;
  currentLines(): ScenarioLine[];
}

/** 'Export to Excel' (Summary, Lines and Positions, cuts as formulas) and 'Print summary' (one page for the committee). */
export function HandOver(props: HandOverProps) {
  const { scenario, budgetYear, fiscalYear, ready, flush, store, currentLines } = props;
  const [printing, setPrinting] = useState<PrintData | null>(null);
  const done = useCallback(() => setPrinting(null), []);
  const queryClient = useQueryClient();
  if (!scenario || !ready) {
    return null;
  }
  // The cuts and adds by position as the server prices them now: the totals take them off.
  const positions = async () =>
    (
      await queryClient.fetchQuery({
        queryKey: scenarioPositionKeys.of(scenario.id),
        queryFn: () => scenarioPositionsApi.get(scenario.id),
      })
    ).changes;

  const print = async () => {
    await flush();
    const settled = store.get().summary;
    const changes = await positions();
    if (settled) {
      setPrinting({
        scenarioName: scenario.name,
        description: scenario.description,
        budgetYear,
        summary: settled,
        lines: currentLines(),
        positions: changes,
      });
    }
  };

  return (
    <>
      {/* The workbook works everything out from the percents on screen; only the goal is the server's. */}
      <ExportButton
        fileName={`scenario-${scenario.name}-${fyLabel(fiscalYear)}.xlsx`}
        sheets={async () =>
          scenarioSheets({
            scenarioName: scenario.name,
            budgetYear,
            summary: store.get().summary!,
            lines: currentLines(),
            positions: await positions(),
            exportedAt: new Date(),
          })
        }
      />
      <Button className="btn--small" onClick={() => void print()}>
        Print summary
      </Button>
      <PrintSummary data={printing} onDone={done} />
    </>
  );
}
