import type {
  ColDef,
  ColumnMovedEvent,
  ColumnPinnedEvent,
  ColumnResizedEvent,
  ColumnVisibleEvent,
  FirstDataRenderedEvent,
  GridApi,
  NewColumnsLoadedEvent,
} from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { useOptionalSession } from '@web/auth/session-context';
import {
  defaultLayout,
  layoutKey,
  layoutOf,
  mergeLayout,
  parseLayout,
  sameLayout,
  serializeLayout,
  toColumnState,
  type SavedColumn,
} from '@web/components/data-grid/column-layout';
import { settleEdges } from '@web/components/data-grid/column-edges';
import { fitColumns } from '@web/components/data-grid/fit-columns';

/** What the Columns menu reaches through the grid's context (gridOptions.context). */
export interface GridLayoutContext {
  /** Back to the defined columns, sized to their content, and forget the saved layout. */
  resetColumns(): void;
}

const SAVE_DELAY_MS = 300;

function readStored(key: string): SavedColumn[] | null {
  try {
    return parseLayout(localStorage.getItem(key));
  } catch {
    return null;
  }
}

function writeStored(key: string, layout: SavedColumn[], defaults: SavedColumn[]): void {
  try {
    if (sameLayout(layout, defaults)) {
      localStorage.removeItem(key);
    } else {
      localStorage.setItem(key, serializeLayout(layout));
    }
  } catch {
    // Storage blocked or full: the layout lasts for this visit.
  }
}

interface ColumnLayoutOptions<T> {
  /** Names the grid in the saved layout's key; without it the layout is not remembered. */
  gridId: string | undefined;
  columns: ColDef<T>[];
  rows: T[] | undefined;
  wrapperRef: RefObject<HTMLDivElement | null>;
}

/**
 * Sizes a grid's columns to their content once its first rows show, and remembers the user's
 * column layout (order, shown or hidden, pinned, widths they dragged) per signed-in user and grid
 * in localStorage: applied when the grid starts, saved shortly after each change, removed when it
 * is the defined layout again. In this browser only; the server keeps no layouts.
 */
export function useColumnLayout<T>({ gridId, columns, rows, wrapperRef }: ColumnLayoutOptions<T>) {
  // Optional: a grid outside the signed-in shell (a test, an embed) just keeps no layout.
  const user = useOptionalSession()?.user;
  const key = gridId && user ? layoutKey(user.id, gridId) : null;
  const defaults = useMemo(() => defaultLayout(columns), [columns]);
  const api = useRef<GridApi<T> | null>(null);
  const rowsRef = useRef(rows);
  const userSized = useRef(new Set<string>());
  const fitted = useRef(false);
  const pending = useRef<{ timer: number; write(): void } | null>(null);

  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);

  const flush = useCallback(() => {
    const job = pending.current;
    pending.current = null;
    if (job) {
      window.clearTimeout(job.timer);
      job.write();
    }
  }, []);
  useEffect(() => flush, [flush]);

  const fit = useCallback(() => {
    const grid = wrapperRef.current;
    if (api.current && grid && fitted.current && !api.current.isDestroyed()) {
      fitColumns(api.current, grid, rowsRef.current ?? [], userSized.current);
    }
  }, [wrapperRef]);

  // More or fewer rows (the whole list after its first lines, a line added or deleted): a larger
  // figure may have come in, so the columns are sized again.
  const rowCount = rows?.length ?? 0;
  useEffect(() => {
    fit();
  }, [rowCount, fit]);

  const save = useCallback(() => {
    if (!key || !api.current) {
      return;
    }
    // Read now (a pending save still writes after the grid is gone), write a moment later.
    const layout = layoutOf(api.current.getColumnState(), userSized.current);
    if (pending.current) {
      window.clearTimeout(pending.current.timer);
    }
    const write = () => writeStored(key, layout, defaults);
    pending.current = { timer: window.setTimeout(flush, SAVE_DELAY_MS), write };
  }, [key, defaults, flush]);

  /** Call from onGridReady: applies the saved layout before the first rows draw. */
  const restore = useCallback(
    (gridApi: GridApi<T>) => {
      api.current = gridApi;
      const saved = key ? readStored(key) : null;
      userSized.current = new Set(saved?.filter((c) => c.width).map((c) => c.colId));
      if (saved) {
        gridApi.applyColumnState({ state: toColumnState(mergeLayout(saved, defaults)), applyOrder: true });
      }
    },
    [key, defaults],
  );

  const reset = useCallback(() => {
    const gridApi = api.current;
    if (!gridApi) {
      return;
    }
    if (pending.current) {
      window.clearTimeout(pending.current.timer);
      pending.current = null;
    }
    userSized.current = new Set();
    gridApi.resetColumnState();
    if (key) {
      writeStored(key, defaults, defaults);
    }
    fit();
  }, [key, defaults, fit]);
  // The grid reads its context once (an initial option), so it gets a stable object that calls the
  // current reset.
  const resetRef = useRef(reset);
  useEffect(() => {
    resetRef.current = reset;
  }, [reset]);
  const context = useMemo<GridLayoutContext>(() => ({ resetColumns: () => resetRef.current() }), []);

  const handlers = useMemo(
    () => ({
      context,
      onFirstDataRendered: (_event: FirstDataRenderedEvent<T>) => {
        fitted.current = true;
        fit();
      },
      // New definitions after the first rows (a screen's fund names arriving late) bring back the
      // defined widths, clipping what was sized to its content: the widths the user dragged are
      // put back and the rest sized again.
      onNewColumnsLoaded: (_event: NewColumnsLoadedEvent<T>) => {
        if (!fitted.current || !api.current || api.current.isDestroyed()) {
          return;
        }
        flush();
        const dragged = (key ? readStored(key) : null)?.filter(
          (c) => c.width && userSized.current.has(c.colId),
        );
        if (dragged?.length) {
          api.current.setColumnWidths(dragged.map((c) => ({ key: c.colId, newWidth: c.width! })));
        }
        fit();
      },
      onColumnMoved: (event: ColumnMovedEvent<T>) => {
        if (event.finished) {
          save();
        }
      },
      onColumnPinned: (_event: ColumnPinnedEvent<T>) => save(),
      onColumnVisible: (_event: ColumnVisibleEvent<T>) => {
        // Shown columns get their content width, and the others take up any width a hidden one left.
        fit();
        save();
      },
      onColumnResized: (event: ColumnResizedEvent<T>) => {
        // An auto-size (fitColumns) has ended: no column left cut at the pinned Actions column.
        if (event.finished && event.source === 'autosizeColumns' && !event.api.isDestroyed()) {
          settleEdges(event.api, userSized.current);
        }
        if (event.finished && event.source === 'uiColumnResized') {
          event.columns?.forEach((c) => userSized.current.add(c.getColId()));
          save();
        }
      },
    }),
    [context, fit, save, flush, key],
  );
  return { restore, handlers };
}
