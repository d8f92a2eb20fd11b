import type { ReactNode } from 'react';

/** A tab's heading, what it is for, and its main actions. */
export function TabHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="md-tab-header">
      <div>
        <h2>{title}</h2>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? <div className="md-tab-header__tools">{actions}</div> : null}
    </div>
  );
}
