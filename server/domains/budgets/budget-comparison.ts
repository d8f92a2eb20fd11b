import type { AppContext } from '@server/context';
import { varianceSize } from '@shared/budget-math';
import { centsOf, fromCents } from '@shared/money';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/budget-comparison';
import {
  COMPARISON_YEARS,
  type BudgetComparison,
  type ComparisonCell,
  type ComparisonRow,
  type VarianceFlag,
} from '@shared/schemas/budget-comparison';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';
import { requireBudgetYear } from './fiscal-years';

const UNCATEGORIZED = 'Uncategorized';
const UNCATEGORIZED_COLOR = '#94a3b8';

/**
 * A row's flag: 'No Operating' or 'No Proposed' for a missing side, else how far proposed is from
 * operating (1% or less is 'Aligned', over 10% 'Large Variance').
 */
export function varianceFlag(
  operating: number,
  operatingCount: number,
  proposed: number,
  proposedCount: number,
): { flag: VarianceFlag | null; percent: number | null } {
  if (operatingCount === 0 && proposedCount === 0) {
    return { flag: null, percent: null };
  }
  if (operatingCount === 0 || operating === 0) {
    return { flag: proposed === 0 ? 'ALIGNED' : 'NO_OPERATING', percent: null };
  }
  // A percent for display, from exact cents.
  const percent = (Number(centsOf(proposed) - centsOf(operating)) / Number(centsOf(operating))) * 100;
  if (proposedCount === 0) {
    return { flag: 'NO_PROPOSED', percent };
  }
  return { flag: varianceSize(percent), percent };
}

function cell(fiscalYear: number, row: q.ComparisonSqlRow | undefined): ComparisonCell {
  const operating = row?.operating ?? 0;
  const proposed = row?.proposed ?? 0;
  const operatingCount = row?.operatingCount ?? 0;
  const proposedCount = row?.proposedCount ?? 0;
  const { flag, percent } = varianceFlag(operating, operatingCount, proposed, proposedCount);
  return {
    fiscalYear,
    operating,
    operatingCount,
    proposed,
    proposedCount,
    variance: fromCents(centsOf(proposed) - centsOf(operating)),
    variancePercent: percent === null ? null : Math.round(percent * 100) / 100,
    flag,
  };
}

/**
 * Operating (employee salaries) against proposed (budget lines) per budget category for the six
 * fiscal years from the budget year's base year (FY26 -> 2026 to 2031), with the variance flags,
 * a personnel subtotal (the like-for-like comparison: salaries against salary lines) and a total.
 */
export async function budgetComparison(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
): Promise<BudgetComparison> {
  authorize(actor, 'comparison.read');
  const year = await requireBudgetYear(app.db, budgetYearId);
  const baseYear = parseFiscalYear(year.fiscal_year) ?? year.current_fiscal_year;
  const fiscalYears = Array.from({ length: COMPARISON_YEARS }, (_, i) => baseYear + i);
  const sqlRows = await q.comparisonTotals(app.db, budgetYearId, baseYear, baseYear + COMPARISON_YEARS - 1);
  const categories = new Map<string, q.ComparisonSqlRow>();
  const categoryRows = sqlRows.filter((x) => x.level === 'category');
  for (const r of categoryRows) {
    categories.set(String(r.categoryId), r);
  }
  const ordered = [...categories.values()].sort(
    (a, b) =>
      Number(a.categoryId === null) - Number(b.categoryId === null) ||
      (a.displayOrder ?? 0) - (b.displayOrder ?? 0) ||
      (a.name ?? '').localeCompare(b.name ?? ''),
  );
  const rows: ComparisonRow[] = ordered.map((c) => ({
    categoryId: c.categoryId,
    category: c.name ?? UNCATEGORIZED,
    color: c.color ?? UNCATEGORIZED_COLOR,
    isPersonnel: c.isPersonnel,
    years: fiscalYears.map((fy) =>
      cell(
        fy,
        categoryRows.find((r) => r.fiscalYear === fy && r.categoryId === c.categoryId),
      ),
    ),
  }));
  const totals = fiscalYears.map((fy) =>
    cell(
      fy,
      sqlRows.find((r) => r.level === 'total' && r.fiscalYear === fy),
    ),
  );
  const personnelTotals = fiscalYears.map((fy) =>
    cell(
      fy,
      sqlRows.find((r) => r.level === 'personnel' && r.fiscalYear === fy),
    ),
  );
  return { budgetYearId, baseYear, fiscalYears, rows, personnelTotals, totals };
}
