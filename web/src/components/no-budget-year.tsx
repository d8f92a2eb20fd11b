import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCanVisit } from '@web/auth/use-can';
import { EmptyState } from '@web/components/empty-state';

interface NoBudgetYearProps {
  /** What the screen would show once a budget year exists ('its stages'). */
  shows: string;
}

/**
 * A screen opened before its prerequisite: no budget year exists yet. Not an error: it says what is
 * missing and where it is added (the Setup screen for an admin, who is given the link; anyone else
 * is told who adds it).
 */
export function NoBudgetYear({ shows }: NoBudgetYearProps) {
  const canSetUp = useCanVisit('/admin/setup');
  return (
    <EmptyState title="No budget year yet">
      <p>Once a budget year exists, {shows} show here.</p>
      {canSetUp ? (
        <p>
          Create one under <Link to="/admin/setup">Admin, Setup</Link> (or with{' '}
          <code>budget-cli budget-year create FY28</code>).
        </p>
      ) : (
        <p>An administrator creates it under Admin, Setup.</p>
      )}
    </EmptyState>
  );
}

const OFFERED_KEY = 'setupOffered';

/** Whether the setup was already offered in this browser session (storage may be blocked). */
function offeredBefore(): boolean {
  try {
    if (sessionStorage.getItem(OFFERED_KEY)) {
      return true;
    }
    sessionStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // Without storage the setup is offered once per page load.
  }
  return false;
}

/**
 * The first start: an admin who signs in to an install without a budget year is taken to Setup,
 * once a session, so skipping it leaves them free to look around.
 */
export function LeadToSetup() {
  const canSetUp = useCanVisit('/admin/setup');
  const navigate = useNavigate();
  // In an effect, which runs only for a render that reaches the page: decided during render, a
  // render React threw away (a part of the screen suspending) used up the one offer, and the
  // admin stayed on an empty dashboard (a loaded CI machine showed it).
  useEffect(() => {
    if (canSetUp && !offeredBefore()) {
      void navigate('/admin/setup', { replace: true });
    }
  }, [canSetUp, navigate]);
  return null;
}
