// @vitest-environment happy-dom
import { act, render, waitFor } from '@testing-library/react';
import type { GridApi } from 'ag-grid-community';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '@web/test/render';
import { AgDataGrid } from './ag-data-grid';

interface Row {
  id: number;
  name: string;
  position: string;
  amount: number;
}
const ROWS: Row[] = [
  { id: 1, name: 'Almeida', position: 'Teacher', amount: 61000 },
  { id: 2, name: 'Barrett', position: 'Nurse', amount: 58000 },
];
const COLUMNS = [
  { colId: 'name', field: 'name' as const, headerName: 'Name', width: 200, pinned: 'left' as const },
  { colId: 'position', field: 'position' as const, headerName: 'Position', width: 200 },
  { colId: 'amount', field: 'amount' as const, headerName: 'Amount', width: 200 },
];
const HINT = 'Scroll the table sideways for more columns.';

// happy-dom lays nothing out: the grid's box is given the width a phone (or a desktop) shows it at.
const box = { width: 0 };
const had = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');

describe('a grid whose columns are wider than its box', () => {
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('data-grid') ? box.width : (had?.get?.call(this) ?? 0);
      },
    });
  });
  afterEach(() => {
    if (had) {
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', had);
    } else {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
    }
  });

  // QA at 390 wide: every grid showed its pinned name and row buttons only, the other columns off
  // to the right and nothing saying so, where the plain tables said it (ScrollArea).
  it('says above it that it scrolls sideways, and stops once hidden columns make it fit', async () => {
    box.width = 358;
    const apiRef: { current: GridApi<Row> | null } = { current: null };
    const view = render(<AgDataGrid<Row> rows={ROWS} columns={COLUMNS} label="People" apiRef={apiRef} />);
    try {
      await waitFor(() => expect(view.getByText(HINT)).toBeTruthy(), { timeout: 5000 });
      const hint = view.getByText(HINT);
      expect(hint.getAttribute('aria-hidden')).toBe('true');
      expect(hint.nextElementSibling?.classList.contains('data-grid'), 'said above the grid').toBe(true);
      act(() => apiRef.current!.setColumnsVisible(['position', 'amount'], false));
      await waitFor(() => expect(view.queryByText(HINT)).toBeNull(), { timeout: 5000 });
      act(() => apiRef.current!.setColumnsVisible(['amount'], true));
      await waitFor(() => expect(view.queryByText(HINT)).not.toBeNull(), { timeout: 5000 });
    } finally {
      view.unmount();
    }
  });

  it('says nothing when its columns fit', async () => {
    box.width = 1200;
    const apiRef: { current: GridApi<Row> | null } = { current: null };
    const view = render(<AgDataGrid<Row> rows={ROWS} columns={COLUMNS} label="People" apiRef={apiRef} />);
    try {
      await waitFor(() => expect(view.container.querySelector('[row-index="0"]')).not.toBeNull());
      expect(view.queryByText(HINT)).toBeNull();
    } finally {
      view.unmount();
    }
  });
});
