import type { ColDef, SuppressKeyboardEventParams } from 'ag-grid-community';
import type { GridColumnContext } from '@web/components/data-grid/column-types';
import { RowActionsCell, type RowAction } from '@web/components/data-grid/row-actions-cell';

/** The column id of a grid's row buttons (Edit, Delete). */
export const ACTIONS_COL_ID = 'actions';

/** A phone's screen (the width below which the app's layouts stack). */
export const PHONE_QUERY = '(max-width: 639px)';

/** The widest a pinned name column starts on a phone, so it and a figure or the row's buttons share the screen. */
const COMPACT_NAME_WIDTH = 150;

/**
 * The narrowest it goes to make room for the row's buttons (settleEdges). Its own minimum too: a
 * text column's 110 px made AG Grid refuse any narrower width, and the buttons stayed cut.
 */
export const COMPACT_NAME_MIN_WIDTH = 100;

/**
 * A pinned-right column of row buttons (Edit, Delete). The buttons are out of the tab order (the
 * grid moves focus cell by cell), so Enter on the focused cell runs the first action.
 */
export function actionsColumn<T>(actions: RowAction<T>[], label: (row: T) => string): ColDef<T> {
  return {
    colId: ACTIONS_COL_ID,
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

const pinnedLeft = (def: ColDef<unknown>): boolean => def.pinned === 'left' || def.pinned === true;

/**
 * A phone's columns, the one rule for every grid: the identifying column pinned left (a name, a
 * line's description, a position's title) starts at most 150 px wide, so the figures show beside it
 * as the other columns scroll past; the row buttons pinned right go just after it, unpinned. A 390 px
 * phone cannot hold a name and two buttons pinned on both sides (AG Grid unpinned them all, and Edit
 * and Delete came last, eight columns after the name). A read-only year has no buttons, and its
 * columns were left as defined: the Proposed Budget's 300 px description was wider than AG Grid
 * lets a pinned column be on a phone, so it was unpinned and scrolled away with the amounts. The
 * same columns when nothing is pinned.
 */
export function phoneColumns<T>(columns: ColDef<T>[]): ColDef<T>[] {
  const actions = columns.find((c) => c.colId === ACTIONS_COL_ID && c.pinned === 'right');
  if (!actions && !columns.some((c) => pinnedLeft(c as ColDef<unknown>))) {
    return columns;
  }
  const rest = columns
    .filter((c) => c !== actions)
    .map((c) => {
      if (!pinnedLeft(c as ColDef<unknown>)) {
        return c;
      }
      const context = (c.context ?? {}) as GridColumnContext;
      const cap = Math.min(context.autoMaxWidth ?? COMPACT_NAME_WIDTH, COMPACT_NAME_WIDTH);
      return {
        ...c,
        width: Math.min(c.width ?? COMPACT_NAME_WIDTH, COMPACT_NAME_WIDTH),
        minWidth: Math.min(c.minWidth ?? COMPACT_NAME_MIN_WIDTH, COMPACT_NAME_MIN_WIDTH),
        context: { ...context, autoMaxWidth: cap } satisfies GridColumnContext,
      };
    });
  if (!actions) {
    return rest;
  }
  const at = rest.reduce((n, c, i) => (pinnedLeft(c as ColDef<unknown>) ? i + 1 : n), 0);
  return [...rest.slice(0, at), { ...actions, pinned: null }, ...rest.slice(at)];
}
