import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SetupStep } from '@web/api/setup';
import { Button } from '@web/components/form/button';

/** The normal screen each step can be done on later, by the path the server names. */
const SCREEN_NAMES: Record<string, string> = {
  '/admin/public-dashboard': 'Public Dashboard',
  '/admin/manage-data': 'Manage Data',
  '/admin/categories': 'Categories',
  '/admin/setup': 'Setup',
};

interface StepCardProps {
  number: number;
  step: SetupStep;
  skipped: boolean;
  onSkip(): void;
  onResume(): void;
  /** The step's form; hidden once the step is skipped. */
  children: ReactNode;
}

/**
 * One step of the first start: its title, whether it is done (and what is there), where it can be
 * done later, and its form. A step can be skipped: its form folds away and the normal screen is
 * named instead.
 */
export function StepCard({ number, step, skipped, onSkip, onResume, children }: StepCardProps) {
  const headingId = `setup-step-${step.key}`;
  const later = SCREEN_NAMES[step.screen] ?? step.screen;
  return (
    <section className="card setup-step" aria-labelledby={headingId}>
      <div className="setup-step__head">
        <h2 id={headingId}>
          {number}. {step.title}
        </h2>
        <span className={`badge ${step.done ? 'badge--success' : 'badge--neutral'}`}>
          {step.done ? 'Done' : skipped ? 'Skipped' : 'To do'}
        </span>
      </div>
      <p className="setup-step__summary">{step.summary}</p>
      {skipped ? (
        <p>
          Skipped for now.{' '}
          {step.screen === '/admin/setup' ? null : (
            <>
              Do it later under <Link to={step.screen}>{later}</Link>, or{' '}
            </>
          )}
          <Button variant="secondary" onClick={onResume}>
            Do it now
          </Button>
        </p>
      ) : (
        <>
          {children}
          <div className="setup-step__later">
            {step.done ? null : (
              <Button variant="secondary" onClick={onSkip}>
                Skip {step.title.toLowerCase()} for now
              </Button>
            )}
            {step.screen === '/admin/setup' ? null : (
              <span>
                Also under <Link to={step.screen}>{later}</Link>; from the command line:{' '}
                <code>{step.command}</code>
              </span>
            )}
          </div>
        </>
      )}
    </section>
  );
}
