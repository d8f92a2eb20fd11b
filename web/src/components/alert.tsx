import type { ReactNode } from 'react';

interface AlertProps {
  /** warning: something to look at before going on (an over-award, rows added to a year's own). */
  variant?: 'error' | 'success' | 'info' | 'warning';
  title?: string;
  children: ReactNode;
}

/** An inline message; errors are announced at once, other messages politely. */
export function Alert({ variant = 'error', title, children }: AlertProps) {
  return (
    <div className={`alert alert--${variant}`} role={variant === 'error' ? 'alert' : 'status'}>
      {title ? <strong className="alert__title">{title}</strong> : null}
      {children}
    </div>
  );
}
