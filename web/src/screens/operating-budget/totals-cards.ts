import { fiscalYearLabel } from '@shared/budget-math';
import type { BudgetTotals } from '@web/api/line-items';
import { formatLineFte } from '@web/components/data-grid/column-types';
import type { SummaryCardItem } from '@web/components/summary-cards';
import { countOf, formatMoneyCents, formatNumber } from '@web/lib/format';

const count = (n: number) => formatNumber(n);

/**
 * The Employee Budget Manager's summary cards: the server's sums of the lines matching the filters
 * (GET /line-items/budget/totals). The two salary sums say what they count, in the server's counts:
 * their figures alone read as other screens' salary totals (Positions' next-year cost, Budget
 * Comparison's payroll). A line's next-year salary is the year after the line's own; Inactive and
 * Retiring lines (leaving) and Active lines the rule gave none (unset) have none to add.
 */
export function employeeTotalCards(
  t: BudgetTotals | undefined,
  fiscalYear: number | undefined,
): SummaryCardItem[] {
  const fy = fiscalYear ? fiscalYearLabel(fiscalYear) : '';
  const nextFy = fiscalYear ? fiscalYearLabel(fiscalYear + 1) : 'Next-year';
  const withoutNext = t
    ? [
        t.leavingCount ? `${count(t.leavingCount)} leaving` : '',
        t.missingNextYearSalaryCount ? `${count(t.missingNextYearSalaryCount)} unset` : '',
      ].filter(Boolean)
    : [];
  return [
    { label: 'Employees', value: t ? count(t.count) : '…' },
    { label: 'Total FTE', value: t ? formatLineFte(t.totalFte) : '…' },
    {
      label: 'Current Salaries',
      value: t ? formatMoneyCents(t.totalCurrentSalary) : '…',
      note: t ? `Current salaries of ${countOf(t.count, 'employee line')}, ${fy}` : undefined,
    },
    {
      label: 'Next Year Salaries',
      value: t ? formatMoneyCents(t.totalNextYearSalary) : '…',
      note: t
        ? `${nextFy} salaries of the same ${countOf(t.count, 'line')}` +
          (withoutNext.length ? `; ${withoutNext.join(' and ')} add none` : '')
        : undefined,
    },
    // The server's exact sum: next - current where there is a next-year salary; Inactive and
    // Retiring lines leave; Active lines without one are counted apart, not as cuts.
    {
      label: 'Change',
      value: t ? formatMoneyCents(t.totalChange) : '…',
      note: t?.leavingCount ? `includes ${count(t.leavingCount)} leaving (Inactive or Retiring)` : undefined,
    },
    {
      label: 'No Next-Year Salary',
      value: t ? count(t.missingNextYearSalaryCount) : '…',
      note: t?.missingNextYearSalaryCount ? 'Active lines, left out of Change' : undefined,
    },
  ];
}
