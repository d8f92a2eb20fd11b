import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  /** 'num' right-aligns with tabular figures (counts, money). */
  align?: 'num';
  cell(row: T): ReactNode;
}

interface ReferenceTableProps<T extends { id: number; name: string }> {
  caption: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  onEdit?(row: T): void;
  onDelete?(row: T): void;
}

/** A reference-data list: the name as the row header, the columns given, then Edit and Delete. */
export function ReferenceTable<T extends { id: number; name: string }>({
  caption,
  rows,
  columns,
  onEdit,
  onDelete,
}: ReferenceTableProps<T>) {
  const actions = Boolean(onEdit || onDelete);
  return (
    <div className="md-table-card table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.align}>
                {c.header}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              {columns.map((c) => (
                <td key={c.header} className={c.align}>
                  {c.cell(row)}
                </td>
              ))}
              {actions ? (
                <td>
                  <div className="actions">
                    {onEdit ? (
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        aria-label={`Edit ${row.name}`}
                        onClick={() => onEdit(row)}
                      >
                        Edit
                      </button>
                    ) : null}
                    {onDelete ? (
                      <button
                        type="button"
                        className="btn btn--danger btn--small"
                        aria-label={`Delete ${row.name}`}
                        onClick={() => onDelete(row)}
                      >
                        Delete
                      </button>
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
