import { useId, type ReactNode } from 'react';
import { TableHead, unseen } from '@web/components/table-head';
import { RowAction } from '@web/components/form/button';
import { ScrollArea } from '@web/components/scroll-area';
import { countOf } from '@web/lib/format';

export interface Column<T> {
  header: string;
  /** 'num' right-aligns with tabular figures (counts, money). */
  align?: 'num';
  cell(row: T): ReactNode;
}

/**
 * A usage count and the noun it counts: [12, 'employee line'], or with its plural where adding an
 * s would not do: [3, 'line in other years', 'lines in other years'].
 */
export type Usage = readonly (readonly [count: number, noun: string, plural?: string])[];

/**
 * Why Delete is refused: the row is in use while any of the counts the server checks before a
 * delete is above zero (server/domains/budgets: a 409 that says the same counts). Null when free.
 */
export function inUseReason(usage: Usage): string | null {
  const parts = usage.filter(([n]) => n > 0).map(([n, noun, plural]) => countOf(n, noun, plural));
  if (!parts.length) {
    return null;
  }
  const last = parts.pop();
  return `In use by ${parts.length ? `${parts.join(', ')} and ` : ''}${last}; move them first`;
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

function DeleteAction({
  name,
  why,
  whyId,
  onClick,
}: {
  name: string;
  why: string | null;
  whyId: string;
  onClick(): void;
}) {
  return (
    <>
      <RowAction
        action="Delete"
        name={name}
        variant="danger"
        disabled={why !== null}
        title={why ?? undefined}
        aria-describedby={why === null ? undefined : whyId}
        onClick={onClick}
      />
      {why === null ? null : (
        <span id={whyId} className="visually-hidden">
          {why}
        </span>
      )}
    </>
  );
}
