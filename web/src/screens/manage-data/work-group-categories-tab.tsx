import {
  useDeleteWorkGroupCategory,
  useWorkGroupCategories,
  type WorkGroupCategory,
} from '@web/api/work-groups';
import { CategoryModal } from './category-modal';
import type { Column } from './reference-table';
import { ReferenceTab } from './reference-tab';
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

  return (
    <ReferenceTab<WorkGroupCategory>
      flash={flash}
      title="Work Group Categories"
      description="The COLA scenario grid plans raises per category. A category with work groups assigned cannot be deleted."
      addLabel="Add Category"
      query={categories}
      rows={categories.data?.categories ?? []}
      loadingLabel="Loading categories..."
      loadFailure="Failed to load categories"
      emptyTitle="No categories yet"
      emptyHint="Add one with Add Category."
      caption="Work group categories"
      columns={COLUMNS}
      usage={(c) => [[c.workGroupCount, 'work group']]}
      remove={remove}
      deleteFailure="Failed to delete category. Make sure no work groups are assigned to it."
      renderModal={(modal) => <CategoryModal {...modal} />}
    />
  );
}
