import { Link } from 'react-router';
import { useUnmappedCodes } from '@web/api/function-codes';
import { useCanVisit } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { unmappedLinesPath } from '@web/components/function-code-filter';
import { formatMoneyCents } from '@web/lib/format';

const lines = (n: number) => `${n.toLocaleString('en-US')} line${n === 1 ? '' : 's'}`;

/**
 * '$X in N lines have no function code', the server's words, with links that open
 * each grid filtered to those lines of the year shown. Nothing when every line has a code. The
 * server leaves out the salaries of a few uncoded people for a reader who may not see pay (the
 * employee link, for staff only, then names the lines without dollars).
 */
export function UnmappedCodes({ scope }: { scope: { budgetYearId: number; fiscalYear: number } | null }) {
  const unmapped = useUnmappedCodes(scope);
  const canProposed = useCanVisit('/admin/proposed-budget');
  const canEmployees = useCanVisit('/admin/operating-budget');
  const canRules = useCanVisit('/admin/function-codes');
  const u = unmapped.data;
  if (!u?.message || !scope) {
    return null;
  }
  return (
    <div className="page-message" data-testid="unmapped-codes">
      <Alert variant="info" title={u.message}>
        <span>
          Lines without a code are left out of net school spending until they have one.{' '}
          {canProposed && u.proposed.lineCount > 0 ? (
            <Link to={unmappedLinesPath('proposed', scope.fiscalYear)}>
              {`Proposed lines: ${lines(u.proposed.lineCount)}, ${formatMoneyCents(u.proposed.amount)}`}
            </Link>
          ) : null}
          {canProposed && canEmployees && u.proposed.lineCount > 0 && u.employee.lineCount > 0 ? ' · ' : null}
          {canEmployees && u.employee.lineCount > 0 ? (
            <Link to={unmappedLinesPath('employee', scope.fiscalYear)}>
              {`Employee lines: ${lines(u.employee.lineCount)}${u.employee.amount === null ? '' : `, ${formatMoneyCents(u.employee.amount)}`}`}
            </Link>
          ) : null}
          {canRules ? (
            <>
              {' · '}
              <Link to="/admin/function-codes">Function-code rules</Link>
            </>
          ) : null}
        </span>
      </Alert>
    </div>
  );
}
