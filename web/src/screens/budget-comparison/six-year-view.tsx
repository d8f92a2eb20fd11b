import { Link } from 'react-router';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { useBudgetYears } from '@web/api/budget-years';
import { useCanVisit } from '@web/auth/use-can';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { GroupedBarChart } from '@web/components/charts/grouped-bar-chart';
import { COLOR_BUDGET } from '@web/components/charts/palette';
import { plannedElsewhere } from '@web/components/shell/planned-elsewhere';
import { LINES_IMPORT_PATH, LINES_IMPORT_PLACE } from '@web/lib/directions';
import { formatMillions, formatMoney, formatMoneyTicks } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { formatVariancePercent, varianceDollars } from './flags';

/** A fiscal year with no line at all (neither operating nor proposed) in the budget year. */
const isEmpty = (t: ComparisonCell) => t.operatingCount === 0 && t.proposedCount === 0;

/** 'FY28', 'FY28 and FY29', 'FY28 to FY31' (consecutive) or 'FY28, FY30 and FY31'. */
function yearsText(years: readonly number[]): string {
  const labels = years.map(fiscalYearLabel);
  if (labels.length <= 2) {
    return labels.join(' and ');
  }
  const consecutive = years.every((y, i) => i === 0 || y === years[i - 1] + 1);
  return consecutive
    ? `${labels[0]} to ${labels[labels.length - 1]}`
    : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/**
 * Why some years have no bars. The comparison reads the budget year's lines of each fiscal year
 * (server/domains/budgets/budget-comparison.ts): imported ones, or the projected lines Generate
 * Projections (on the Dashboard) writes from the base year through base + 5. The COLA Multi-Year
 * Projections tab only reads; it writes no lines, so it fills nothing here.
 */
export function EmptyYearsNote({ data }: { data: BudgetComparison }) {
  const empty = data.totals.filter(isEmpty).map((t) => t.fiscalYear);
  // No year at all: the card's empty state says so in place of the chart (NoYearHasLines).
  if (empty.length === 0 || empty.length === data.totals.length) {
    return null;
  }
  const one = empty.length === 1;
  return (
    <p className="field__hint">
      {yearsText(empty)} {one ? 'is' : 'are'} empty: no budget imported and no projection generated for{' '}
      {one ? 'it' : 'them'} yet. Generate Projections on the <Link to="/">Dashboard</Link> fills{' '}
      {one ? 'it' : 'them'}.
    </p>
  );
}

/**
 * The card's empty state when none of the six years has a line: a chart of zeros drew a $0 to $1.00
 * axis and said nothing. It says what is missing and where the lines come from (the Dashboard's
 * empty cards' way: the import for whoever may make it, else who does), then how the later years fill.
 * A budget year that plans no fiscal year of its own is not sent to import (the import would be
 * refused): the shell's note above the page names the budget year that plans them and opens it.
 */
function NoYearHasLines({ budgetYearId, span }: { budgetYearId: number; span: string }) {
  const canImport = useCanVisit('/admin');
  const years = useBudgetYears();
  const missing = `No operating or proposed totals to chart: ${span} have no budget lines in this budget year`;
  if (years.data && plannedElsewhere(budgetYearId, years.data)) {
    return (
      <p className="muted">
        {missing}, which plans no fiscal year of its own. The note at the top of the page opens the budget
        year that plans them.
      </p>
    );
  }
  return (
    <p className="muted">
      {missing}.{' '}
      {canImport ? (
        <>
          Import the payroll or the proposed budget under{' '}
          <Link to={LINES_IMPORT_PATH}>{LINES_IMPORT_PLACE}</Link>
        </>
      ) : (
        <>An administrator imports the payroll or the proposed budget ({LINES_IMPORT_PLACE})</>
      )}
      ; then Generate Projections on the <Link to="/">Dashboard</Link> projects the years after.
    </p>
  );
}

/** Operating and proposed totals of the six fiscal years, as a chart or a table. */
export function SixYearView({ data }: { data: BudgetComparison }) {
  const labels = data.fiscalYears.map(fiscalYearLabel);
  const span = `${labels[0]} to ${labels[labels.length - 1]}`;
  // A year with no lines reads '—' in the table, not $0 (the note under the card says why).
  const money = (t: ComparisonCell, amount: number) => (isEmpty(t) ? '—' : formatMoney(amount));
  return (
    <ChartCard
      title="Six-Year View"
      subtitle={`${span}, all categories`}
      isEmpty={data.totals.every(isEmpty)}
      empty={<NoYearHasLines budgetYearId={data.budgetYearId} span={span} />}
      footer={<EmptyYearsNote data={data} />}
      chart={
        <GroupedBarChart
          label={`Grouped bar chart of operating and proposed totals by fiscal year: ${data.totals
            .map((t, i) =>
              isEmpty(t)
                ? `${labels[i]} no lines`
                : `${labels[i]} operating ${formatMillions(t.operating)}, proposed ${formatMillions(t.proposed)}`,
            )
            .join('; ')}`}
          categories={labels}
          tickLabels={formatMoneyTicks}
          series={[
            {
              name: 'Operating',
              values: data.totals.map((t) => t.operating),
              color: '#0891b2',
              texts: data.totals.map((t) => money(t, t.operating)),
            },
            {
              name: 'Proposed',
              values: data.totals.map((t) => t.proposed),
              color: COLOR_BUDGET,
              texts: data.totals.map((t) => money(t, t.proposed)),
            },
          ]}
        />
      }
      table={
        <DataTable
          caption="Operating and proposed totals by fiscal year"
          rows={data.totals}
          rowKey={(t) => String(t.fiscalYear)}
          columns={[
            { header: 'Fiscal year', value: (t) => fiscalYearLabel(t.fiscalYear) },
            { header: 'Operating', value: (t) => money(t, t.operating), numeric: true },
            { header: 'Proposed', value: (t) => money(t, t.proposed), numeric: true },
            {
              header: 'Variance',
              value: (t) => (isEmpty(t) ? '—' : varianceDollars(t.variance)),
              numeric: true,
            },
            { header: 'Variance %', value: (t) => formatVariancePercent(t.variancePercent), numeric: true },
          ]}
        />
      }
    />
  );
}
