import { useRef } from 'react';
import { useScenarioNssMeter } from '@web/api/nss';
import { NssGauge, NssStatus } from '@web/components/nss/nss-gauge';
import { formatMoneyCents } from '@web/lib/format';
import { percentOfRequiredText } from '@shared/schemas/nss';
import { useEditorSnapshot, type EditorStore } from './editor-store';
import { fyLabel } from './scenario-math';

interface ScenarioNssMeterProps {
  budgetYearId: number | undefined;
  fiscalYear: number | undefined;
  scenarioId: number | null;
  store: EditorStore;
}

/**
 * '$77,684.50 above 100%' or '$10,654,236.62 below 100%': to the cent, as the headline's shortfall
 * and the meter's message beside it say the same amount (whole dollars read as a second figure).
 */
export function headroomText(amount: number, mark: string): string {
  return amount >= 0
    ? `${formatMoneyCents(amount)} above ${mark}`
    : `${formatMoneyCents(-amount)} below ${mark}`;
}

/**
 * The Scenario Builder's compact NSS meter: the scenario's budgeted net school
 * spending against the requirement, always the server's figures. Each time the cards settle on a
 * saved summary (a slider let go, a quick cut), the meter asks the server again; while a slider
 * moves it shows the last figures, marked as updating.
 */
export function ScenarioNssMeter({ budgetYearId, fiscalYear, scenarioId, store }: ScenarioNssMeterProps) {
  const { summary, preview, save } = useEditorSnapshot(store);
  // Each summary the cards settle on (the server's, never a preview) is a new saved state: count
  // them, so two saves with equal totals but different lines still ask the server again.
  const settles = useRef<{ summary: unknown; n: number }>({ summary: null, n: 0 });
  if (summary && !preview && settles.current.summary !== summary) {
    settles.current = { summary, n: settles.current.n + 1 };
  }
  const settled = summary && !preview ? String(settles.current.n) : null;
  const meter = useScenarioNssMeter(budgetYearId, fiscalYear, scenarioId, settled);
  const m = meter.data;
  const updating = preview || save.kind === 'saving' || meter.isFetching;
  const fy = fyLabel(fiscalYear);
  if (!m) {
    return null;
  }
  return (
    <section className="card scenario-nss" aria-label="Net school spending" aria-busy={updating}>
      <div className="scenario-nss__head">
        <h2 className="scenario-nss__title">Net School Spending</h2>
        {m.columns ? (
          <span className="scenario-nss__figure" data-testid="nss-percent">
            {percentOfRequiredText(m.columns)}
          </span>
        ) : null}
        {m.headroom ? (
          <span className="scenario-nss__headroom muted">
            {headroomText(m.headroom.above100, '100%')}
            {' · '}
            {headroomText(m.headroom.above95, '95%')}
          </span>
        ) : null}
        {updating ? <span className="scenario-nss__updating muted">Updating…</span> : null}
      </div>
      {m.columns ? <NssGauge meter={m} label={`${fy} net school spending in this scenario`} /> : null}
      <NssStatus meter={m} />
    </section>
  );
}
