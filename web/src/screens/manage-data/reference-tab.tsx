import { useState, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { useSavedNotice } from '@web/components/saved-notice';
import { Spinner } from '@web/components/spinner';
import { ReferenceTable, type Column, type Usage } from './reference-table';
import { TabHeader } from './tab-header';
import { useDeleteConfirm } from './use-delete-confirm';
import type { Flash } from './use-flash';
import type { RecordModalProps } from './use-reference-form';

interface ReferenceTabProps<T extends { id: number; name: string }> {
  flash: Flash;
  title: string;
  description: ReactNode;
  /** Shown before the Add button (a filter, say). */
  tools?: ReactNode;
  /** The Add button's label, e.g. 'Add Building'. */
  addLabel: string;
  /** The list's query state; `rows` are its records. */
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };
  rows: readonly T[];
  loadingLabel: string;
  loadFailure: string;
  emptyTitle: string;
  emptyHint: string;
  caption: string;
  columns: readonly Column<T>[];
  /**
   * The counts (shown in the columns) the server checks before a delete: a row with any above zero
   * has Delete disabled, saying why. The server refuses such a delete all the same.
   */
  usage?(row: T): Usage;
  /** The delete mutation; its refusal (or this fallback) goes to the red banner. */
  remove: { mutateAsync(id: number): Promise<{ message: string }>; isPending: boolean };
  deleteFailure: string;
  /** The add/edit modal, opened by Add (with no record) and by each row's Edit. */
  renderModal(props: RecordModalProps<T>): ReactNode;
}

/**
 * A reference-data tab (buildings, work groups, categories, ...): the header with its Add button,
 * the list's loading, error and empty states, the table with Edit and Delete, the add/edit modal
 * and the delete confirmation.
 */
export function ReferenceTab<T extends { id: number; name: string }>({
  flash,
  title,
  description,
  tools,
  addLabel,
  query,
  rows,
  loadingLabel,
  loadFailure,
  emptyTitle,
  emptyHint,
  caption,
  columns,
  usage,
  remove,
  deleteFailure,
  renderModal,
}: ReferenceTabProps<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  // A work group's new category or a budget category's new code re-prices a voted roster: said.
  const saved = useSavedNotice(flash.ok);
  const del = useDeleteConfirm<T>({
    flash,
    failure: deleteFailure,
    remove: (row) => remove.mutateAsync(row.id),
    busy: remove.isPending,
  });
  const edit = (row: T | null) => {
    setEditing(row);
    setOpen(true);
  };
  return (
    <>
      <TabHeader
        title={title}
        description={description}
        actions={
          <>
            {tools}
            <button type="button" className="btn btn--primary" onClick={() => edit(null)}>
              {addLabel}
            </button>
          </>
        }
      />
      {query.isPending ? <Spinner label={loadingLabel} /> : null}
      {query.isError ? <Alert>{errorMessage(query.error, loadFailure)}</Alert> : null}
      {query.isSuccess && rows.length === 0 ? (
        <EmptyState title={emptyTitle} headingLevel={3}>
          <p>{emptyHint}</p>
        </EmptyState>
      ) : null}
      {rows.length ? (
        <ReferenceTable<T>
          caption={caption}
          rows={rows}
          columns={columns}
          onEdit={edit}
          onDelete={del.ask}
          usage={usage}
        />
      ) : null}
      {renderModal({ open, record: editing, onOpenChange: setOpen, onSaved: saved })}
      {del.dialog}
    </>
  );
}
