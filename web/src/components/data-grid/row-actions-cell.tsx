import type { CustomCellRendererProps } from 'ag-grid-react';

export interface RowAction<T> {
  name: string;
  onClick(row: T): void;
  danger?: boolean;
}

interface RowActionsParams<T> {
  actions: RowAction<T>[];
  /** Names the row in each button's accessible name ("Edit Smith, Jo"). */
  label(row: T): string;
}

/** Small buttons in a grid row; each names its row for screen readers. */
export function RowActionsCell<T>(props: CustomCellRendererProps<T> & RowActionsParams<T>) {
  const { data, actions, label } = props;
  if (!data) {
    return null;
  }
  return (
    <span className="grid-row-actions">
      {actions.map((action) => (
        <button
          key={action.name}
          type="button"
          className={`btn btn--small ${action.danger ? 'btn--danger-ghost' : 'btn--ghost'}`}
          aria-label={`${action.name} ${label(data)}`}
          tabIndex={-1}
          onClick={() => action.onClick(data)}
        >
          {action.name}
        </button>
      ))}
    </span>
  );
}
