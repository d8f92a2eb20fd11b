import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Whether the shown columns, pinned ones included, are wider than the box they are drawn in. */
export function columnsOverflow<T>(api: GridApi<T>, boxWidth: number): boolean {
  if (api.isDestroyed() || boxWidth <= 0) {
    return false;
  }
  const columns = api.getAllDisplayedColumns().reduce((sum, column) => sum + column.getActualWidth(), 0);
  return columns > boxWidth + 1;
}

/**
 * Whether the grid scrolls sideways (its columns wider than its box: a phone, or many columns
 * shown). `watch` is called with the grid's API once it is ready; `check` from the grid's events
 * that change its columns' widths (shown, hidden, resized, the grid resized: its props, not
 * api.addEventListener, whose module would put the grid's chunk over the build's size limit); the
 * box's own resizes are observed here.
 */
export function useColumnsOverflow<T>(boxRef: RefObject<HTMLElement | null>) {
  const [wide, setWide] = useState(false);
  const apiRef = useRef<GridApi<T> | null>(null);
  const check = useCallback(() => {
    const api = apiRef.current;
    setWide(Boolean(api && columnsOverflow(api, boxRef.current?.clientWidth ?? 0)));
  }, [boxRef]);

  const watch = useCallback(
    (api: GridApi<T>) => {
      apiRef.current = api;
      check();
    },
    [check],
  );

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => {
      observer.disconnect();
      apiRef.current = null;
    };
  }, [boxRef, check]);

  return { wide, watch, check };
}
