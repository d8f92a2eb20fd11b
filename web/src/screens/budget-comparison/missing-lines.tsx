import { Link } from 'react-router';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { useBudgetYears } from '@web/api/budget-years';
import { useCanVisit } from '@web/auth/use-can';
import { plannedElsewhere } from '@web/components/shell/planned-elsewhere';
import { LINES_IMPORT_PATH, LINES_IMPORT_PLACE } from '@web/lib/directions';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

/**
 * What the screen says of fiscal years with no lines, in one place: the Six-Year View and the year's
 * totals (the cards above the table) say it in the same words. The comparison reads the budget
 * year's lines of each fiscal year (server/domains/budgets/budget-comparison.ts): imported ones, or
 * the projected lines Generate Projections (on the Dashboard) writes from the base year through
 * base + 5. The COLA Multi-Year Projections tab only reads; it writes no lines, so it fills nothing here.
 */

/** A fiscal year with no line at all (neither operating nor proposed) in the budget year. */
export const isEmpty = (t: ComparisonCell) => t.operatingCount === 0 && t.proposedCount === 0;

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

/** Why some years have no lines while others have: no import and no projection yet, and what fills them. */
export function EmptyYearsWords({
  years,
  className = 'field__hint',
}: {
  years: readonly number[];
  className?: string;
}) {
  const one = years.length === 1;
  return (
    <p className={className}>
      {yearsText(years)} {one ? 'is' : 'are'} empty: no budget imported and no projection generated for{' '}
      {one ? 'it' : 'them'} yet. Generate Projections on the <Link to="/">Dashboard</Link> fills{' '}
      {one ? 'it' : 'them'}.
    </p>
  );
}

/**
 * When none of the six years has a line: what is missing (`what`, e.g. 'No operating or proposed
 * totals to chart') in `years` and where the lines come from (the Dashboard's empty cards' way: the import for
 * whoever may make it, else who does), then how the later years fill. A budget year that plans no
 * fiscal year of its own is not sent to import (the import would be refused): the shell's note
 * above the page names the budget year that plans them and opens it.
 */
export function NoLinesWords(props: { budgetYearId: number; what: string; years: readonly number[] }) {
  const canImport = useCanVisit('/admin');
  const budgetYears = useBudgetYears();
  const one = props.years.length === 1;
  const missing = `${props.what}: ${yearsText(props.years)} ${one ? 'has' : 'have'} no budget lines in this budget year`;
  if (budgetYears.data && plannedElsewhere(props.budgetYearId, budgetYears.data)) {
    return (
      <p className="muted">
        {missing}, which plans no fiscal year of its own. The note at the top of the page opens the budget
        year that plans {one ? 'it' : 'them'}.
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

/**
 * In place of a year's totals when it has no line: the cards' $0 read as a budget of nothing. What
 * is missing: with lines in other years, that this one has none yet (EmptyYearsWords); with none in
 * any, where they come from (NoLinesWords).
 */
export function MissingTotals({ data, yearIndex }: { data: BudgetComparison; yearIndex: number }) {
  const fiscalYear = data.fiscalYears[yearIndex];
  const fy = fiscalYearLabel(fiscalYear);
  return (
    <section className="card comparison-kpis comparison-missing" aria-label={`Totals for ${fy}`}>
      {data.totals.every(isEmpty) ? (
        <NoLinesWords
          budgetYearId={data.budgetYearId}
          what="No operating or proposed totals"
          years={[fiscalYear]}
        />
      ) : (
        <EmptyYearsWords years={[fiscalYear]} className="muted" />
      )}
    </section>
  );
}
