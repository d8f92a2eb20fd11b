/**
 * The fiscal year a budget year's line screens open on (the Employee Budget Manager, Proposed
 * Budget, Positions, Budget Stages and its comparison), and budget-cli's reads of the same: the
 * year chosen while it is offered, else the budget year's current fiscal year when it has lines,
 * else its first year with lines (a payroll imported into the year after the current one opened
 * every screen on the empty current year), else the current year when offered, else the first.
 * `fiscalYears` are the years offered, `withLines` those holding lines (GET /line-items/fiscal-years).
 */
export function openingFiscalYear(
  current: number | null,
  listed: { fiscalYears: readonly number[]; withLines: readonly number[] },
  chosen: number | null = null,
): number | undefined {
  const years = [...listed.fiscalYears].sort((a, b) => a - b);
  if (chosen !== null && years.includes(chosen)) {
    return chosen;
  }
  const withLines = years.filter((y) => listed.withLines.includes(y));
  if (current !== null && withLines.includes(current)) {
    return current;
  }
  return withLines[0] ?? (current !== null && years.includes(current) ? current : years[0]);
}
