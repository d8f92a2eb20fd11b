import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useBudgetStages, type StageScope } from '@web/api/budget-stages';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useCan, useCanVisit } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { fiscalYearChoice } from '@web/budget-year/fiscal-year-choice';
import { Alert } from '@web/components/alert';
import { NoBudgetYear } from '@web/components/no-budget-year';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { errorMessage } from '@web/api/client';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { stageCaption } from '@shared/schemas/budget-stages';
import { AdvanceForm, ReopenForm } from './stage-forms';
import { CloseYearForm, ReopenClosedForm } from './close-forms';
import { StageHistory } from './stage-history';
import './budget-stages.css';
import { FiscalYearField } from '@web/components/fiscal-year-field';

/**
 * Budget Stages: where a fiscal year stands between the superintendent's recommendation
 * and the town's appropriation, every move with its date, note and frozen totals, and (ADMIN) the
 * move to the next stage or a reopen after a vote. Massachusetts: the committee votes after its
 * hearing (c.71 §38N), the town appropriates the total (c.71 §34).
 */
export function BudgetStagesScreen() {
  const { selected } = useBudgetYear();
  const listed = useFiscalYears(selected?.id);
  // The choice is kept with the budget year it was made in: another budget year starts from its own
  // default, and no effect resets it (one that ran after a click once undid the choice).
  const [chosen, setChosen] = useState<{ budgetYearId: number; fiscalYear: number } | null>(null);
  // Until one is chosen here, the year the address names (Stage Comparison's way back names the one it read).
  const [params] = useSearchParams();
  const named = params.get('fiscalYear') ? Number(params.get('fiscalYear')) : null;
  const { years, fiscalYear } = fiscalYearChoice(
    selected ?? null,
    listed.data,
    chosen && chosen.budgetYearId === selected?.id ? chosen.fiscalYear : named,
  );
  const scope: StageScope | null = selected && fiscalYear ? { budgetYearId: selected.id, fiscalYear } : null;
  const stages = useBudgetStages(scope);
  const canManage = useCan('budgetStages.manage');
  // Anyone who may open this screen may compare (its lines, which list salaries, only for staff).
  const canCompare = useCanVisit('/budget-stages/compare');

  if (!selected || !scope) {
    return (
      <>
        <PageHeader title="Budget Stages" />
        <NoBudgetYear shows="its stages" />
      </>
    );
  }
  const data = stages.data;
  return (
    <>
      <PageHeader
        title="Budget Stages"
        subtitle={`${selected.name}: from the superintendent's recommendation to the school committee's vote and the town's appropriation.`}
      />
      <div className="screen-toolbar" role="toolbar" aria-label="Budget stage controls">
        <FiscalYearField
          id="stages-fiscal-year"
          years={years}
          value={scope.fiscalYear}
          onChange={(value) => setChosen({ budgetYearId: selected.id, fiscalYear: value })}
        />
        {canCompare && data && data.events.some((e) => e.event === 'advance') ? (
          // The comparison opens on the year read here, not on the budget year's own.
          <Link className="btn btn--secondary" to={`/budget-stages/compare?fiscalYear=${scope.fiscalYear}`}>
            Compare stages
          </Link>
        ) : null}
      </div>
      {stages.isPending ? <Spinner label="Loading the budget stages..." /> : null}
      {stages.isError ? (
        <div className="page-message">
          <Alert title="Failed to load the budget stages">
            {errorMessage(stages.error, 'Reload the page.')}
          </Alert>
        </div>
      ) : null}
      {data ? (
        <div className="stages">
          <section className="card stages__current" aria-labelledby="stage-now">
            <h2 id="stage-now" className="card__title">
              {fiscalYearLabel(scope.fiscalYear)} now
            </h2>
            <p className="stages__caption" data-testid="stage-caption">
              {/* The stage rule's words and its way of writing a day. */}
              {stageCaption(data.current)}
            </p>
            <p className="stages__explain">
              {data.current.closed
                ? 'This year is closed: read-only history. Every report still reads it; nothing in it can change until an administrator reopens the closed year with a reason.'
                : data.current.locked
                  ? 'The lines of this year are locked: nobody can change them until an administrator reopens the year with a reason.'
                  : data.current.reopened
                    ? 'Reopened after a vote: changes can be made, and are recorded with their reason.'
                    : 'The lines of this year can change.'}
            </p>
            {canManage ? (
              <div className="stages__actions">
                {data.next.stage ? (
                  <AdvanceForm
                    // Another fiscal year's form starts fresh, not with the date typed for this one.
                    key={`${scope.budgetYearId}-${scope.fiscalYear}`}
                    scope={scope}
                    current={data.current}
                    next={data.next.stage}
                    nextLabel={data.next.label!}
                  />
                ) : data.current.closed ? null : (
                  // A closed year's explanation above already says why nothing comes next.
                  <p className="stages__blocked">{data.next.blocked}</p>
                )}
                {data.current.closed ? (
                  <ReopenClosedForm scope={scope} />
                ) : data.current.locked ? (
                  <ReopenForm scope={scope} stageLabel={data.current.stageLabel} />
                ) : null}
                {!data.current.closed && !data.current.reopened ? <CloseYearForm scope={scope} /> : null}
              </div>
            ) : data.next.label ? (
              <p className="stages__explain">Next stage: {data.next.label} (an administrator records it).</p>
            ) : null}
          </section>
          <StageHistory events={data.events} />
        </div>
      ) : null}
    </>
  );
}
