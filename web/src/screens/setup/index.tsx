import { useState } from 'react';
import { Link } from 'react-router';
import type { SetupStepKey } from '@shared/schemas/setup';
import { useBudgetYears } from '@web/api/budget-years';
import { useSetupStatus } from '@web/api/setup';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { BudgetYearStep } from './budget-year-step';
import { BuildingsStep, CategoriesStep, DistrictStep, WorkGroupsStep } from './reference-steps';
import { StepCard } from './step-card';
import './setup.css';

const FORMS: Record<SetupStepKey, (props: { done: boolean }) => React.JSX.Element> = {
  district: DistrictStep,
  buildings: BuildingsStep,
  budgetYear: BudgetYearStep,
  categories: CategoriesStep,
  workGroups: WorkGroupsStep,
};

/**
 * Setup (Admin menu): the first start of a district on an empty install, step by step. Each step
 * says whether it is done, can be skipped and done later on its normal screen, and is done through
 * the same API the CLI's `budget-cli setup` uses. Only a budget year is needed before the planning
 * screens have anything to show.
 */
export function SetupScreen() {
  const status = useSetupStatus();
  const [skipped, setSkipped] = useState<ReadonlySet<SetupStepKey>>(new Set());
  const mark = (key: SetupStepKey, on: boolean) =>
    setSkipped((s) => {
      const next = new Set(s);
      if (on) {
        next.add(key);
      } else {
        next.delete(key);
      }
      return next;
    });

  const data = status.data;
  const left = data ? data.steps.filter((s) => !s.done).length : 0;
  // Once lines are in, the next step is to plan with them, not to import a payroll again.
  const hasLines = (useBudgetYears().data?.budgetYearsWithLines.length ?? 0) > 0;
  return (
    <>
      <PageHeader
        title="Set up your district"
        subtitle="Name, buildings, the first budget year, categories and work groups. Skip any step and do it later."
      />
      {status.isPending ? <Spinner label="Loading setup..." /> : null}
      {status.isError ? (
        <Alert title="Could not load the setup">{errorMessage(status.error, 'Try again')}</Alert>
      ) : null}
      {data ? (
        <div className="setup-steps">
          <p role="status" className="setup-progress">
            {data.complete
              ? 'Every step is done.'
              : `${data.steps.length - left} of ${data.steps.length} steps done.`}{' '}
            {data.ready && hasLines ? (
              <>
                Budget lines are imported: open the <Link to="/">Dashboard</Link>, or import more under{' '}
                <Link to="/admin?tab=import">Admin Dashboard, CSV Import</Link>.
              </>
            ) : data.ready ? (
              <>
                The budget year is there: import its payroll under{' '}
                <Link to="/admin?tab=import">Admin Dashboard, CSV Import</Link>, or open the{' '}
                <Link to="/">Dashboard</Link>.
              </>
            ) : (
              'Nothing can be imported or planned until a budget year exists.'
            )}
          </p>
          {data.steps.map((step, i) => {
            const Form = FORMS[step.key];
            return (
              <StepCard
                key={step.key}
                number={i + 1}
                step={step}
                skipped={skipped.has(step.key) && !step.done}
                onSkip={() => mark(step.key, true)}
                onResume={() => mark(step.key, false)}
              >
                <Form done={step.done} />
              </StepCard>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
