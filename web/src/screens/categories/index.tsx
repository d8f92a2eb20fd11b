import { useCallback, useState } from 'react';
import {
  useBudgetCategories,
  useDeleteBudgetCategory,
  useDeseCodes,
  useSetCategoryYoY,
  type BudgetCategory,
} from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { useSavedNotice } from '@web/components/saved-notice';
import { useToast } from '@web/components/toast';
import { CategoryCard } from './category-card';
import { CategoryEditor } from './category-editor';
import './categories.css';

/** Budget Categories: a card per category with a quick YoY edit and the 5-year forecast it implies. */
export function CategoriesScreen() {
  const categories = useBudgetCategories();
  const codes = useDeseCodes();
  const setYoY = useSetCategoryYoY();
  const remove = useDeleteBudgetCategory();
  // Messages are toasts: the user has scrolled to a card, far below the top of the page.
  const notify = useToast();
  const ok = useCallback((title: string) => notify({ title }), [notify]);
  const saved = useSavedNotice(ok);
  const [editing, setEditing] = useState<BudgetCategory | null>(null);
  const [open, setOpen] = useState(false);
  const [toDelete, setToDelete] = useState<BudgetCategory | null>(null);
  const names = new Map((codes.data?.codes ?? []).map((c) => [c.code, c.name]));
  const list = categories.data?.categories ?? [];

  // A refusal is shown under the field (YoYInput), not in the page's banner.
  const saveYoY = async (category: BudgetCategory, value: number) => {
    await setYoY.mutateAsync({ id: category.id, value });
    ok(`${category.name}: default increase set to ${value}%`);
  };

  const confirmDelete = async () => {
    const target = toDelete;
    if (!target) {
      return;
    }
    try {
      const { message } = await remove.mutateAsync(target.id);
      ok(message);
    } catch (err) {
      notify({
        title: `Failed to delete ${target.name}`,
        description: errorMessage(err, 'Unknown error'),
        variant: 'error',
      });
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Budget Categories"
        subtitle="How proposed budget lines are grouped, the DESE function each maps to, and the yearly increase projections use."
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
        <Alert title="Failed to load categories">Please reload the page to try again.</Alert>
      ) : null}
      {categories.isSuccess && list.length === 0 ? (
        <EmptyState title="No budget categories yet">
          <p>Add the first one with Add Category.</p>
        </EmptyState>
      ) : null}
      <div className="bc-grid">
        {list.map((c) => (
          <CategoryCard
            key={c.id}
            category={c}
            deseName={c.deseFunction ? names.get(c.deseFunction) : undefined}
            savingYoY={setYoY.isPending && setYoY.variables?.id === c.id}
            onSaveYoY={(value) => saveYoY(c, value)}
            onEdit={() => {
              setEditing(c);
              setOpen(true);
            }}
            onDelete={() => setToDelete(c)}
          />
        ))}
      </div>
      <CategoryEditor
        open={open}
        category={editing}
        onOpenChange={setOpen}
        onSaved={(answer) => saved('Category saved successfully!', answer)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => {
          if (!o) {
            setToDelete(null);
          }
        }}
        title={toDelete ? `Delete ${toDelete.name}` : 'Delete category'}
        message="Are you sure you want to delete this category?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
