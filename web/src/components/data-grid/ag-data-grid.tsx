import type {
  CellEditRequestEvent,
  ColDef,
  ColumnResizedEvent,
  ColumnVisibleEvent,
  FirstDataRenderedEvent,
  GetRowIdParams,
  GridApi,
  GridOptions,
  GridReadyEvent,
  IRowNode,
  RowClassParams,
  RowSelectionOptions,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { PHONE_QUERY, phoneColumns } from '@web/components/data-grid/edit-column';
import { AUTO_SIZE_PADDING } from '@web/components/data-grid/fit-columns';
import { GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT } from '@web/components/data-grid/grid-size';
import { gridTheme } from '@web/components/data-grid/grid-theme';
import { useColumnLayout } from '@web/components/data-grid/use-column-layout';
import { useColumnsOverflow } from '@web/components/data-grid/use-columns-overflow';
import { ScrollHint } from '@web/components/scroll-area';

/** Rows need a stable numeric id: selection, edits and refreshes follow it. */
export interface GridRow {
  id: number;
}

export interface DataGridProps<T extends GridRow> {
  rows: T[] | undefined;
  columns: ColDef<T>[];
  /** The accessible name of the grid ("Employees", "Proposed lines"). */
  label: string;
  /**
   * Names the grid ('employees') for the user's saved column layout. A grid with an id sizes its
   * columns to their content and remembers the order, visibility, pins and widths the user chose
   * (the toolbar's Columns menu, header drags); one without keeps its defined widths.
   */
  gridId?: string;
  loading?: boolean;
  /** Shown when there are no rows at all. */
  emptyText?: string;
  /** The grid grows with its rows up to this height, then scrolls (600px for the employee table). */
  maxHeight?: number;
  selectable?: boolean;
  onSelectionChange?(rows: T[]): void;
  /** Receives the grid API once it is ready (exports, clearing the selection). */
  apiRef?: MutableRefObject<GridApi<T> | null>;
  /** A filter applied on top of the column filters; rows for which it returns false are hidden. */
  externalFilter?: ((row: T) => boolean) | null;
  /** Free-text search across every column. */
  quickFilterText?: string;
  /** Inline edits do not change the row: the screen saves and the refreshed row comes back. */
  onCellEditRequest?(event: CellEditRequestEvent<T>): void;
  rowClass?(row: T): string | undefined;
  /** How many rows pass the filters, after each filter or data change, and of how many rows. */
  onDisplayedRowsChange?(count: number, of: number): void;
  /** The grid has drawn its first rows (once per grid). */
  onFirstDataRendered?(): void;
  /**
   * Where Tab and the arrow keys go from a cell (AG Grid's tabToNextCell and navigateToNextCell):
   * a screen whose rows hold one control each can make Tab a step from row to row.
   */
  keyboard?: Pick<GridOptions<T>, 'tabToNextCell' | 'navigateToNextCell'>;
}

const MIN_BODY_ROWS = 4;

/**
 * The no-rows overlay, its words given through its params: AG Grid reads its own text (localeText)
 * once, at start, so a screen whose words change (a year with no positions, then filters that match
 * none) kept the first ones.
 */
function NoRowsOverlay({ text }: { text: string }) {
  return <span className="ag-overlay-no-rows-center">{text}</span>;
}

/**
 * The loading overlay, a status only while it shows: AG Grid's own wrote 'Loading...' into the
 * grid's hidden live region, and nothing cleared it, so a screen reader went on hearing it after
 * the rows had loaded. The app's spinner is drawn, not read: the status stays its words. Not the
 * Spinner component: its block is what a lazy part's code shows while it loads, and this is data.
 */
function LoadingOverlay() {
  return (
    <div className="ag-overlay-loading-center" role="status">
      <div className="spinner" aria-hidden="true" />
      <span className="ag-loading-text">Loading...</span>
    </div>
  );
}

/** Whether the grid starts on a phone (its columns then keep a phone's layout while it lives). */
const onPhone = (): boolean =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE_QUERY).matches);

/** The pixel height of every shown row: the last row's top plus its height. */
function measure<T>(api: GridApi<T>): number {
  const count = api.getDisplayedRowCount();
  const last = count > 0 ? api.getDisplayedRowAtIndex(count - 1) : undefined;
  return last ? (last.rowTop ?? 0) + (last.rowHeight ?? GRID_ROW_HEIGHT) : 0;
}

// The checkboxes sit at the far left, before any pinned name column.
const selectionColumnDef = { pinned: 'left' as const, width: 48 };

const defaultColDef: ColDef = {
  sortable: true,
  resizable: true,
  filter: true,
  suppressHeaderMenuButton: false,
};

/**
 * The one AG Grid wrapper every line-item screen uses (loaded through DataGrid in data-grid.tsx): client-side row model (virtualised, so
 * 50,000 rows scroll smoothly), stable row ids, checkbox multi-select over the filtered rows,
 * read-only edits that the screen saves, and the app's theme.
 */
