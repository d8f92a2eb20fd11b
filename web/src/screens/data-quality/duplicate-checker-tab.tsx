import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { lineItemsApi, removeLines, useDuplicates, type DuplicateCandidate } from '@web/api/line-items';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { DuplicateGroup } from '@web/screens/data-quality/duplicate-group';
import { FlashBanner } from '@web/screens/data-quality/flash-banner';
import { MergeByRulePanel } from '@web/screens/data-quality/merge-by-rule-panel';
import { useFlash } from '@web/screens/data-quality/use-flash';

interface PendingMerge {
  keep: DuplicateCandidate;
  remove: DuplicateCandidate[];
}

/** Every pair within a group, so a dismissed group is never suggested again. */
function pairs(group: DuplicateCandidate[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < group.length; i += 1) {
    for (let j = i + 1; j < group.length; j += 1) {
      out.push([group[i].id, group[j].id]);
    }
  }
  return out;
}

/** Groups of similar employee records, with merge (keep one, delete the others) and dismiss. */
export function DuplicateCheckerTab({ budgetYearId }: { budgetYearId: number | undefined }) {
  const queryClient = useQueryClient();
  const duplicates = useDuplicates(budgetYearId);
  const { flash, success, failure } = useFlash();
  const [pending, setPending] = useState<PendingMerge | null>(null);
  const [busy, setBusy] = useState(false);

  const merge = async () => {
    if (!pending) {
      return;
    }
    setBusy(true);
    const removed: number[] = [];
    try {
      for (const other of pending.remove) {
        await lineItemsApi.merge(pending.keep.id, other.id);
        removed.push(other.id);
      }
      success('Records merged successfully!');
    } catch (err) {
      failure('Failed to merge', errorMessage(err, ''));
    } finally {
      await removeLines(queryClient, removed);
      setBusy(false);
      setPending(null);
    }
  };

  const dismiss = async (group: DuplicateCandidate[]) => {
    setBusy(true);
    try {
      for (const [id1, id2] of pairs(group)) {
        await lineItemsApi.dismiss(id1, id2);
      }
      success('Duplicate dismissed');
    } catch (err) {
      failure('Failed to dismiss', errorMessage(err, ''));
    } finally {
      await duplicates.refetch();
      setBusy(false);
    }
  };

  const groups = duplicates.data?.duplicateGroups ?? [];
  return (
    <div>
      <FlashBanner flash={flash} />
      {duplicates.isPending && budgetYearId ? <Spinner label="Looking for duplicates..." /> : null}
      {duplicates.isError ? (
        <Alert title="Failed to check for duplicates">
          {errorMessage(duplicates.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      {duplicates.isSuccess && groups.length === 0 ? (
        <EmptyState title="No likely duplicates" headingLevel={3}>
          <p>No two employee records in this budget year look like the same person.</p>
        </EmptyState>
      ) : null}
      {groups.length > 0 ? (
        <p className="muted">
          {groups.length} group{groups.length === 1 ? '' : 's'} of records that may be the same person.
          Merging keeps the chosen record and deletes the others; dismissing marks them as different people.
        </p>
      ) : null}
      {groups.length > 0 && budgetYearId ? (
        <MergeByRulePanel
          key={budgetYearId}
          budgetYearId={budgetYearId}
          busy={busy}
          onMerged={(result) =>
            success(
              `Records merged successfully! ${result.mergedGroupCount} group${result.mergedGroupCount === 1 ? '' : 's'} merged, ${result.removedRecordCount} record${result.removedRecordCount === 1 ? '' : 's'} removed.`,
            )
          }
          onFailed={(detail) => failure('Failed to merge', detail)}
        />
      ) : null}
      {groups.map((group, i) => (
        <DuplicateGroup
          key={group.map((c) => c.id).join('-')}
          group={group}
          index={i}
          busy={busy}
          onMerge={(keep, remove) => setPending({ keep, remove })}
          onDismiss={(g) => void dismiss(g)}
        />
      ))}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title="Merge records"
        message="Merge these records? The deleted record cannot be recovered."
        confirmLabel="Merge"
        busyLabel="Merging..."
        busy={busy}
        onConfirm={() => void merge()}
      />
    </div>
  );
}
