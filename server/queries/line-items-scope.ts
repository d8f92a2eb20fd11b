/**
 * Which lines a budget year's grids show: those of the active budget (scenario) of their kind, plus
 * lines in no budget; when the budget year has no active budget of a kind, all its lines of that
 * kind. The same rule as the dashboard's (activeBudgetScope in queries/fiscal-years.ts), written
 * against each line's own budget year so it also serves reads across budget years. An inactive
 * alternative budget is read by its scenarioId instead.
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
