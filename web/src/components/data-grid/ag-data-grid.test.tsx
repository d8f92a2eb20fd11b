// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import type { GridApi } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import '@web/test/render';
import { AgDataGrid } from './ag-data-grid';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 1, name: 'Almeida' },
  { id: 2, name: 'Barrett' },
  { id: 3, name: 'Bulkgroup' },
];
const COLUMNS = [{ colId: 'name', field: 'name' as const, headerName: 'Name' }];

function shown(api: GridApi<Row>): string[] {
  const names: string[] = [];
  api.forEachNodeAfterFilter((node) => names.push(node.data!.name));
  return names;
}

describe('the grid filter', () => {
  // A search typed while the grid was still starting (CI saw it: the totals said 1 employee, the
  // grid showed all 505) was kept by the screen but never applied by the grid.
  it('applies a filter that changed before the grid was ready', async () => {
    const apiRef: { current: GridApi<Row> | null } = { current: null };
    const props = { rows: ROWS, columns: COLUMNS, label: 'People', apiRef };
    const view = render(<AgDataGrid<Row> {...props} externalFilter={null} />);
    expect(apiRef.current, 'the grid is not ready yet').toBeNull();
    view.rerender(<AgDataGrid<Row> {...props} externalFilter={(r) => r.name.startsWith('Bulk')} />);
    await waitFor(() => expect(apiRef.current).not.toBeNull());
    expect(shown(apiRef.current!)).toEqual(['Bulkgroup']);
    view.unmount();
  });

  it('applies a filter changed after the grid was ready, and clears it', async () => {
    const apiRef: { current: GridApi<Row> | null } = { current: null };
    const props = { rows: ROWS, columns: COLUMNS, label: 'People', apiRef };
    const view = render(<AgDataGrid<Row> {...props} externalFilter={null} />);
    await waitFor(() => expect(apiRef.current).not.toBeNull());
    expect(shown(apiRef.current!)).toEqual(['Almeida', 'Barrett', 'Bulkgroup']);
    view.rerender(<AgDataGrid<Row> {...props} externalFilter={(r) => r.name.startsWith('B')} />);
    expect(shown(apiRef.current!)).toEqual(['Barrett', 'Bulkgroup']);
    view.rerender(<AgDataGrid<Row> {...props} externalFilter={null} />);
    expect(shown(apiRef.current!)).toEqual(['Almeida', 'Barrett', 'Bulkgroup']);
    view.unmount();
  });
});

describe('a forced cell refresh', () => {
  // The Proposed Budget redraws its Fund cells, which read the grant's over-award state through a
  // ref, with refreshCells when that state arrives. Without AG Grid's RenderApiModule the call only
  // logged error #200 and the cells kept their first text.
  it('redraws the cells of a column from what they read now', async () => {
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const spyWarn = vi.spyOn(console, 'warn').mockImplementation((...args) => void errors.push(args));
    const mark = { current: '' };
    const apiRef: { current: GridApi<Row> | null } = { current: null };
    const columns = [
      {
        colId: 'name',
        field: 'name' as const,
        headerName: 'Name',
        valueFormatter: (p: { value: string }) => p.value + mark.current,
      },
    ];
    const view = render(<AgDataGrid<Row> rows={ROWS} columns={columns} label="People" apiRef={apiRef} />);
    try {
      await waitFor(() => expect(view.container.querySelector('[col-id="name"].ag-cell')).not.toBeNull());
      expect(view.container.querySelector('[row-index="0"] [col-id="name"]')?.textContent).toBe('Almeida');
      mark.current = ' (over)';
      apiRef.current!.refreshCells({ columns: ['name'], force: true });
      await waitFor(() =>
        expect(view.container.querySelector('[row-index="0"] [col-id="name"]')?.textContent).toBe(
          'Almeida (over)',
        ),
      );
      expect(errors.map((e) => String(e[0]))).not.toContainEqual(
        expect.stringMatching(/#200|Missing module/),
      );
    } finally {
      spy.mockRestore();
      spyWarn.mockRestore();
      view.unmount();
    }
  });
});

describe("the grid's hidden live region", () => {
  // QA heard the grid say 'Loading...' long after its rows had come: AG Grid's loading overlay wrote
  // it into the region a screen reader reads, and nothing took it away.
  it('does not go on saying Loading... once the rows have loaded', async () => {
    const apiRef: { current: GridApi<Row> | null } = { current: null };
    const props = { columns: COLUMNS, label: 'People', apiRef };
    const view = render(<AgDataGrid<Row> {...props} rows={undefined} loading />);
    try {
      await waitFor(() => expect(view.container.querySelector('.ag-overlay-loading-center')).not.toBeNull());
      // While it loads, the overlay itself says so.
      expect(view.getByRole('status').textContent).toBe('Loading...');
      // AG Grid writes its announcements after a short delay: give a pending one time to land.
      await new Promise((done) => setTimeout(done, 400));
      view.rerender(<AgDataGrid<Row> {...props} rows={ROWS} loading={false} />);
      await waitFor(() => expect(view.container.querySelector('[row-index="0"]')).not.toBeNull());
      await new Promise((done) => setTimeout(done, 400));
      const region = view.container.querySelector('.ag-aria-description-container');
      expect(region, 'the grid has its live region').not.toBeNull();
      expect(region!.textContent).not.toMatch(/Loading/);
      expect(view.queryByRole('status')).toBeNull();
    } finally {
      view.unmount();
    }
  });
});

describe("the grid's loading overlay", () => {
  // AG Grid's own overlay drew a spinning icon; ours, made to clear the live region, said only
  // 'Loading...', so a grid's load looked stalled where every other load in the app spins.
  it('shows the app spinner, unread, while the rows load, and takes it away once they have', async () => {
    const props = { columns: COLUMNS, label: 'People' };
    const view = render(<AgDataGrid<Row> {...props} rows={undefined} loading />);
    try {
      const status = await waitFor(() => view.getByRole('status'));
      const spinner = status.querySelector('.spinner');
      expect(spinner, 'the overlay draws the app spinner').not.toBeNull();
      expect(spinner!.getAttribute('aria-hidden')).toBe('true');
      expect(status.textContent).toBe('Loading...');
      view.rerender(<AgDataGrid<Row> {...props} rows={ROWS} loading={false} />);
      await waitFor(() => expect(view.container.querySelector('[row-index="0"]')).not.toBeNull());
      await waitFor(() => expect(view.container.querySelector('.spinner')).toBeNull());
    } finally {
      view.unmount();
    }
  });
});
