import { useState } from 'react';
import { MANUAL_INCREASE_LIMIT_PERCENT, RANGE_MIN_GROUP_SIZE } from '@shared/schemas/salary-verification';
import { useBulkOptions } from '@web/api/bulk-update';
import { errorMessage } from '@web/api/client';
import { useSalaryVerification, type SalaryIssueKind } from '@web/api/salary-verification';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatMoneyCents } from '@web/lib/format';
import { defaultFiscalYear, FiscalYearSelect } from './fiscal-year-select';
import { TabHeader } from './tab-header';
import { numCol, TableHead } from '@web/components/table-head';
import { ScrollArea } from '@web/components/scroll-area';

export const ISSUE_LABELS: Record<SalaryIssueKind, string> = {
  MISSING_SALARY: 'Missing salary',
  NEW_HIRE: 'New hire (salary 0)',
  OUTSIDE_RANGE: 'Outside work-group range',
  NEXT_YEAR_DECREASE: 'Next year below current',
  MANUAL_INCREASE: `Manual increase over ${MANUAL_INCREASE_LIMIT_PERCENT}%`,
  FTE_ANOMALY: 'FTE anomaly',
};

const ALL = 'all';
const PAGE = 200;

/** Salary checks for one fiscal year, each rule explained on the screen. */
export function SalaryVerificationTab() {
  const { selected } = useBudgetYear();
  const options = useBulkOptions(selected?.id);
  const years = options.data?.fiscalYears ?? [];
  const [year, setYear] = useState<number | undefined>(undefined);
  const fiscalYear = year ?? defaultFiscalYear(years, selected?.currentFiscalYear);
  const check = useSalaryVerification(selected?.id, fiscalYear);
  const [kind, setKind] = useState<string>(ALL);
  const [limit, setLimit] = useState(PAGE);

  const data = check.data;
  const issues = (data?.issues ?? []).filter((i) => kind === ALL || i.issue === kind);
  return (
    <>
      <TabHeader
        title="Salary Verification"
        description="Employee salaries that deserve a second look before the budget goes out."
        actions={
          <FiscalYearSelect
            id="verify-fiscal-year"
            label="Fiscal year"
            years={years}
            value={fiscalYear}
            onChange={(y) => {
              setYear(y);
              setLimit(PAGE);
            }}
          />
        }
      />
      <details className="md-rules-box">
        <summary>How salaries are checked</summary>
        <ul className="md-rules">
          <li>
            <strong>Missing salary</strong>: the line has no current salary.
          </li>
          <li>
            <strong>New hire</strong> (information only): a current salary of 0 means someone starting next
            fiscal year.
          </li>
          <li>
            <strong>Outside work-group range</strong>: the full-time equivalent salary (salary ÷ FTE) is below
            the 5th or above the 95th percentile of the work group&apos;s, for work groups of{' '}
            {RANGE_MIN_GROUP_SIZE} or more people.
          </li>
          <li>
            <strong>Next year below current</strong>: an Active employee whose next-year salary is lower than
            this year&apos;s.
          </li>
          <li>
            <strong>Manual increase over {MANUAL_INCREASE_LIMIT_PERCENT}%</strong>: a next-year salary typed
            in by hand that is more than {MANUAL_INCREASE_LIMIT_PERCENT}% above the current one.
          </li>
          <li>
            <strong>FTE anomaly</strong>: a salary with no FTE (or an FTE of 0), or an FTE above 1.0.
          </li>
        </ul>
      </details>
      {check.isPending && fiscalYear !== undefined ? <Spinner label="Checking salaries..." /> : null}
      {check.isError ? <Alert>{errorMessage(check.error, 'Failed to check salaries')}</Alert> : null}
      {options.isSuccess && !years.length ? (
        <EmptyState title="No employees in this budget year" headingLevel={3}>
          <p>Import the operating budget first.</p>
        </EmptyState>
      ) : null}
      {data ? (
        <>
          <div className="md-stats" aria-label="Salary check summary" role="group">
            <div className="md-stat">
              <span className="md-stat__label">Employees checked</span>
              <span className="md-stat__value">{data.summary.checked.toLocaleString('en-US')}</span>
            </div>
            <div className="md-stat">
              <span className="md-stat__label">Flagged for review</span>
              <span className="md-stat__value">{data.summary.flagged.toLocaleString('en-US')}</span>
            </div>
            <div className="md-stat">
              <span className="md-stat__label">New hires</span>
              <span className="md-stat__value">
                {(data.summary.byIssue.NEW_HIRE ?? 0).toLocaleString('en-US')}
              </span>
            </div>
          </div>
          <div className="md-tab-header">
            <div className="md-inline-field">
              <label htmlFor="verify-issue">Show</label>
              <Select
                id="verify-issue"
                value={kind}
                onValueChange={(v) => {
                  setKind(v);
                  setLimit(PAGE);
                }}
                options={[
                  { value: ALL, label: `All issues (${data.issues.length.toLocaleString('en-US')})` },
                  ...(Object.keys(ISSUE_LABELS) as SalaryIssueKind[]).map((k) => ({
                    value: k,
                    label: `${ISSUE_LABELS[k]} (${(data.summary.byIssue[k] ?? 0).toLocaleString('en-US')})`,
                  })),
                ]}
              />
            </div>
          </div>
          {issues.length === 0 ? (
            <EmptyState title="No issues found" headingLevel={3}>
              <p>Every salary in this fiscal year passes these checks.</p>
            </EmptyState>
          ) : (
            <ScrollArea label="Salary issues" className="md-table-card">
              <table className="table">
                <caption className="visually-hidden">Salary issues</caption>
                <TableHead
                  cols={[
                    'Employee',
                    'Work group',
                    'Building',
                    numCol('Current salary'),
                    numCol('Next year'),
                    'Issue',
                  ]}
                />
                <tbody>
                  {issues.slice(0, limit).map((i) => (
                    <tr key={`${i.lineItemId}-${i.issue}`}>
                      <th scope="row">
                        {i.name}
                        {i.position ? <span className="md-sub">{i.position}</span> : null}
                      </th>
                      <td>{i.workGroup ?? ''}</td>
                      <td>{i.building ?? 'District Wide'}</td>
                      <td className="num">{formatMoneyCents(i.currentSalary)}</td>
                      <td className="num">{formatMoneyCents(i.nextYearSalary)}</td>
                      <td className="md-issue">
                        <span className={`md-badge md-badge--${i.severity}`}>{ISSUE_LABELS[i.issue]}</span>
                        <span className="md-sub">{i.detail}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
          {issues.length > limit ? (
            <div className="form-actions">
              <button type="button" className="btn btn--secondary" onClick={() => setLimit(issues.length)}>
                Show all {issues.length.toLocaleString('en-US')} issues
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
