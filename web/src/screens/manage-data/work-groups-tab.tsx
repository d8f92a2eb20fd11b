import {
  useDeleteWorkGroup,
  useWorkGroupCategories,
  useWorkGroups,
  type WorkGroup,
} from '@web/api/work-groups';
import { EMPLOYEE_LINES_ALL_YEARS } from '@web/lib/count-labels';
import type { Column } from './reference-table';
import { ReferenceTab } from './reference-tab';
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
  // Every year's lines: the usage that keeps a group from being deleted, not one year's headcount.
  { header: EMPLOYEE_LINES_ALL_YEARS, align: 'num', cell: (g) => g.employeeCount.toLocaleString('en-US') },
  { header: 'Contracts', align: 'num', cell: (g) => g.contractCount.toLocaleString('en-US') },
  // Positions not closed (filled, vacant, posted or frozen): a vacancy is budgeted at its group's
  // step and lane, so the server refuses to delete a group that has any.
  { header: 'Positions', align: 'num', cell: (g) => g.positionCount.toLocaleString('en-US') },
];

/** Work groups: the bargaining units employees belong to. */
export function WorkGroupsTab({ flash }: { flash: Flash }) {
  const groups = useWorkGroups();
  const categories = useWorkGroupCategories();
  const remove = useDeleteWorkGroup();

  return (
    <ReferenceTab<WorkGroup>
      flash={flash}
      title="Work Groups"
      description="Employee lines count every budget and fiscal year (one line per person per year); one year's headcount is on Step and Lane Settings. Positions count those not closed. A work group with employee lines, contracts or positions cannot be deleted."
      addLabel="Add Work Group"
      query={groups}
      rows={groups.data?.workGroups ?? []}
      loadingLabel="Loading work groups..."
      loadFailure="Failed to load work groups"
      emptyTitle="No work groups yet"
      emptyHint="Add the district's bargaining units with Add Work Group."
      caption="Work groups"
      columns={COLUMNS}
      // The counts the server refuses a delete on, all of them columns here.
      usage={(g) => [
        [g.employeeCount, 'employee line'],
        [g.contractCount, 'contract'],
        [g.positionCount, 'position'],
      ]}
      remove={remove}
      deleteFailure="Failed to delete work group"
      renderModal={(modal) => <WorkGroupModal {...modal} categories={categories.data?.categories ?? []} />}
    />
  );
}
