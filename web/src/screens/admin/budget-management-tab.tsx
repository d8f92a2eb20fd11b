import { EmptyState } from '@web/components/empty-state';

export function BudgetManagementTab() {
  return (
    <EmptyState title="This tab is being built.">
      <p>Choose which operating and proposed budget is active for each budget year.</p>
    </EmptyState>
  );
}
