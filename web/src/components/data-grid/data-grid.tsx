import { Suspense, type ComponentType } from 'react';
import '@web/components/data-grid/data-grid.css';
import type { DataGridProps, GridRow } from '@web/components/data-grid/ag-data-grid';
import { GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT } from '@web/components/data-grid/grid-size';
import { preloadable } from '@web/lib/preloadable';

export type { DataGridProps, GridRow };

// AG Grid (about 300 kB compressed) arrives in its own chunk, so a screen renders its filters and
// starts downloading its lines at once; the grid code loads and starts up alongside that download
// instead of before it.
const AgDataGrid = preloadable(
  async () =>
    (await import('@web/components/data-grid/ag-data-grid')).AgDataGrid as ComponentType<
      DataGridProps<GridRow>
    >,
);

/** Loads the grid's code ahead of the first grid (a screen opened at page load waits for it). */
export const preloadDataGrid = AgDataGrid.preload;

/** Where the grid will be, while its code (or what it needs first) loads: the same height, so nothing jumps. */
export function GridPlaceholder({ maxHeight = 600 }: { maxHeight?: number }) {
  return (
    <div
      className="data-grid data-grid--placeholder"
      style={{ height: Math.min(maxHeight, GRID_HEADER_HEIGHT + 4 * GRID_ROW_HEIGHT + 18) }}
      role="status"
    >
      Loading table...
    </div>
  );
}

/** The app's data grid (see ag-data-grid.tsx for what it does). */
export function DataGrid<T extends GridRow>(props: DataGridProps<T>) {
  return (
    <Suspense fallback={<GridPlaceholder maxHeight={props.maxHeight} />}>
      <AgDataGrid.Component {...(props as unknown as DataGridProps<GridRow>)} />
    </Suspense>
  );
}
