import type { Db } from '@server/db/index';
import { badRequest } from '@server/errors';
import { centsOf, centsText } from '@shared/money';
import { baseFactors } from './queries/ledger-base';
import { ledgerGroups } from './queries/budget-vs-actual';
import { groupNames } from './queries/budget-vs-actual-sources';
import { findCurrentImportInfo } from '@server/domains/imports';
import { NO_KEY } from '@shared/schemas/ledger';
import type { BaseFactor } from '@shared/schemas/ledger-base';
import { PERIODS_PER_YEAR } from '@shared/schemas/ledger-import';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';

/**
 * "Last year's actual spending" as a planning base. The one home of the rule: a
 * year's actual spending is the ledger's projected year-end (expended ÷ periods elapsed × 12, the
 * Budget vs Actual figure, which is what was expended once the ledger reaches period 12), per
 * category and in total, read through ledgerGroups so every screen shows the same figures. The
 * multi-year projection and the planning defaults take the total as their baseline; Generate
 * Projections scales each category's lines by its actual ÷ budget.
 */

export interface ActualSpending {
  fiscalYear: number;
  /** The ledger's period; 12 or more is the complete year. */
  period: number;
  complete: boolean;
  /** Dollars (whole cents), as the rest of the ledger API. */
  total: number;
  /** Each category's budget (the year's proposed lines in the budget year) and actual spending. */
  byCategory: { categoryId: number | null; budget: number; actual: number }[];
  /** e.g. 'FY26 actual spending from the ledger, period 13 (year complete)'. */
  source: string;
}

/** The year's actual spending, or null when no ledger is imported for it. `db` may be a transaction. */
export async function actualSpending(
  db: Db,
  budgetYearId: number | null,
  fiscalYear: number,
): Promise<ActualSpending | null> {
  const ledger = await findCurrentImportInfo(db, fiscalYear);
  if (!ledger) {
    return null;
  }
  const periodsElapsed = Math.min(ledger.period, PERIODS_PER_YEAR);
  // Every category: their number is the district's categories', not the ledger's accounts'.
  const groups = await ledgerGroups(db, { fiscalYear, budgetYearId, periodsElapsed }, 'category', {
    offset: 0,
    limit: 1_000_000,
  });
  const complete = ledger.period >= PERIODS_PER_YEAR;
  return {
    fiscalYear,
    period: ledger.period,
    complete,
    total: groups.total.projected_year_end,
    byCategory: groups.rows.map((g) => ({
      categoryId: g.key === null || g.key === NO_KEY ? null : Number(g.key),
      budget: g.budget,
      actual: g.projected_year_end,
    })),
    source:
      `${label(fiscalYear)} actual spending from the ledger, period ${ledger.period}` +
      (complete ? ' (year complete)' : ', projected to year-end'),
  };
}

/** What to say when a year asked to be based on its actual spending has no ledger. */
export const noLedgerMessage = (fiscalYear: number) =>
  `${label(fiscalYear)} has no ledger import: import the ledger (actuals) for ${label(fiscalYear)}, or use the budget as the base`;

/** The 400 for a base of actual spending in a year without a ledger, naming the field that asked. */
export const noLedger = (fiscalYear: number, field: string) =>
  badRequest(noLedgerMessage(fiscalYear), [{ path: field, message: noLedgerMessage(fiscalYear) }]);

/**
 * Each category's factor, actual ÷ budget (computed in SQL as exact decimal text, see baseFactors),
 * in the categories' display order. A factor of 1 leaves lines as budgeted, and says why: no budget
 * to divide by, no actual spending in the ledger (a category the ledger cannot place would
 * otherwise be wiped out), or no category (the ledger's unplaced accounts are not those lines').
 */
export async function baseFactorsOf(db: Db, spending: ActualSpending): Promise<BaseFactor[]> {
  const year = label(spending.fiscalYear);
  const noteOf = (c: ActualSpending['byCategory'][number]) =>
    c.categoryId === null
      ? 'Lines with no category keep their budget: the ledger cannot tie spending to them'
      : centsOf(c.budget) <= 0n
        ? `No ${year} budget in the category to compare with: kept as budgeted`
        : centsOf(c.actual) <= 0n
          ? `No ${year} actual spending placed in the category: kept as budgeted`
          : null;
  const scaled = spending.byCategory.filter((c) => noteOf(c) === null);
  const factors = await baseFactors(
    db,
    scaled.map((c) => ({
      key: c.categoryId!,
      actual: centsText(centsOf(c.actual)),
      budget: centsText(centsOf(c.budget)),
    })),
  );
  const { categories } = await groupNames(db);
  const order = (id: number | null) => {
    const i = categories.findIndex((c) => c.id === id);
    return i < 0 ? categories.length : i;
  };
  return spending.byCategory
    .map((c) => ({
      categoryId: c.categoryId,
      categoryName:
        c.categoryId === null
          ? 'No category'
          : (categories.find((n) => n.id === c.categoryId)?.name ?? `Category ${c.categoryId}`),
      budget: c.budget,
      actual: c.actual,
      factor: c.categoryId === null ? '1' : (factors.get(c.categoryId) ?? '1'),
      note: noteOf(c),
    }))
    .sort((a, b) => order(a.categoryId) - order(b.categoryId));
}
