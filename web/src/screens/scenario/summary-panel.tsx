import type { ScenarioSummary } from '@web/api/cut-scenarios';
import { SummaryCards, type SummaryCardItem } from '@web/components/summary-cards';
import { formatMoneyCents } from '@web/lib/format';
import { LINES_IMPORT_PLACE } from '@web/lib/directions';
import { NO_LINES_YET, NO_TOWN_GOAL } from '@shared/budget-math';
import { useEditorSnapshot, type EditorStore } from './editor-store';
import { gapLabel } from './scenario-math';

/**
 * The scenario summary's seven figures, as cards (the gap in words). A year with no lines has not
 * started (no lines): no gap and no 'Meets goal', but where its lines come from. A year with no
 * town goal (gap null) says so, never a gap against $0.
 */
export function summaryCards(s: ScenarioSummary): SummaryCardItem[] {
  const notStarted = s.lineCount === 0;
  // The goal is set against the general fund alone (GOAL_FUNDS): when grants pay part, the totals
  // say they are every fund's, so $47M beside a $44.8M goal is not read as the gap.
  const otherFunds = s.goalTotal !== s.adjustedTotal;
  const share = s.originalTotal
    ? `${((s.totalCuts / s.originalTotal) * 100).toFixed(1)}% of the original`
    : undefined;
  return [
    {
      label: 'Original Total',
      value: formatMoneyCents(s.originalTotal),
      note: `${s.lineCount.toLocaleString('en-US')} lines${otherFunds ? ', all funds' : ''}`,
    },
    {
      label: 'Town Goal',
      value: s.hasTownGoal ? formatMoneyCents(s.townGoal) : 'Not set',
      note: s.hasTownGoal ? undefined : 'No town goal for this fiscal year',
    },
    { label: 'Total Cuts', value: formatMoneyCents(s.totalCuts), note: share },
    {
      label: 'Adjusted Total',
      value: formatMoneyCents(s.adjustedTotal),
      note: otherFunds ? `All funds; the general fund ${formatMoneyCents(s.goalTotal)}` : undefined,
    },
    notStarted
      ? { label: 'Gap', value: '—', note: NO_LINES_YET }
      : s.hasTownGoal && s.gap !== null
        ? {
            label: 'Gap',
            value: gapLabel(s.gap),
            // The goal pays the general fund alone (GOAL_FUNDS): say so when grants make a difference.
            note: !otherFunds
              ? 'Adjusted total compared with the town goal'
              : `General fund ${formatMoneyCents(s.goalTotal)} compared with the town goal; grants and other funds pay the rest`,
          }
        : { label: 'Gap', value: NO_TOWN_GOAL, note: 'Set the town goal under Town Guidance' },
    notStarted
      ? {
          label: 'Meets Goal',
          value: 'Not started',
          note: `${NO_LINES_YET}: import the payroll or the proposed budget (${LINES_IMPORT_PLACE})`,
        }
      : s.hasTownGoal && s.gap !== null
        ? {
            label: 'Meets Goal',
            value: s.meetsGoal ? 'Yes' : 'No',
            note: s.meetsGoal ? 'Within the town goal' : `Cut ${formatMoneyCents(s.gap)} more to meet it`,
          }
        : { label: 'Meets Goal', value: '—', note: 'No town goal to meet' },
    {
      label: 'Items Modified',
      value: s.itemsModified.toLocaleString('en-US'),
      note: `of ${s.lineCount.toLocaleString('en-US')} lines`,
    },
  ];
}

/**
 * The cards, following the editor: the preview while a slider moves, then the server's figures.
 * Until the chosen scenario's lines have loaded (`current` false) the editor still holds the
 * previous scenario's summary, so the cards wait with placeholders rather than show its figures.
 */
export function SummaryPanel({
  store,
  error,
  current,
}: {
  store: EditorStore;
  error: string | null;
  current: boolean;
}) {
  const snapshot = useEditorSnapshot(store);
  const { preview, save } = snapshot;
  const summary = current ? snapshot.summary : null;
  const busy = preview || save.kind === 'saving';
  return (
    <div
      className={`scenario-summary${summary?.hasTownGoal ? '' : ' scenario-summary--no-goal'}${
        summary?.meetsGoal === false ? ' scenario-summary--over' : ''
      }${summary?.lineCount === 0 ? ' scenario-summary--not-started' : ''}`}
    >
      <SummaryCards
        label="Scenario summary"
        cards={summary ? summaryCards(summary) : PLACEHOLDER}
        busy={busy || !summary}
        error={error}
      />
    </div>
  );
}

const PLACEHOLDER: SummaryCardItem[] = [
  'Original Total',
  'Town Goal',
  'Total Cuts',
  'Adjusted Total',
  'Gap',
  'Meets Goal',
  'Items Modified',
].map((label) => ({ label, value: '…' }));
