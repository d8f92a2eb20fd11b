import { useId, type ReactNode } from 'react';
import { TableHead, unseen } from '@web/components/table-head';
import { RowAction } from '@web/components/form/button';
import { DeleteAction, inUseReason, type Usage } from '@web/components/in-use';
import { ScrollArea } from '@web/components/scroll-area';

export type { Usage };

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
  /** The row's usage counts (columns of the table): Delete is disabled, saying why, while in use. */
  usage?(row: T): Usage;
}

/**
 * A reference-data list: the name as the row header, the columns given, then Edit and Delete. A
 * row in use has Delete disabled, described by (and titled with) the reason.
 */
export function ReferenceTable<T extends { id: number; name: string }>({
  caption,
  rows,
  columns,
  onEdit,
  onDelete,
  usage,
}: ReferenceTableProps<T>) {
  const actions = Boolean(onEdit || onDelete);
  const idBase = useId();
  return (
    <ScrollArea label={caption} className="md-table-card">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          cols={[
            'Name',
            ...columns.map((c) => ({ label: c.header, className: c.align })),
            actions && unseen('Actions'),
          ]}
        />
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
                    {onEdit ? <RowAction action="Edit" name={row.name} onClick={() => onEdit(row)} /> : null}
                    {onDelete ? (
                      <DeleteAction
                        name={row.name}
                        why={usage ? inUseReason(usage(row)) : null}
                        whyId={`${idBase}-in-use-${row.id}`}
                        onClick={() => onDelete(row)}
                      />
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
