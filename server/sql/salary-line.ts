/**
 * THE rule for whether a cost has a salary line to land on: it does when its budget category is a
 * personnel category; without a category, or in one that is not personnel, it lands nowhere. Update
 * Salary Budget and the positions' follow (server/domains/line-items/reconciliation.ts) set salary
 * lines only where this holds and report the rest as undistributed; the Positions banner and
 * `positions list` count the positions it does not hold for, so a roster's cost missing from the
 * proposed budget is said where a finance user looks.
 *
 * `categoryId`: SQL for a category id (NULL: none). The personnel categories are an uncorrelated
 * subquery, read once per statement (hashed), not looked up again for each of 50,000 rows.
 */
export const hasSalaryLine = (categoryId: string) =>
  `coalesce(${categoryId} IN (SELECT sl.id FROM budget_categories sl WHERE sl.is_personnel), false)`;
