import { useBudgetYears, type BudgetYearsResponse } from '@web/api/budget-years';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

export interface PlannedElsewhere {
  /** 'FY25 to FY27', or one year, per budget year that plans them. */
  groups: { budgetYearId: number; budgetYear: string; years: string }[];
}

/** 'FY25 to FY27' for a run of years, 'FY25, FY27' otherwise (fiscalYearLabel, as every screen and the server's messages name them). */
function yearsText(years: readonly number[]): string {
  const label = fiscalYearLabel;
  const consecutive = years.every((y, i) => i === 0 || y === years[i - 1] + 1);
  if (years.length > 2 && consecutive) {
    return `${label(years[0])} to ${label(years[years.length - 1])}`;
  }
  return years.map(label).join(', ');
}

/**
 * Where the district's years are planned, when the chosen budget year plans none of its own (no
 * recorded home, no line): each fiscal year has one home, so such a budget year's screens are
 * empty, and the user is told where to go rather than shown $0. Null when it plans something, or
 * when nothing is planned anywhere yet (the setup screens say what to do then).
 */
export function plannedElsewhere(
  selectedId: number,
  data: Pick<BudgetYearsResponse, 'budgetYears' | 'homes' | 'budgetYearsWithLines'>,
): PlannedElsewhere | null {
  const homes = data.homes ?? [];
  if (
    homes.length === 0 ||
    homes.some((h) => h.budgetYearId === selectedId) ||
    (data.budgetYearsWithLines ?? []).includes(selectedId)
  ) {
    return null;
  }
  const groups = new Map<number, number[]>();
  for (const home of homes) {
    groups.set(home.budgetYearId, [...(groups.get(home.budgetYearId) ?? []), home.fiscalYear]);
  }
  return {
    groups: [...groups].map(([budgetYearId, years]) => ({
      budgetYearId,
      budgetYear: data.budgetYears.find((b) => b.id === budgetYearId)?.fiscalYear ?? `#${budgetYearId}`,
      years: yearsText(years.sort((a, b) => a - b)),
    })),
  };
}

/**
 * The budget year that plans `fiscalYear` when it is another than `budgetYearId` (the fiscal year's
 * recorded home), else null. The server refuses to add the year's records (positions) anywhere
 * else, so a screen offers no such action there and says where to go instead.
 */
export function homeElsewhere(
  budgetYearId: number,
  fiscalYear: number,
  data: Pick<BudgetYearsResponse, 'budgetYears' | 'homes'>,
): { budgetYearId: number; budgetYear: string } | null {
  const home = (data.homes ?? []).find((h) => h.fiscalYear === fiscalYear);
  if (!home || home.budgetYearId === budgetYearId) {
    return null;
  }
  const label = data.budgetYears.find((b) => b.id === home.budgetYearId)?.fiscalYear;
  return { budgetYearId: home.budgetYearId, budgetYear: label ?? `#${home.budgetYearId}` };
}

/** The shell's note above every screen while the chosen budget year plans nothing of its own. */
export function PlannedElsewhereNote() {
  const { data } = useBudgetYears();
  const { selected } = useBudgetYear();
  const where = data && selected ? plannedElsewhere(selected.id, data) : null;
  if (!where || !selected) {
    return null;
  }
  return (
    <div className="alert alert--info planned-elsewhere" role="note">
      <span className="alert__title">Budget year {selected.fiscalYear} plans no fiscal year of its own</span>
      Each fiscal year is planned in one budget year:{' '}
      {where.groups.map((g, i) => (
        <span key={g.budgetYearId}>
          {i > 0 ? '; ' : ''}
          {g.years} in budget year {g.budgetYear} <OpenBudgetYear id={g.budgetYearId} label={g.budgetYear} />
        </span>
      ))}
    </div>
  );
}

/** The button that opens another budget year (the header's selection), where a year is planned. */
export function OpenBudgetYear({ id, label }: { id: number; label: string }) {
  const { select } = useBudgetYear();
  return (
    <button type="button" className="btn btn--secondary btn--small" onClick={() => select(id)}>
      Open budget year {label}
    </button>
  );
}
