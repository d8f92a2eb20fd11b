import { EmptyState } from '@web/components/empty-state';

export function ImportTab() {
  return (
    <EmptyState title="This tab is being built.">
      <p>
        Import operating (one line per employee) or proposed (non-personnel) budget files, CSV, XLSX or XLS,
        through a column-mapping wizard.
      </p>
    </EmptyState>
  );
}
