import { useMemo } from 'react';
import { Link } from 'react-router';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { useBudgetStages, useClosedYears } from '@web/api/budget-stages';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';

export interface YearLock {
  locked: boolean;
  /** Why the year's lines cannot change (the server's own refusal), or null when they can. */
  message: string | null;
}

/**
 * Whether a fiscal year's lines are locked by a vote. The rule is the server's:
 * `current.locked` of GET /budget-stages, worked out by the same function that refuses a write into
 * the year, and the words are the refusal's (lockedYearMessage). Until the stages arrive the year
 * counts as open: the server still refuses a write, and a grid's controls do not blink away.
 */
export function useYearLock(budgetYearId: number | undefined, fiscalYear: number | undefined): YearLock {
  const stages = useBudgetStages(budgetYearId && fiscalYear ? { budgetYearId, fiscalYear } : null);
  const current = stages.data?.current;
  return current?.locked && fiscalYear
    ? {
        locked: true,
        message: lockedYearMessage(fiscalYear, current.stage, current.closed, current.closedBy),
      }
    : { locked: false, message: null };
}

/** A grid's notice that its year is locked, with the way to Budget Stages for who may reopen it. */
export function YearLockNotice({ lock }: { lock: YearLock }) {
  const canReopen = useCan('budgetStages.manage');
  if (!lock.locked) {
    return null;
  }
  return (
    <div className="grid-outcome" data-testid="year-lock-notice">
      <Alert variant="info" title="This year is locked">
        {lock.message}.{' '}
        {canReopen ? (
          <Link to="/budget-stages">Reopen it on Budget Stages</Link>
        ) : (
          'Its lines can be read and exported.'
        )}
      </Alert>
    </div>
  );
}

/**
 * Why each closed fiscal year refuses writes (the 409's words), by fiscal year: the screens of a
 * year's other records (town goals, state figures, enrollment) show such a year read-only. Until
 * the list arrives every year counts as open; the server still refuses a write.
 */
export function useClosedYearNotes(): ReadonlyMap<number, string> {
  const closed = useClosedYears();
  const list = closed.data?.closedYears;
  return useMemo(() => new Map((list ?? []).map((y) => [y.fiscalYear, y.message])), [list]);
}

/** The one line a read-only closed year shows in place of its edit controls. */
export function ClosedYearNote({ message }: { message: string }) {
  return (
    <p className="closed-year-note" data-testid="closed-year-note">
      {message}.
    </p>
  );
}
