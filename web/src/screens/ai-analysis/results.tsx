import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fiscalYearLabel } from '@server/lib/budget-math';
import { centsText, SUGGESTION_LISTS } from '@server/schemas/ai-analysis';
import { toCents } from '@server/schemas/common';
import { useAnalysisScenario, type Analysis } from '@web/api/ai-analysis';
import { errorMessage } from '@web/api/client';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { SummaryCards } from '@web/components/summary-cards';
import { useToast } from '@web/components/toast';
import { formatDateTime, formatMoneyText } from '@web/lib/format';
import { DroppedList } from './dropped-list';
import { SuggestionList } from './suggestion-list';

/** Sum of decimal dollar texts through cents, so the chosen total is exact. */
function sumText(texts: readonly string[]): string {
  return centsText(texts.reduce((n, t) => n + (toCents(t) ?? 0n), 0n));
}

/** A saved analysis: its figures, the three lists with checkboxes, what was dropped, and the hand-over. */
export function AnalysisResults({ analysis }: { analysis: Analysis }) {
  const { result } = analysis;
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
          notify({
            title: `Scenario '${made.name}' created`,
            description:
              `${made.linesCut} lines cut by ${formatMoneyText(made.scenarioCut)}.` +
              (made.skipped.length ? ` ${made.skipped.length} suggestion(s) could not be applied.` : ''),
          });
          void navigate(`/scenario?scenario=${made.scenarioId}`);
        },
      },
    );

  return (
    <div className="ai-results">
      <section className="card" aria-labelledby="ai-result-heading">
        <h2 id="ai-result-heading">
          {analysis.budgetYear} analysis: {formatMoneyText(analysis.targetAmount)} to find
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
              value: formatMoneyText(result.totalAnalyzed),
              note: `${result.lineCount.toLocaleString('en-US')} proposed lines, ${result.groupCount.toLocaleString('en-US')} position groups`,
            },
            { label: 'Target', value: formatMoneyText(analysis.targetAmount) },
            {
              label: 'Suggested savings',
              value: formatMoneyText(result.totals.all),
              note: `${all.length} suggestions checked`,
            },
            {
              label: 'Dropped',
              value: String(result.dropped.length),
              note: 'failed the checks',
            },
          ]}
        />
        {result.note ? <p className="ai-note">{result.note}</p> : null}
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
              <span className="ai-money">{formatMoneyText(sumText(picked.map((s) => s.savings)))}</span>
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
