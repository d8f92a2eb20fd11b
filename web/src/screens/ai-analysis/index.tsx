import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { API_KEY_PLACE } from '@shared/schemas/ai-analysis';
import { useAnalysis, type Analysis } from '@web/api/ai-analysis';
import { useHasApiKey } from '@web/api/auth';
import { ApiError, errorMessage } from '@web/api/client';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { AnalysisForm } from './analysis-form';
import { RecentAnalyses } from './recent-analyses';
import { AnalysisResults } from './results';
import { RunProgress } from './run-progress';
import { useAnalysisRun } from './use-analysis-run';
import '@web/components/data-grid/data-grid.css';
import './ai-analysis.css';

/** Profile opens on this tab (screens link by address, never by importing another screen). */
export const API_KEY_PATH = '/profile?tab=api-key';

// The server's codes for a key that is missing, refused or unreadable (server/services/ai-*.ts):
// the fix is in Profile, so the message gets a link there.
const KEY_CODES = new Set(['AI_KEY_MISSING', 'AI_KEY_REFUSED', 'AI_KEY_UNREADABLE']);

function KeyLink() {
  return <Link to={API_KEY_PATH}>{API_KEY_PLACE}</Link>;
}

/**
 * AI Analysis: ask Claude, with the user's own key, where a target reduction could come from.
 * The answer is checked on the server; this screen shows what passed, what was dropped, and turns
 * chosen suggestions into a cut scenario. `?analysis=<id>` names the analysis shown, so going back
 * from the Scenario Builder finds it again.
 */
export function AiAnalysisScreen() {
  const keyStatus = useHasApiKey();
  const hasKey = keyStatus.data ? keyStatus.data.hasKey || keyStatus.data.hasApiKey : null;
  const { budgetYears, selected, select } = useBudgetYear();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('analysis')) || null;
  const shown = useAnalysis(openId);

  const open = useCallback(
    (id: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('analysis', String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onDone = useCallback((analysis: Analysis) => open(analysis.id), [open]);
  const run = useAnalysisRun(onDone);
  const budgetYearId = selected?.id ?? null;
  const keyProblem = run.error instanceof ApiError && KEY_CODES.has(run.error.code);

  return (
    <div className="ai-screen">
      <PageHeader
        title="AI Analysis"
        subtitle="Ask Claude where a target reduction could come from, sorted by how much each cut would hurt."
      />
      {hasKey === false ? (
        <Alert variant="info" title="Add your Claude API key first">
          AI Analysis runs with your own Claude API key, and none is stored for you yet. Add one under{' '}
          <KeyLink />, then come back here.
        </Alert>
      ) : null}
      <AnalysisForm
        budgetYears={budgetYears}
        budgetYearId={budgetYearId}
        onBudgetYear={select}
        disabled={hasKey !== true || run.running}
        running={run.running}
        onAnalyze={(body) => run.start(body)}
      />
      {run.running && run.startedAt !== null ? (
        <RunProgress startedAt={run.startedAt} onCancel={run.cancel} />
      ) : null}
      {run.cancelled ? <Alert variant="info">Analysis cancelled. Nothing was saved.</Alert> : null}
      {run.error ? (
        <Alert title="Analysis failed">
          {errorMessage(run.error, 'The analysis could not be completed. Please try again.')}
          {keyProblem ? (
            <p>
              Go to <KeyLink />.
            </p>
          ) : null}
        </Alert>
      ) : null}
      {openId !== null && !run.running ? (
        shown.isError ? (
          <Alert title="Failed to load the analysis">{errorMessage(shown.error, 'Please try again.')}</Alert>
        ) : shown.data ? (
          <AnalysisResults key={shown.data.id} analysis={shown.data} />
        ) : (
          <Spinner label="Loading the analysis..." />
        )
      ) : null}
      <RecentAnalyses budgetYearId={budgetYearId} openId={openId} onOpen={open} />
    </div>
  );
}
