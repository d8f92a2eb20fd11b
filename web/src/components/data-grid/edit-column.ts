import type { ColDef, SuppressKeyboardEventParams } from 'ag-grid-community';
import type { GridColumnContext } from '@web/components/data-grid/column-types';
import { RowActionsCell, type RowAction } from '@web/components/data-grid/row-actions-cell';

/**
 * A pinned-right column of row buttons (Edit, Delete). The buttons are out of the tab order (the
 * grid moves focus cell by cell), so Enter on the focused cell runs the first action.
 */
export function actionsColumn<T>(actions: RowAction<T>[], label: (row: T) => string): ColDef<T> {
  return {
    colId: 'actions',
    headerName: 'Actions',
    width: 70 + actions.length * 62,
    pinned: 'right',
    sortable: false,
    filter: false,
    resizable: false,
    suppressMovable: true,
    cellRenderer: RowActionsCell<T>,
    cellRendererParams: { actions, label },
    context: { export: false } satisfies GridColumnContext,
    suppressKeyboardEvent: (params: SuppressKeyboardEventParams<T>) => {
      if (params.event.type === 'keydown' && params.event.key === 'Enter' && params.data && actions[0]) {
        params.event.preventDefault();
        actions[0].onClick(params.data);
        return true;
      }
      return false;
    },
  };
}

/** The per-row Edit button. */
export function editColumn<T>(onEdit: (row: T) => void, label: (row: T) => string): ColDef<T> {
  return actionsColumn([{ name: 'Edit', onClick: onEdit }], label);
}
