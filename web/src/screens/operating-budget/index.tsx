import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function OperatingBudgetScreen() {
  return (
    <ScreenPlaceholder
      title="Employee Budget Manager"
      usesBudgetYear
      purpose="It will list employees with their current and next-year salaries, and let you assign buildings and work groups, set status or delete in bulk."
    />
  );
}
