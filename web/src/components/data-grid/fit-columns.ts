import type { Column, GridApi, SizeColumnsToContentColumnLimits } from 'ag-grid-community';
import type { GridColumnContext } from '@web/components/data-grid/column-types';
import { isGridColumn } from '@web/components/data-grid/column-layout';
import { formatMoneyCents } from '@web/lib/format';

/**
 * The widest a column grows by itself: 18% of the grid (about 240 px at 1440 px, 330 at 1920),
 * within 160 to 360 px. A longer title or note ends in an ellipsis (the user can drag the column
 * wider, or double-click its edge), so one long value does not push the figures the user edits off
 * screen.
 */
export function maxAutoWidth(gridWidth: number): number {
  return Math.round(Math.min(360, Math.max(160, gridWidth * 0.18)));
}
/**
 * Room added to the measured content (cells already have their own padding). AG Grid's default of
 * 20 px made the Employee Budget Manager 140 px wider at 1440 px and hid Next Year Salary under
 * the pinned Actions column. The grid takes it as gridOptions.autoSizePadding.
 */
export const AUTO_SIZE_PADDING = 6;

function isMoney(column: Column): boolean {
  return (column.getColDef().context as GridColumnContext | undefined)?.export === 'money';
}

/**
 * The widest figure of a money column over every row, not only the rows on screen: the largest
 * amount, with a minus sign if any amount is negative. One pass over a number field; no formatting
 * or rendering per row.
 */
export function widestMoney<T>(rows: readonly T[], field: string): string | null {
  let max = -1;
  let negative = false;
  for (const row of rows) {
    const value = (row as Record<string, unknown>)[field];
    if (typeof value === 'number') {
      const size = Math.abs(value);
      if (size > max) {
        max = size;
      }
      if (value < 0) {
        negative = true;
      }
    }
  }
  return max < 0 ? null : formatMoneyCents(negative ? -max : max);
}

/** The last text node that shows a dollar figure, so a cell with a badge keeps its badge. */
function figureNode(root: Node): Text | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let found: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.includes('$')) {
      found = node as Text;
    }
  }
  return found;
}

/** A copy of a rendered cell with its figure replaced, in a row like its own, for measuring. */
function cloneWithFigure(cell: HTMLElement, text: string): HTMLElement {
  const clone = cell.cloneNode(true) as HTMLElement;
  const node = figureNode(clone);
  if (node) {
    node.textContent = text;
  } else {
    clone.textContent = text;
  }
  Object.assign(clone.style, { width: '', position: 'static', left: '', right: '' });
  const line = document.createElement('div');
  const row = cell.closest('.ag-row');
  line.className = [...(row?.classList ?? [])].filter((c) => c !== 'ag-row-position-absolute').join(' ');
  line.append(clone);
  return line;
}

/**
 * How wide a cell of the column must be to show `text` in full: the rendered cells of the column
 * (with their badges, padding and font) are cloned off screen with their figure replaced, and
 * measured in one layout, as AG Grid's own auto-size measures cells. Any rendered cell stands in
 * when the column has none on screen.
 */
function cellWidthFor(grid: HTMLElement, colId: string, text: string): number | null {
  const cells = [...grid.querySelectorAll<HTMLElement>(`.ag-row .ag-cell[col-id="${colId}"]`)].filter((c) =>
    figureNode(c),
  );
  const any = grid.querySelector<HTMLElement>('.ag-row .ag-cell');
  const samples = cells.length ? cells : any ? [any] : [];
  const container = samples[0]?.closest('.ag-row')?.parentElement;
  if (!container) {
    return null;
  }
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;left:0;top:0;visibility:hidden;';
  box.append(...samples.map((cell) => cloneWithFigure(cell, text)));
  container.append(box);
  const width = box.offsetWidth;
  box.remove();
  return width + AUTO_SIZE_PADDING;
}

/** A column's own cap on sizing to its content (GridColumnContext.autoMaxWidth), if it has one. */
function autoMaxWidthOf(column: Column): number | undefined {
  return (column.getColDef().context as GridColumnContext | undefined)?.autoMaxWidth;
}

/** A money column's minimum: its largest figure shown in full; a capped column's maximum. */
function moneyLimits<T>(
  grid: HTMLElement,
  rows: readonly T[],
  columns: Column[],
): SizeColumnsToContentColumnLimits[] {
  const limits: SizeColumnsToContentColumnLimits[] = [];
  for (const column of columns) {
    const cap = autoMaxWidthOf(column);
    if (cap) {
      limits.push({ colId: column.getColId(), maxWidth: cap });
    }
    const field = column.getColDef().field;
    if (!isMoney(column) || !field) {
      continue;
    }
    const widest = widestMoney(rows, field);
    const width = widest ? cellWidthFor(grid, column.getColId(), widest) : null;
    if (width) {
      limits.push({ colId: column.getColId(), minWidth: width });
    }
  }
  return limits;
}

/**
 * Sizes the grid's shown columns to their header and content, except those the user sized; money
 * columns at least as wide as their largest figure over all rows; then spreads any width left over
 * across the unpinned columns, so the grid is filled (settleEdges then ends them at a column's
 * edge). AG Grid measures the rendered rows only (about 30 of 50,000), so this costs a few
 * milliseconds whatever the row count.
 */
export function fitColumns<T>(
  api: GridApi<T>,
  grid: HTMLElement,
  rows: readonly T[],
  keep: ReadonlySet<string>,
): void {
  const columns = (api.getColumns() ?? []).filter(
    (c) => c.isVisible() && !isGridColumn(c.getColId()) && !keep.has(c.getColId()),
  );
  if (!columns.length) {
    return;
  }
  const limits = moneyLimits(grid, rows, columns);
  // Columns off to the side have no cells to measure, and keep their width: widen those money
  // columns here already.
  const narrow = limits.filter((l) => (api.getColumn(l.colId)?.getActualWidth() ?? 0) < (l.minWidth ?? 0));
  if (narrow.length) {
    api.setColumnWidths(narrow.map((l) => ({ key: l.colId, newWidth: l.minWidth ?? 0 })));
  }
  api.autoSizeColumns({
    colIds: columns.map((c) => c.getColId()),
    columnLimits: limits,
    defaultMaxWidth: maxAutoWidth(grid.clientWidth),
    scaleUpToFitGridWidth: true,
  });
}
