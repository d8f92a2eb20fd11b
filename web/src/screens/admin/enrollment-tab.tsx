import { EmptyState } from '@web/components/empty-state';

export function EnrollmentTab() {
  return (
    <EmptyState title="This tab is being built.">
      <p>Enter student counts per building and grade for the selected budget year.</p>
    </EmptyState>
  );
}
