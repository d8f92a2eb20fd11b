import { Link } from 'react-router';
import { useCanVisit } from '@web/auth/use-can';
import { LINES_IMPORT_PATH, LINES_IMPORT_PLACE } from '@web/lib/directions';
import { NO_LINES_YET } from '@shared/budget-math';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { NoSalaryLine } from '@shared/schemas/dashboard';
import { noSalaryLineText } from '@shared/salary-line-words';
import { countOf } from '@shared/count-words';
import { formatMoneyCents } from '@shared/money';
import './no-lines-yet.css';

interface NoLinesYetProps {
  /** The fiscal year's label ('FY28'). */
  fy: string;
  /** What there is none of until there are lines ('net school spending to measure'). */
  missing: string;
  /**
   * The server's word (the budget summary's noSalaryLine) when the year's salaries have a source
   * whose cost is in no personnel category: then the lines are missing for that reason, not for
   * want of an import.
   */
  unbudgeted?: NoSalaryLine | null;
}

/**
 * Where a card's figures would be for a year with no budget lines (a year just created): the year
 * has not started, so no figure, shortfall or Yes/No, but where its lines come from, with the link
 * for whoever may import them. A year whose payroll (or roster) is there but has no personnel
 * category says so instead, and where the category is set.
 */
export function NoLinesYet({ fy, missing, unbudgeted }: NoLinesYetProps) {
  const canImport = useCanVisit('/admin');
  const canAddLines = useCanVisit('/admin/proposed-budget');
  return (
    <div className="no-lines-yet" role="status">
      <p className="no-lines-yet__title">{NO_LINES_YET}</p>
      <p className="no-lines-yet__text">
        {fy} has no budget lines in this budget year, so there is no {missing} yet.{' '}
        {unbudgeted ? (
          <NoPersonnelCategory fy={fy} unbudgeted={unbudgeted} />
        ) : canImport ? (
          <>
            Import the payroll or the proposed budget under{' '}
            <Link to={LINES_IMPORT_PATH}>{LINES_IMPORT_PLACE}</Link>.
          </>
        ) : canAddLines ? (
          <>
            Add lines in the <Link to="/admin/proposed-budget">Proposed Budget</Link> manager, or ask an
            administrator to import the payroll or the proposed budget.
          </>
        ) : (
          <>An administrator imports the payroll or the proposed budget ({LINES_IMPORT_PLACE}).</>
        )}
      </p>
    </div>
  );
}

/**
 * The year's payroll, or the roster its salaries come from, is there, but its cost lands in no
 * salary line (the Positions banner's words, shared/salary-line-words.ts), and where a category is
 * given: the positions with none (Positions, Category 'No category'), or the employee lines (the
 * Employee Manager) and then Update Salary Budget, which sets a year's lines from its own payroll.
 */
function NoPersonnelCategory({ fy, unbudgeted: u }: { fy: string; unbudgeted: NoSalaryLine }) {
  const canPositions = useCanVisit('/admin/positions');
  const canEmployees = useCanVisit('/admin/operating-budget');
  const canComparison = useCanVisit('/budget-comparison');
  const what = noSalaryLineText(
    { noSalaryLineCount: u.count, noSalaryLineCost: u.cost },
    u.source === 'positions' ? 'position' : 'employee line',
  );
  if (u.source === 'positions') {
    const roster =
      u.rosterFiscalYear === null ? 'its roster' : `the ${fiscalYearLabel(u.rosterFiscalYear)} roster`;
    return (
      <>
        Its salaries are the budgeted cost of {roster}’s positions, and {what}.{' '}
        {canPositions ? (
          <>
            Give them a personnel category under <Link to="/admin/positions?category=none">Positions</Link>{' '}
            (Category: No category); {fy}’s salary lines follow.
          </>
        ) : (
          'An administrator or finance user gives them a personnel category under Positions.'
        )}
      </>
    );
  }
  if (u.reason === 'not-budgeted') {
    const pay = u.cost === null ? '' : ` (${formatMoneyCents(u.cost)})`;
    return (
      <>
        It has a payroll of {countOf(u.count, 'employee line')}
        {pay}, but its salary budget is not made yet.{' '}
        {canComparison ? (
          <>
            Update Salary Budget under <Link to="/budget-comparison">Budget Comparison</Link> puts their pay
            in {fy}’s budget.
          </>
        ) : (
          'An administrator or finance user makes it with Update Salary Budget under Budget Comparison.'
        )}
      </>
    );
  }
  return (
    <>
      Its payroll is imported, but {what}.{' '}
      {canEmployees ? (
        <>
          Give them a personnel category in the <Link to="/admin/operating-budget">Employee Manager</Link>,
          then Update Salary Budget under <Link to="/budget-comparison">Budget Comparison</Link> puts their
          pay in {fy}’s budget.
        </>
      ) : (
        'An administrator or finance user gives them a personnel category in the Employee Manager.'
      )}
    </>
  );
}
