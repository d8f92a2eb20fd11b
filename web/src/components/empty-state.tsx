import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Heading level inside the page; defaults to h2 under the page's h1. */
  headingLevel?: 2 | 3;
}

/** What a list or screen shows when there is nothing to show, and what to do about it. */
export function EmptyState({ title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state">
      <svg className="empty-state__icon" viewBox="0 0 48 48" fill="none" aria-hidden="true">
        <rect x="8" y="6" width="32" height="36" rx="4" stroke="currentColor" strokeWidth="3" />
        <path d="M16 18h16M16 26h16M16 34h10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <Heading>{title}</Heading>
      {children}
      {action}
    </div>
  );
}
