import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useDeleteWorkGroup,
  useWorkGroupCategories,
  useWorkGroups,
  type WorkGroup,
} from '@web/api/work-groups';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { ReferenceTable, type Column } from './reference-table';
import { TabHeader } from './tab-header';
import { useDeleteConfirm } from './use-delete-confirm';
import type { Flash } from './use-flash';
import { WorkGroupModal } from './work-group-modal';

const COLUMNS: Column<WorkGroup>[] = [
  {
    header: 'Category',
    cell: (g) =>
      g.category ? (
        <span
          className="md-badge"
          style={{ background: g.category.backgroundColor, color: g.category.textColor }}
        >
          {g.category.name}
        </span>
      ) : (
        <span className="muted">None</span>
      ),
  },
  { header: 'Description', cell: (g) => g.description ?? '' },
  { header: 'Employees', align: 'num', cell: (g) => g.employeeCount.toLocaleString('en-US') },
  { header: 'Contracts', align: 'num', cell: (g) => g.contractCount.toLocaleString('en-US') },
];

/** Work groups: the bargaining units employees belong to. */
export function WorkGroupsTab({ flash }: { flash: Flash }) {
  const groups = useWorkGroups();
  const categories = useWorkGroupCategories();
  const remove = useDeleteWorkGroup();
  const [editing, setEditing] = useState<WorkGroup | null>(null);
  const [open, setOpen] = useState(false);
  const del = useDeleteConfirm<WorkGroup>({
    flash,
    failure: 'Failed to delete work group',
    remove: (g) => remove.mutateAsync(g.id),
    busy: remove.isPending,
  });
  const list = groups.data?.workGroups ?? [];

  return (
    <>
      <TabHeader
        title="Work Groups"
        description="Employees count in every budget and fiscal year. A work group with employees or contracts cannot be deleted."
        actions={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            Add Work Group
          </button>
        }
      />
      {groups.isPending ? <Spinner label="Loading work groups..." /> : null}
      {groups.isError ? <Alert>{errorMessage(groups.error, 'Failed to load work groups')}</Alert> : null}
      {groups.isSuccess && list.length === 0 ? (
        <EmptyState title="No work groups yet" headingLevel={3}>
          <p>Add the district&apos;s bargaining units with Add Work Group.</p>
        </EmptyState>
      ) : null}
      {list.length ? (
        <ReferenceTable<WorkGroup>
          caption="Work groups"
          rows={list}
          columns={COLUMNS}
          onEdit={(g) => {
            setEditing(g);
            setOpen(true);
          }}
          onDelete={del.ask}
        />
      ) : null}
      <WorkGroupModal
        open={open}
        workGroup={editing}
        categories={categories.data?.categories ?? []}
        onOpenChange={setOpen}
        onSaved={flash.ok}
      />
      {del.dialog}
    </>
  );
}
