import type { AgPublicEventType, GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** What changes how wide the shown columns are, or how wide the grid's box is. */
const WIDTH_EVENTS: AgPublicEventType[] = [
  'displayedColumnsChanged',
  'columnResized',
  'columnVisible',
  'gridSizeChanged',
  'firstDataRendered',
];

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
 * shown), kept up as columns are resized, hidden or shown and as the box resizes. `watch` is
 * called with the grid's API once it is ready.
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
      for (const type of WIDTH_EVENTS) {
        api.addEventListener(type, check);
      }
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
    return () => observer.disconnect();
  }, [boxRef, check]);

  useEffect(
    () => () => {
      const api = apiRef.current;
      if (api && !api.isDestroyed()) {
        for (const type of WIDTH_EVENTS) {
          api.removeEventListener(type, check);
        }
      }
      apiRef.current = null;
    },
    [check],
  );

  return { wide, watch };
}
