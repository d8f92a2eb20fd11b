import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useDeleteWorkGroupCategory,
  useWorkGroupCategories,
  type WorkGroupCategory,
} from '@web/api/work-groups';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { CategoryModal } from './category-modal';
import { ReferenceTable, type Column } from './reference-table';
import { TabHeader } from './tab-header';
import { useDeleteConfirm } from './use-delete-confirm';
import type { Flash } from './use-flash';

const COLUMNS: Column<WorkGroupCategory>[] = [
  {
    header: 'Badge',
    cell: (c) => (
      <span className="md-badge" style={{ background: c.backgroundColor, color: c.textColor }}>
        {c.name}
      </span>
    ),
  },
  { header: 'Description', cell: (c) => c.description ?? '' },
  {
    header: 'Colours',
    cell: (c) => <span className="muted md-nowrap">{`${c.textColor} on ${c.backgroundColor}`}</span>,
  },
  { header: 'Work groups', align: 'num', cell: (c) => c.workGroupCount.toLocaleString('en-US') },
];

/** Work-group categories (TEACHERS, SUPPORT, ...) and their badge colours. */
export function WorkGroupCategoriesTab({ flash }: { flash: Flash }) {
  const categories = useWorkGroupCategories();
  const remove = useDeleteWorkGroupCategory();
  const [editing, setEditing] = useState<WorkGroupCategory | null>(null);
  const [open, setOpen] = useState(false);
  const del = useDeleteConfirm<WorkGroupCategory>({
    flash,
    failure: 'Failed to delete category. Make sure no work groups are assigned to it.',
    remove: (c) => remove.mutateAsync(c.id),
    busy: remove.isPending,
  });
  const list = categories.data?.categories ?? [];

  return (
    <>
      <TabHeader
        title="Work Group Categories"
        description="The COLA scenario grid plans raises per category. A category with work groups assigned cannot be deleted."
        actions={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            Add Category
          </button>
        }
      />
      {categories.isPending ? <Spinner label="Loading categories..." /> : null}
      {categories.isError ? (
        <Alert>{errorMessage(categories.error, 'Failed to load categories')}</Alert>
      ) : null}
      {categories.isSuccess && list.length === 0 ? (
        <EmptyState title="No categories yet" headingLevel={3}>
          <p>Add one with Add Category.</p>
        </EmptyState>
      ) : null}
      {list.length ? (
        <ReferenceTable<WorkGroupCategory>
          caption="Work group categories"
          rows={list}
          columns={COLUMNS}
          onEdit={(c) => {
            setEditing(c);
            setOpen(true);
          }}
          onDelete={del.ask}
        />
      ) : null}
      <CategoryModal open={open} category={editing} onOpenChange={setOpen} onSaved={flash.ok} />
      {del.dialog}
    </>
  );
}
