import { useId } from 'react';
import { fiscalYearLabel } from '@shared/budget-math';
import { useBudgetYears } from '@web/api/budget-years';
import { homeElsewhere, OpenBudgetYear } from '@web/components/shell/planned-elsewhere';

export interface RosterElsewhere {
  fiscalYear: number;
  budgetYearId: number;
  budgetYear: string;
}

/**
 * Where the shown fiscal year's positions are kept when it is another budget year: each fiscal year
 * is planned in one budget year, and the server refuses a position added anywhere else. Null while
 * the budget years load (the server still refuses), and when the year is the shown budget year's.
 */
export function useRosterElsewhere(
  budgetYearId: number | undefined,
  fiscalYear: number | undefined,
): RosterElsewhere | null {
  const { data } = useBudgetYears();
  if (!data || budgetYearId === undefined || fiscalYear === undefined) {
    return null;
  }
  const home = homeElsewhere(budgetYearId, fiscalYear, data);
  return home ? { fiscalYear, ...home } : null;
}

/** In place of Add Position: why the year's positions cannot be added here, and the way to where they can. */
export function RosterElsewhereNote({ where }: { where: RosterElsewhere }) {
  const titleId = useId();
  return (
    <div className="alert alert--info roster-elsewhere" role="note" aria-labelledby={titleId}>
      <strong className="alert__title" id={titleId}>
        {fiscalYearLabel(where.fiscalYear)} is planned in budget year {where.budgetYear}
      </strong>
      Its positions are added and changed there.{' '}
      <OpenBudgetYear id={where.budgetYearId} label={where.budgetYear} />
    </div>
  );
}
