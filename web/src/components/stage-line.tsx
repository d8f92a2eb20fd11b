import { Link } from 'react-router';
import { longDate } from '@shared/schemas/budget-stages';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { budgetYearLabel } from '@web/lib/budget-year-label';
import { Alert } from '@web/components/alert';
import { useBudgetStages, type StageScope } from '@web/api/budget-stages';
import { useCanVisit } from '@web/auth/use-can';

/**
 * Which stage the figures on screen are in ('School Committee Adopted, voted Mar 12, 2027'), for
 * the dashboard and every grid; a voted year says its lines are locked. Links to Budget Stages for
 * those who may open it.
 */
export function StageLine({ scope }: { scope: StageScope | null }) {
  const stages = useBudgetStages(scope);
  const canOpen = useCanVisit('/budget-stages');
  const current = stages.data?.current;
  if (!current) {
    return null;
  }
  const text = current.stage === 'DRAFT' ? 'Draft budget' : current.caption;
  return (
    <span className={`stage-line${current.locked ? ' stage-line--locked' : ''}`} data-testid="stage-line">
      {canOpen ? <Link to="/budget-stages">{text}</Link> : text}
      {current.locked ? <span className="stage-line__lock"> · lines locked</span> : null}
    </span>
  );
}

/**
 * For those who publish: a stage voted since residents were last shown this year ('FY2027 is
 * School Committee Adopted; residents still see the Draft budget published Mar 2, 2027').
 */
export function PublishLag({ scope }: { scope: StageScope | null }) {
  const stages = useBudgetStages(scope);
  const canPublish = useCanVisit('/admin/public-dashboard');
  const data = stages.data;
  if (!canPublish || !data || data.current.stage === 'DRAFT') {
    return null;
  }
  const shown = data.published;
  if (shown && shown.stageLabel === data.current.stageLabel) {
    return null;
  }
  const fy = fiscalYearLabel(data.fiscalYear);
  const seen = shown
    ? `residents still see the ${shown.stageLabel ?? 'Draft'} budget published ${longDate(new Date(shown.publishedAt).toLocaleDateString('en-CA'))}`
    : 'residents have not been shown this year';
  return (
    <div className="page-message">
      <Alert variant="info" title={`${fy} is ${data.current.caption}: not yet published`}>
        {`${seen[0].toUpperCase()}${seen.slice(1)}. `}
        <Link to="/admin/public-dashboard">Publish from the Public Dashboard page</Link> to show them this
        stage.
      </Alert>
    </div>
  );
}

/** A grid screen's subtitle: its budget year, fiscal year (when another) and the stage that year's lines are in. */
export function GridSubtitle({
  budgetYear,
  fiscalYear,
}: {
  budgetYear: { id: number; fiscalYear: string } | null | undefined;
  fiscalYear: number | undefined;
}) {
  if (!budgetYear) {
    return <>Choose a budget year in the header.</>;
  }
  return (
    <>
      {budgetYearLabel(budgetYear.fiscalYear, fiscalYear)}
      {fiscalYear ? (
        <>
          {' · '}
          <StageLine scope={{ budgetYearId: budgetYear.id, fiscalYear }} />
        </>
      ) : null}
    </>
  );
}
