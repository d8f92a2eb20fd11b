import { Link } from 'react-router';
import { useCanVisit } from '@web/auth/use-can';
import { LINES_IMPORT_PATH, LINES_IMPORT_PLACE } from '@web/lib/directions';
import { NO_LINES_YET } from '@shared/budget-math';
import './no-lines-yet.css';

interface NoLinesYetProps {
  /** The fiscal year's label ('FY28'). */
  fy: string;
  /** What there is none of until there are lines ('net school spending to measure'). */
  missing: string;
}

/**
 * Where a card's figures would be for a year with no budget lines (a year just created): the year
 * has not started, so no figure, shortfall or Yes/No, but where its lines come from, with the link
 * for whoever may import them.
 */
export function NoLinesYet({ fy, missing }: NoLinesYetProps) {
  const canImport = useCanVisit('/admin');
  const canAddLines = useCanVisit('/admin/proposed-budget');
  return (
    <div className="no-lines-yet" role="status">
      <p className="no-lines-yet__title">{NO_LINES_YET}</p>
      <p className="no-lines-yet__text">
        {fy} has no budget lines in this budget year, so there is no {missing} yet.{' '}
        {canImport ? (
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