export function AgDataGrid<T extends GridRow>(props: DataGridProps<T>) {
  const {
    rows,
    columns: defined,
    label,
    gridId: definedId,
    loading = false,
    emptyText = 'No rows to show',
    maxHeight = 600,
    selectable = false,
    onSelectionChange,
    apiRef,
    externalFilter,
    quickFilterText,
    onCellEditRequest,
    rowClass,
    onDisplayedRowsChange,
    onFirstDataRendered,
    keyboard,
  } = props;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const gridApi = useRef<GridApi<T> | null>(null);
  const filterRef = useRef(externalFilter);
  // Height of all shown rows in pixels (rows with wrapped text are taller than the default).
  const [contentHeight, setContentHeight] = useState(0);
  // On a phone the pinned name starts narrow, with the row buttons beside it (phoneColumns), a
  // layout kept under an id of its own so neither screen size takes the other's pins and order.
  const [phone] = useState(onPhone);
  const columns = useMemo(() => (phone ? phoneColumns(defined) : defined), [phone, defined]);
  const gridId = definedId && columns !== defined ? `${definedId}-compact` : definedId;
  const { restore, handlers } = useColumnLayout({ gridId, columns, rows, wrapperRef });
  // On a phone the pinned name leaves room for little else: the line above says more lie sideways.
  const overflow = useColumnsOverflow<T>(wrapperRef);
  const { watch: watchOverflow, check: checkOverflow } = overflow;

  const rowSelection = useMemo<RowSelectionOptions<T> | undefined>(
    () => (selectable ? { mode: 'multiRow', selectAll: 'filtered', enableClickSelection: false } : undefined),
    [selectable],
  );

  const localeText = useMemo(() => ({ noMatchingRows: 'No rows match the filters' }), []);
  const noRowsParams = useMemo(() => ({ text: emptyText }), [emptyText]);

  useEffect(() => {
    filterRef.current = externalFilter;
    gridApi.current?.onFilterChanged();
  }, [externalFilter]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<T>) => {
      gridApi.current = event.api;
      if (gridId) {
        restore(event.api);
      }
      if (apiRef) {
        apiRef.current = event.api;
      }
      watchOverflow(event.api);
      // A filter that changed while the grid was starting (a search typed as the screen opened)
      // found no grid to refilter: its first rows were filtered by the earlier one.
      if (filterRef.current) {
        event.api.onFilterChanged();
      }
      // AG Grid names its grid element only through the DOM; screen readers and tests find it by name.
      wrapperRef.current
        ?.querySelector('[role="grid"], [role="treegrid"]')
        ?.setAttribute('aria-label', label);
    },
    [apiRef, label, gridId, restore, watchOverflow],
  );

  useEffect(
    () => () => {
      if (apiRef) {
        apiRef.current = null;
      }
    },
    [apiRef],
  );

  const isExternalFilterPresent = useCallback(() => Boolean(filterRef.current), []);
  const doesExternalFilterPass = useCallback(
    (node: IRowNode<T>) => !node.data || !filterRef.current || filterRef.current(node.data),
    [],
  );
  const getRowId = useCallback((params: GetRowIdParams<T>) => String(params.data.id), []);
  const getRowClass = useCallback(
    (params: RowClassParams<T>) => (params.data && rowClass ? rowClass(params.data) : undefined),
    [rowClass],
  );

  // Grow with the rows so a short list does not leave a tall empty box, up to maxHeight.
  const body = Math.max(contentHeight, MIN_BODY_ROWS * GRID_ROW_HEIGHT);
  const height = Math.min(maxHeight, GRID_HEADER_HEIGHT + body + 18);

  return (
    <>
      {overflow.wide ? <ScrollHint /> : null}
      <div ref={wrapperRef} className="data-grid" style={{ height }}>
        <AgGridReact<T>
          theme={gridTheme}
          rowData={rows}
          columnDefs={columns}
          // New column definitions (the Employee Budget Manager's arrive again when the salary
          // schedules load) keep the order the user arranged instead of going back to the defined one.
          maintainColumnOrder
          defaultColDef={defaultColDef}
          getRowId={getRowId}
          loading={loading}
          localeText={localeText}
          loadingOverlayComponent={LoadingOverlay}
          noRowsOverlayComponent={NoRowsOverlay}
          noRowsOverlayComponentParams={noRowsParams}
          rowSelection={rowSelection}
          selectionColumnDef={selectionColumnDef}
          onSelectionChanged={(e) => onSelectionChange?.(e.api.getSelectedRows())}
          onGridReady={onGridReady}
          onModelUpdated={(e) => {
            const count = e.api.getDisplayedRowCount();
            setContentHeight(measure(e.api));
            onDisplayedRowsChange?.(count, e.api.getGridOption('rowData')?.length ?? 0);
          }}
          isExternalFilterPresent={isExternalFilterPresent}
          doesExternalFilterPass={doesExternalFilterPass}
          quickFilterText={quickFilterText}
          readOnlyEdit
          onCellEditRequest={onCellEditRequest}
          getRowClass={rowClass ? getRowClass : undefined}
          stopEditingWhenCellsLoseFocus
          animateRows={false}
          // Rows are drawn in the scroll event itself, not spread over later animation frames: a
          // fast scroll through 50,000 lines never shows an empty band. Column virtualisation keeps
          // that to the ~30 rows by ~8 columns on screen, a few milliseconds per scroll.
          suppressAnimationFrame
          enableCellTextSelection
          ensureDomOrder
          tooltipShowDelay={300}
          autoSizePadding={AUTO_SIZE_PADDING}
          {...(gridId ? handlers : {})}
          {...keyboard}
          onFirstDataRendered={(event: FirstDataRenderedEvent<T>) => {
            if (gridId) {
              handlers.onFirstDataRendered(event);
            }
            checkOverflow();
            onFirstDataRendered?.();
          }}
          onColumnResized={(event: ColumnResizedEvent<T>) => {
            if (gridId) {
              handlers.onColumnResized(event);
            }
            checkOverflow();
          }}
          onColumnVisible={(event: ColumnVisibleEvent<T>) => {
            if (gridId) {
              handlers.onColumnVisible(event);
            }
            checkOverflow();
          }}
          onDisplayedColumnsChanged={checkOverflow}
          onGridSizeChanged={checkOverflow}
        />
      </div>
    </>
  );
}
