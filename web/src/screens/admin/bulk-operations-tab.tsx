import { EmptyState } from '@web/components/empty-state';

export function BulkOperationsTab() {
  return (
    <EmptyState title="This tab is being built.">
      <p>Link employees to buildings in bulk and update DESE codes by job class.</p>
    </EmptyState>
  );
}
