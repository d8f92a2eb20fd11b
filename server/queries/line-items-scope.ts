/**
 * Which lines a budget year's grids show: those of the active budget (scenario) of their kind, plus
 * lines in no budget; when the budget year has no active budget of a kind, all its lines of that
 * kind. The same rule as the dashboard's (activeBudgetScope in queries/fiscal-years.ts), written
 * against each line's own budget year so it also serves reads across budget years. An inactive
 * alternative budget is read by its scenarioId instead.
 */
export function activeScope(alias = 'li'): string {
  // Uncorrelated subqueries on purpose: PostgreSQL hashes each once. A correlated EXISTS form made
  // the planner cost every row's alternative plan so high that JIT compilation kicked in (~300 ms).
  return `(${alias}.scenario_id IS NULL
    OR ${alias}.scenario_id IN (SELECT s.id FROM scenarios s WHERE s.is_active)
    OR (${alias}.budget_year_id, ${alias}.is_operating) NOT IN
      (SELECT s.budget_year_id, s.scenario_type = 'operating' FROM scenarios s WHERE s.is_active))`;
}
