import type { ReactNode } from 'react';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';

interface ScreenPlaceholderProps {
  title: string;
  /** What the finished screen will do, in plain words. */
  purpose: ReactNode;
  /** Whether the screen works on the budget year chosen in the header. */
  usesBudgetYear?: boolean;
}

/** A screen whose features are still being built: its title and an honest description, no fake data. */
export function ScreenPlaceholder({ title, purpose, usesBudgetYear = false }: ScreenPlaceholderProps) {
  const { selected } = useBudgetYear();
  const subtitle = usesBudgetYear && selected ? `Budget year ${selected.fiscalYear}` : undefined;
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <section className="card" aria-label={`${title} status`}>
        <EmptyState title="This screen is being built.">
          <p>{purpose}</p>
        </EmptyState>
      </section>
    </>
  );
}
