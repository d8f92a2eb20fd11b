import { useState } from 'react';
import { Link } from 'react-router';
import {
  useBudgetCategories,
  useDeleteBudgetCategory,
  useDeseCodes,
  type BudgetCategory,
} from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { BudgetCategoryModal } from './budget-category-modal';
import { ReferenceTable, type Column } from './reference-table';
import { TabHeader } from './tab-header';
import { useDeleteConfirm } from './use-delete-confirm';
import type { Flash } from './use-flash';

/** Budget categories: what proposed lines are grouped by, with their DESE function. */
export function BudgetCategoriesTab({ flash }: { flash: Flash }) {
  const categories = useBudgetCategories();
  const codes = useDeseCodes();
  const remove = useDeleteBudgetCategory();
  const [editing, setEditing] = useState<BudgetCategory | null>(null);
  const [open, setOpen] = useState(false);
  const del = useDeleteConfirm<BudgetCategory>({
    flash,
    failure: 'Make sure no line items are assigned to it',
    remove: (c) => remove.mutateAsync(c.id),
    busy: remove.isPending,
  });
  const names = new Map((codes.data?.codes ?? []).map((c) => [c.code, c.name]));
  const columns: Column<BudgetCategory>[] = [
    {
      header: 'Colour',
      cell: (c) => <span className="md-swatch" style={{ background: c.color }} title={c.color} />,
    },
    { header: 'Code', cell: (c) => c.code ?? '' },
    {
      header: 'DESE function',
      cell: (c) => (c.deseFunction ? `${c.deseFunction} ${names.get(c.deseFunction) ?? ''}`.trim() : ''),
    },
    {
      header: 'Default YoY',
      align: 'num',
      cell: (c) => (c.defaultYoYIncrease === null ? '' : `${c.defaultYoYIncrease.toFixed(2)}%`),
    },
    { header: 'Personnel', cell: (c) => (c.isPersonnel ? 'Yes' : 'No') },
    { header: 'Line items', align: 'num', cell: (c) => c.lineItemCount.toLocaleString('en-US') },
  ];
  const list = categories.data?.categories ?? [];

  return (
    <>
      <TabHeader
        title="Budget Categories"
        description={
          <>
            A category with line items cannot be deleted. Colours, display order and the default
            year-over-year increase are set on the <Link to="/admin/categories">Budget Categories</Link>{' '}
            screen.
          </>
        }
        actions={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            Add Budget Category
          </button>
        }
      />
      {categories.isPending ? <Spinner label="Loading budget categories..." /> : null}
      {categories.isError ? (
        <Alert>{errorMessage(categories.error, 'Failed to load categories')}</Alert>
      ) : null}
      {categories.isSuccess && list.length === 0 ? (
        <EmptyState title="No budget categories yet" headingLevel={3}>
          <p>Add one with Add Budget Category.</p>
        </EmptyState>
      ) : null}
      {list.length ? (
        <ReferenceTable<BudgetCategory>
          caption="Budget categories"
          rows={list}
          columns={columns}
          onEdit={(c) => {
            setEditing(c);
            setOpen(true);
          }}
          onDelete={del.ask}
        />
      ) : null}
      <BudgetCategoryModal open={open} category={editing} onOpenChange={setOpen} onSaved={flash.ok} />
      {del.dialog}
    </>
  );
}
