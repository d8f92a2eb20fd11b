import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function ImportHistoryScreen() {
  return (
    <ScreenPlaceholder
      title="Import History"
      usesBudgetYear
      purpose="It will list imported employee records, filter those that need review, and let you set status, next-year salary and departure date inline."
    />
  );
}
