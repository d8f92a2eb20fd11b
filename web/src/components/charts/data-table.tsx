import type { ReactNode } from 'react';

export interface DataColumn<T> {
  header: string;
  value(row: T): ReactNode;
  /** Right-aligned with tabular figures (money, counts). */
  numeric?: boolean;
}

interface DataTableProps<T> {
  caption: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey(row: T): string;
  /** A totals row, cells in column order. */
  footer?: ReactNode[];
  /** Visually hide the caption (the card's heading already says it). */
  hideCaption?: boolean;
}

/** The numbers behind a chart, as a table: the chart's accessible alternative. */
export function DataTable<T>({
  caption,
  rows,
  columns,
  rowKey,
  footer,
  hideCaption = true,
}: DataTableProps<T>) {
  return (
    // Focusable, so a table wider than a phone can be scrolled from the keyboard (WCAG 2.1.1).
    <div className="table-wrap" role="group" aria-label={caption} tabIndex={0}>
      <table className="table table--compact">
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row" className={c.numeric ? 'num' : undefined}>
                    {c.value(row)}
                  </th>
                ) : (
                  <td key={c.header} className={c.numeric ? 'num' : undefined}>
                    {c.value(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot>
            <tr>
              {footer.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={columns[i]?.numeric ? 'num' : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
