import type { EmployeeStats } from '@web/api/dashboard';
import { Alert } from '@web/components/alert';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * What the year's projected employee lines are: the year's staff, pending its payroll import; beside
 * an imported payroll, superseded; beside a roster of positions that sets the year's salaries (the
 * server's source 'roster'), a guess the positions replace, so the staff cards count the positions.
 */
export function ProjectedBanner({ stats, fy }: { stats: EmployeeStats | undefined; fy: string }) {
  const projected = stats?.projectedEmployees ?? 0;
  if (!stats || projected === 0) {
    return null;
  }
  if (stats.roster) {
    return (
      <div className="page-message">
        <Alert variant="info" title={`${fy} figures are projected`}>
          {n(projected)} employee lines in {fy} were projected from an earlier year&apos;s payroll. {fy}
          &apos;s salaries are the budgeted cost of the {fiscalYearLabel(stats.roster.fiscalYear)}{' '}
          roster&apos;s positions, so the staff figures count those positions instead.
        </Alert>
      </div>
    );
  }
  return projected === stats.totalEmployees ? (
    <div className="page-message">
      <Alert variant="info" title={`${fy} figures are projected`}>
        {n(projected)} of {n(stats.totalEmployees)} employee lines in {fy} were projected from an earlier
        year&apos;s payroll, not imported. They change when the {fy} payroll is imported.
      </Alert>
    </div>
  ) : (
    // The year's payroll is imported: projected lines left beside it are superseded, not pending.
    <div className="page-message">
      <Alert variant="info" title={`${fy} payroll is imported`}>
        {n(projected)} projected employee lines from before the import are still in {fy} beside the imported
        ones; the imported payroll supersedes them. Generate Projections removes them.
      </Alert>
    </div>
  );
}
