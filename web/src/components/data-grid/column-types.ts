import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { ExportKind, ExportValue } from '@web/lib/export';
import { formatFixed, formatMoneyCents } from '@web/lib/format';

/**
 * What the export toolbar needs to know about a column, kept on the column definition's
 * `context`: how to write it, or `false` to leave it out (action buttons).
 */
export interface GridColumnContext {
  export?: ExportKind | false;
  /** Columns the export writes right after this one, from the row ('Next Year Salary Source'). */
  exportAlso?: { header: string; kind: ExportKind; value(data: never): ExportValue }[];
  /**
   * The widest the column sizes itself to its content (fit-columns.ts), below the grid's usual
   * limit: a long title ends in an ellipsis (its tooltip shows it whole) so the columns after it
   * stay on screen. The user can still drag it wider.
   */
  autoMaxWidth?: number;
}

/** A money column: right-aligned in tabular figures, dollars and cents, exported as a number. */
export function moneyColumn<T>(def: ColDef<T>): ColDef<T> {
  return {
    type: 'rightAligned',
    cellClass: ['money', 'ag-right-aligned-cell'],
    headerClass: 'ag-right-aligned-header',
    filter: 'agNumberColumnFilter',
    width: 150,
    valueFormatter: (p: ValueFormatterParams<T>) => formatMoneyCents(p.value as number | null),
    context: { export: 'money' } satisfies GridColumnContext,
    ...def,
  };
}

/** A plain number column (FTE, counts), right-aligned and exported as a number. */
export function numberColumn<T>(def: ColDef<T>): ColDef<T> {
  return {
    type: 'rightAligned',
    cellClass: ['num', 'ag-right-aligned-cell'],
    filter: 'agNumberColumnFilter',
    width: 100,
    context: { export: 'number' } satisfies GridColumnContext,
    ...def,
  };
}

/**
 * A line's FTE as the grids show it: two decimals, and the third when it is not 0 (1.00, 0.50,
 * 0.875). A line keeps its FTE to the thousandth, so nothing stored is ever shown rounded.
 */
export function formatLineFte(fte: number): string {
  return formatFixed(fte, 3).replace(/(\.\d\d)0$/, '$1');
}

/** FTE (1.00, 0.50, 0.875), right-aligned and exported as a number. */
export function fteColumn<T>(def: ColDef<T>): ColDef<T> {
  return numberColumn({
    headerName: 'FTE',
    width: 80,
    valueFormatter: (p: ValueFormatterParams<T>) =>
      typeof p.value === 'number' ? formatLineFte(p.value) : '',
    ...def,
  });
}

/** A text column with a text filter. */
export function textColumn<T>(def: ColDef<T>): ColDef<T> {
  return { filter: 'agTextColumnFilter', minWidth: 110, ...def };
}

/** The name shown for a line with no building (a null building means District Wide). */
export const DISTRICT_WIDE = 'District Wide';

/** A YYYY-MM-DD date shown as MM/DD/YYYY, without time-zone shifts. */
export function formatIsoDate(value: string | null | undefined): string {
  if (!value) {
    return '';
  }
  const [y, m, d] = value.slice(0, 10).split('-');
  return y && m && d ? `${m}/${d}/${y}` : value;
}
