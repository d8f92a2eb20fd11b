import type { GridApi } from 'ag-grid-community';
import type { MutableRefObject, ReactNode } from 'react';
import { ColumnsMenu } from '@web/components/data-grid/columns-menu';
import { formatNumber } from '@web/lib/format';

const count = (n: number) => formatNumber(n);

interface GridToolbarProps<T> {
  /** How many rows the grid holds; undefined while they load. */
  total: number | undefined;
  /** How many the filters let through, once the grid has said (null: all of them). */
  shown: number | null;
  /** What the rows are, plural: 'employees', 'lines', 'records'. */
  noun: string;
  /** How many rows are selected, for grids with selection. */
  selected?: number;
  /** The grid's API: with it the toolbar offers the Columns menu (show, hide, pin, move, reset). */
  apiRef?: MutableRefObject<GridApi<T> | null>;
  /** The actions on the right (bulk buttons, export). */
  children: ReactNode;
}

/** The line over a grid: "12 of 40 employees · 2 selected", announced as it changes, and the actions. */
export function GridToolbar<T>({ total, shown, noun, selected = 0, apiRef, children }: GridToolbarProps<T>) {
  return (
    <div className="grid-toolbar">
      <span className="grid-toolbar__meta" aria-live="polite">
        {total !== undefined ? `${count(shown ?? total)} of ${count(total)} ${noun}` : `Loading ${noun}...`}
        {selected ? ` · ${count(selected)} selected` : null}
      </span>
      {apiRef ? (
        <div className="grid-toolbar__actions">
          {children}
          <ColumnsMenu apiRef={apiRef} />
        </div>
      ) : (
        children
      )}
    </div>
  );
}
