import type { Column, GridApi, IRowNode } from 'ag-grid-community';
import { useState, type MutableRefObject } from 'react';
import type { GridColumnContext } from '@web/components/data-grid/column-types';
import { exportCsv, exportXlsx, type ExportColumn, type ExportValue } from '@web/lib/export';

/**
 * The grid's visible columns in display order, as export columns. Text columns are written as the
 * grid shows them (formatted); money and numbers as raw numbers so a spreadsheet can sum them.
 */
export function exportColumnsOf<T>(api: GridApi<T>): ExportColumn<IRowNode<T>>[] {
  return api
    .getAllDisplayedColumns()
    .filter((col: Column) => {
      const def = col.getColDef();
      const ctx = def.context as GridColumnContext | undefined;
      return ctx?.export !== false && !col.getColId().startsWith('ag-Grid-');
    })
    .flatMap((col: Column) => {
      const def = col.getColDef();
      const ctx = def.context as GridColumnContext | undefined;
      const kind = ctx?.export || 'text';
      const also = (ctx?.exportAlso ?? []).map((extra) => ({
        ...extra,
        value: (node: IRowNode<T>) => (extra.value as (data: T | undefined) => ExportValue)(node.data),
      }));
      return [
        {
          header: def.headerName ?? col.getColId(),
          kind,
          value: (node: IRowNode<T>) =>
            kind === 'text'
              ? api.getCellValue({ rowNode: node, colKey: col, useFormatter: true })
              : api.getCellValue({ rowNode: node, colKey: col }),
        },
        ...also,
      ];
    });
}

/** The rows the grid shows, after its filters and in its sort order. */
export function shownNodesOf<T>(api: GridApi<T>): IRowNode<T>[] {
  const nodes: IRowNode<T>[] = [];
  api.forEachNodeAfterFilterAndSort((node) => {
    if (node.data) {
      nodes.push(node);
    }
  });
  return nodes;
}

interface ExportToolbarProps<T> {
  apiRef: MutableRefObject<GridApi<T> | null>;
  /** File name without extension; the date is appended. */
  fileName: string;
  sheetName: string;
  disabled?: boolean;
}

function stamp(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'Export CSV' and 'Export Excel': exactly the rows and columns the grid shows. */
export function ExportToolbar<T>({ apiRef, fileName, sheetName, disabled = false }: ExportToolbarProps<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (format: 'csv' | 'xlsx') => {
    const api = apiRef.current;
    if (!api) {
      return;
    }
    setError(null);
    const nodes = shownNodesOf(api);
    const columns = exportColumnsOf(api);
    const name = `${fileName}-${stamp()}`;
    if (format === 'csv') {
      exportCsv(nodes, columns, `${name}.csv`);
      return;
    }
    setBusy(true);
    try {
      await exportXlsx(nodes, columns, `${name}.xlsx`, sheetName);
    } catch {
      setError('Export failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid-export" role="group" aria-label="Export">
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={disabled}
        onClick={() => void run('csv')}
      >
        Export CSV
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={disabled || busy}
        onClick={() => void run('xlsx')}
      >
        {busy ? 'Exporting...' : 'Export Excel'}
      </button>
      {error ? (
        <span role="alert" className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
