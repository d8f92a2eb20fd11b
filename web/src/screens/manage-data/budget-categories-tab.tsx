import { Link } from 'react-router';
import {
  categoryUsage,
  useBudgetCategories,
  useDeleteBudgetCategory,
  useDeseCodes,
  type BudgetCategory,
} from '@web/api/budget-categories';
import { BudgetCategoryModal } from './budget-category-modal';
import { LINES_ALL_YEARS } from '@web/lib/count-labels';
import type { Column } from './reference-table';
import { ReferenceTab } from './reference-tab';
import type { Flash } from './use-flash';

/** Budget categories: what proposed lines are grouped by, with their DESE function. */
export function BudgetCategoriesTab({ flash }: { flash: Flash }) {
  const categories = useBudgetCategories();
  const codes = useDeseCodes();
  const remove = useDeleteBudgetCategory();
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
    // Every year's lines: the usage that keeps a category from being deleted (as on Work Groups).
    { header: LINES_ALL_YEARS, align: 'num', cell: (c) => c.lineItemCount.toLocaleString('en-US') },
  ];

  return (
    <ReferenceTab<BudgetCategory>
      flash={flash}
      title="Budget Categories"
      description={
        <>
          Lines count every budget and fiscal year. A category with lines cannot be deleted. Colours, display
          order and the default year-over-year increase are set on the{' '}
          <Link to="/admin/categories">Budget Categories</Link> screen.
        </>
      }
      addLabel="Add Budget Category"
      query={categories}
      rows={categories.data?.categories ?? []}
      loadingLabel="Loading budget categories..."
      loadFailure="Failed to load categories"
      emptyTitle="No budget categories yet"
      emptyHint="Add one with Add Budget Category."
      caption="Budget categories"
      columns={columns}
      usage={categoryUsage}
      remove={remove}
      deleteFailure="Make sure no line items are assigned to it"
      renderModal={(modal) => <BudgetCategoryModal {...modal} />}
    />
  );
}
