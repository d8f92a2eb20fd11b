import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function DashboardScreen() {
  return (
    <ScreenPlaceholder
      title="Budget Dashboard"
      usesBudgetYear
      purpose="It will compare the proposed budget for the selected fiscal year with the town guidance goal, and break the budget down by category, building, salary range and headcount, with data diagnostics for each fiscal year."
    />
  );
}
