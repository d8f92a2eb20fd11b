import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fiscalYearLabel } from '@shared/budget-math';
import { sumDollars } from '@shared/money';
import { SUGGESTION_LISTS } from '@shared/schemas/ai-analysis';
import { analysedFundsNote } from '@shared/schemas/fund-words';
import { useAnalysisScenario, type Analysis, type AnalysisScenario } from '@web/api/ai-analysis';
import { errorMessage } from '@web/api/client';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { SummaryCards } from '@web/components/summary-cards';
import { useToast } from '@web/components/toast';
import { countOf, formatDateTime, formatMoney } from '@web/lib/format';
import { DroppedList } from './dropped-list';
import { AnalysisNss } from './nss-note';
import { SuggestionList } from './suggestion-list';

/** A saved analysis: its figures, the three lists with checkboxes, what was dropped, and the hand-over. */
/**
 * What 'Try in Scenario Builder' did, in the words the cards will agree with: the lines it cuts and
 * by how much, against what the chosen suggestions asked; what floors held back and why (a floor
 * binds every scenario of the budget year); and each suggestion it could not apply, with the reason.
 */
export function scenarioReport(made: AnalysisScenario): string {
  const lines = (n: number) => countOf(n, 'line');
  const parts = [
    `${lines(made.linesCut)} cut by ${formatMoney(made.scenarioCut)} of the ${formatMoney(made.requestedSavings)} the chosen suggestions save.`,
  ];
  if (made.heldByFloor > 0) {
    parts.push(
      `Floors kept ${formatMoney(made.notCutByFloor)} on ${lines(made.heldByFloor)} (a floor holds a line in every scenario of the budget year).`,
    );
  }
  for (const s of made.skipped) {
    parts.push(`Not applied: ${s.description}: ${s.reason}`);
  }
  return parts.join(' ');
}

export function AnalysisResults({ analysis }: { analysis: Analysis }) {
  const { result } = analysis;
  const fundsNote = analysedFundsNote(result.otherFunds, formatMoney);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toScenario = useAnalysisScenario();
  const { select } = useBudgetYear();
  const navigate = useNavigate();
  const notify = useToast();
  const all = SUGGESTION_LISTS.flatMap((list) => result[list]);
  const picked = all.filter((s) => chosen.has(s.key));

  const toggle = (key: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) {
        next.add(key);
      } else {
        next.delete(key);
      }
      return next;
    });

  const tryInScenario = () =>
    toScenario.mutate(
      { id: analysis.id, body: { keys: picked.map((s) => s.key) } },
      {
        onSuccess: (made) => {
          // The Scenario Builder lists the scenarios of the header's budget year: show this one's.
          select(made.budgetYearId);
          notify({ title: `Scenario '${made.name}' created`, description: scenarioReport(made) });
          void navigate(`/scenario?fy=${made.fiscalYear}&scenario=${made.scenarioId}`);
        },
      },
    );

  return (
    <div className="ai-results">
      <section className="card" aria-labelledby="ai-result-heading">
        <h2 id="ai-result-heading">
          {analysis.budgetYear} analysis: {formatMoney(analysis.targetAmount)} to find
        </h2>
        <p className="ai-muted">
          Lines of {fiscalYearLabel(analysis.fiscalYear)} · run by {analysis.createdBy ?? 'a deleted user'} on{' '}
          {formatDateTime(analysis.createdAt)} · {analysis.model} ·{' '}
          {(analysis.inputTokens + analysis.outputTokens).toLocaleString('en-US')} tokens
        </p>
        <SummaryCards
          label="Analysis totals"
          cards={[
            {
              label: 'Total analyzed',
              value: formatMoney(result.totalAnalyzed),
              note: `${result.lineCount.toLocaleString('en-US')} proposed lines, ${result.groupCount.toLocaleString('en-US')} position groups`,
            },
            { label: 'Target', value: formatMoney(analysis.targetAmount) },
            {
              label: 'Suggested savings',
              value: formatMoney(result.totals.all),
              note: `${all.length} suggestions checked`,
            },
            {
              label: 'Dropped',
              value: String(result.dropped.length),
              note: 'failed the checks',
            },
          ]}
        />
        {fundsNote ? <p className="ai-muted">{fundsNote}</p> : null}
        {result.note ? <p className="ai-note">{result.note}</p> : null}
        {result.nss ? <AnalysisNss nss={result.nss} /> : null}
      </section>
      {SUGGESTION_LISTS.map((list) => (
        <SuggestionList
          key={list}
          list={list}
          items={result[list]}
          total={result.totals[list]}
          chosen={chosen}
          onToggle={toggle}
        />
      ))}
      <DroppedList dropped={result.dropped} />
      {/* Sticks to the bottom of the window once something is chosen, so the button stays at hand. */}
      <section
        className={`card ai-handover${picked.length ? ' ai-handover--sticky' : ''}`}
        aria-label="Try in Scenario Builder"
      >
        {toScenario.isError ? (
          <Alert title="Failed to create scenario">
            {errorMessage(toScenario.error, 'Please try again.')}
          </Alert>
        ) : null}
        <p>
          {picked.length ? (
            <>
              {picked.length} chosen, saving{' '}
              <span className="ai-money">{formatMoney(sumDollars(picked.map((s) => s.savings)))}</span>
            </>
          ) : (
            'Tick suggestions above to try them as a new cut scenario.'
          )}
        </p>
        <Button
          variant="primary"
          disabled={picked.length === 0}
          busy={toScenario.isPending}
          busyLabel="Creating scenario..."
          onClick={tryInScenario}
        >
          Try in Scenario Builder
        </Button>
      </section>
    </div>
  );
}
