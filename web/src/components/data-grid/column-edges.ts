import type { Column, GridApi } from 'ag-grid-community';
import { ACTIONS_COL_ID, COMPACT_NAME_MIN_WIDTH } from '@web/components/data-grid/edit-column';

/** A scrolling (unpinned) column as the grid shows it, and whether it may be widened. */
export interface EdgeColumn {
  colId: string;
  width: number;
  grow: boolean;
}

/**
 * New widths so that no column is cut at the right edge of the scrolling area: the column that
 * reaches past the edge (at 1440 px Data Quality showed one letter of Location, Import History
 * '08/2' of a hire date, Positions 'Holders (s' beside the pinned Actions) goes wholly past it, and
 * the part of it that showed is spread over the columns before it that may grow. Null when a column
 * ends at the edge already, all fit, or none before the cut one may grow.
 */
export function widthsToEdge(columns: readonly EdgeColumn[], viewport: number): Map<string, number> | null {
  let start = 0;
  for (let i = 0; i < columns.length; i += 1) {
    const end = start + columns[i].width;
    if (end <= viewport + 0.5) {
      start = end;
      continue;
    }
    const shown = Math.floor(viewport - start);
    const growing = columns.slice(0, i).filter((c) => c.grow);
    const room = growing.reduce((sum, c) => sum + c.width, 0);
    if (shown < 1 || !growing.length || room <= 0) {
      return null;
    }
    const widths = new Map<string, number>();
    let given = 0;
    growing.forEach((c, j) => {
      const add = j === growing.length - 1 ? shown - given : Math.floor((shown * c.width) / room);
      given += add;
      widths.set(c.colId, c.width + add);
    });
    return widths;
  }
  return null;
}

/**
 * The name column's width on a phone's layout (the row buttons unpinned right after it), so the
 * buttons show whole beside it: narrowed by what they run past the screen, to no less than `min`.
 * Null when they fit already.
 */
export function nameWidthBesideActions(
  nameWidth: number,
  actionsWidth: number,
  centerWidth: number,
  min = COMPACT_NAME_MIN_WIDTH,
): number | null {
  const over = Math.ceil(actionsWidth - centerWidth);
  if (over <= 0 || nameWidth <= min) {
    return null;
  }
  return Math.max(min, nameWidth - over);
}

const centerWidth = (api: GridApi<unknown>): number => {
  const range = api.getHorizontalPixelRange();
  return range.right - range.left;
};

/**
 * Once the columns are sized to their content (AG Grid's auto-size ends later than the call that
 * starts it, with a columnResized event from 'autosizeColumns'; use-column-layout.ts waits for it): on a phone's layout the row buttons made to show
 * whole beside the pinned name, then the scrolling columns ended at a column's edge. `keep` are the
 * columns the user sized, which are not widened.
 */
export function settleEdges<T>(api: GridApi<T>, keep: ReadonlySet<string>): void {
  const shown = api.getAllDisplayedColumns();
  const left = shown.filter((c) => c.getPinned() === 'left');
  const scrolling = shown.filter((c) => !c.getPinned());
  const name = left.at(-1);
  const actions = scrolling[0]?.getColId() === ACTIONS_COL_ID ? scrolling[0] : undefined;
  if (name && actions) {
    const width = nameWidthBesideActions(
      name.getActualWidth(),
      actions.getActualWidth(),
      centerWidth(api as GridApi<unknown>),
    );
    if (width) {
      api.setColumnWidths([{ key: name, newWidth: width }]);
    }
  }
  const edge = (c: Column): EdgeColumn => ({
    colId: c.getColId(),
    width: c.getActualWidth(),
    grow: !keep.has(c.getColId()),
  });
  const widths = widthsToEdge(scrolling.map(edge), centerWidth(api as GridApi<unknown>));
  if (widths) {
    api.setColumnWidths([...widths].map(([key, newWidth]) => ({ key, newWidth })));
  }
}
