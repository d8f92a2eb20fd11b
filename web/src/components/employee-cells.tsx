import type { CustomCellRendererProps } from 'ag-grid-react';
import type { EmployeeLineItem } from '@web/api/line-items';
import { isLocked } from '@shared/schemas/salary-rule-lines';
import { formatMoneyCents } from '@web/lib/format';

/** Inactive and Retiring employees have no next-year salary. */
export function nextYearSalaryLocked(line: Pick<EmployeeLineItem, 'employeeStatus'>): boolean {
  return isLocked(line.employeeStatus);
}

const STATUS_BADGE: Record<EmployeeLineItem['employeeStatus'], string> = {
  Active: 'badge--success',
  Retiring: 'badge--warning',
  Inactive: 'badge--neutral',
};

/** Employee status as a badge. */
export function StatusCell({ data }: CustomCellRendererProps<EmployeeLineItem>) {
  if (!data) {
    return null;
  }
  return <span className={`badge ${STATUS_BADGE[data.employeeStatus]}`}>{data.employeeStatus}</span>;
}

/** Next-year salary with its Auto/Manual badge, or N/A for Inactive and Retiring employees. */
export function NextYearSalaryCell({ data }: CustomCellRendererProps<EmployeeLineItem>) {
  if (!data) {
    return null;
  }
  if (nextYearSalaryLocked(data)) {
    return <span className="muted">N/A</span>;
  }
  const manual = data.nextYearSalaryManual;
  return (
    <span className="cell-money-badge">
      <span
        className={`badge ${manual ? 'badge--info' : 'badge--neutral'}`}
        title={manual ? 'Typed in by hand' : 'Computed from COLA and steps'}
      >
        {manual ? 'Manual' : 'Auto'}
      </span>
      {data.nextYearSalary === null ? (
        <span className="muted" title="Not computed yet">
          —
        </span>
      ) : (
        <span className="money">{formatMoneyCents(data.nextYearSalary)}</span>
      )}
    </span>
  );
}

/** A flag for lines the import marked for review. */
export function ReviewCell({ data }: CustomCellRendererProps<EmployeeLineItem>) {
  if (!data?.metadata.needsReview) {
    return null;
  }
  return <span className="badge badge--warning">Needs review</span>;
}

/** Display name of an employee line: "Last, First". */
export function employeeName(line: Pick<EmployeeLineItem, 'firstName' | 'lastName'>): string {
  return [line.lastName, line.firstName].filter(Boolean).join(', ') || 'Unnamed employee';
}
