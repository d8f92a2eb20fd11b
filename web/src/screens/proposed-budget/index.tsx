import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function ProposedBudgetScreen() {
  return (
    <ScreenPlaceholder
      title="Proposed Budget Manager"
      usesBudgetYear
      purpose="It will list the proposed budget's non-personnel lines with filters by fiscal year, building and category, and let you edit, delete and reassign them in bulk."
    />
  );
}
