import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function BudgetComparisonScreen() {
  return (
    <ScreenPlaceholder
      title="Budget Comparison"
      usesBudgetYear
      purpose="It will compare the operating budget (employee-level salaries) with the proposed budget, category by category, for six fiscal years, and flag large variances."
    />
  );
}
