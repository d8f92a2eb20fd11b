/**
 * THE rule for which lines count, used by every read that totals, lists or projects lines: the
 * dashboard's aggregates, the budget grids and their totals, the fiscal-year lists, the town-goal
 * gap, Budget Comparison, salary reconciliation, projections and their diagnostics. A line counts
 * when
 *   - it belongs to no budget (scenario), or
 *   - it belongs to an active budget, or
 *   - its budget year has no active budget of its kind (operating or proposed), so data imported
 *     before anyone set up budgets still shows.
 * A line of an inactive alternative budget never counts beside the active one; it is read by its
 * scenarioId instead. The rule is written against each line's own budget year, so it serves reads
 * within one budget year and across all of them alike. Callers add their own filters (budget year,
 * fiscal year, kind) beside it; this file is the only place that decides which budget counts.
 */
export function activeScope(alias = 'li'): string {
  // Uncorrelated ARRAY(...) subqueries on purpose: PostgreSQL runs each once, before the scan, as an
  // InitPlan whose value parallel workers receive. `IN (SELECT ...)` became a hashed SubPlan, which
  // kept a 50,000-line read in one process, and a correlated EXISTS form made the planner cost every
  // row's alternative plan so high that JIT compilation kicked in (~300 ms).
  return `(${alias}.scenario_id IS NULL
    OR ${alias}.scenario_id = ANY(ARRAY(SELECT s.id FROM scenarios s WHERE s.is_active))
    OR NOT ((${alias}.budget_year_id, ${alias}.is_operating) = ANY(ARRAY(
      SELECT ROW(s.budget_year_id, s.scenario_type = 'operating') FROM scenarios s WHERE s.is_active))))`;
}
