import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  bulkDeleteAll,
  inChunks,
  lineItemsApi,
  refreshAllLines,
  removeLines,
  type ProposedLineItem,
} from '@web/api/line-items';
import { useToast } from '@web/components/toast';
import { proposedLabel } from '@web/screens/proposed-budget/columns';
import {
  bulkAssignFailure,
  bulkDeleteOutcome,
  deleteFailure,
  type Outcome,
} from '@web/screens/proposed-budget/proposed-messages';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The Proposed Budget Manager's deletes and bulk changes: one line's delete, the selection's delete
 * and building, and the props of the Set Function Code, Set Category and Set Fund dialogs. Each reports in
 * the grid's outcome banner; `busy` is shared, so one change runs at a time.
 *
 * A refusal of a press ('Please select a building') shares that banner but answers only the press:
 * it goes once the user does anything else (`moveOn`: ticks rows, opens an editor, starts a change),
 * so it is never left beside what followed, such as the toast of a saved line. Both go once another
 * year is shown (`forget`).
 */
export function useProposedActions(selection: ProposedLineItem[], clearSelection: () => void) {
  const notify = useToast();
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<ProposedLineItem | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reported, setReported] = useState<Outcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const moveOn = useCallback(() => setRefusal(null), []);
  // Another year is shown: what was said of the last one's lines goes with them.
  const forget = useCallback(() => {
    setRefusal(null);
    setReported(null);
  }, []);
  const setOutcome = (next: Outcome | null) => {
    setRefusal(null);
    setReported(next);
  };
  const refuse = (title: string) => {
    setReported(null);
    setRefusal(title);
  };
  const outcome: Outcome | null = refusal ? { variant: 'error', title: refusal } : reported;

  const deleteOne = async () => {
    if (!toDelete) {
      return;
    }
    const line = toDelete;
    moveOn();
    setBusy(true);
    try {
      await lineItemsApi.remove(line.id);
      await removeLines(queryClient, [line.id]);
      setOutcome(null);
      notify({ title: 'Item deleted', description: proposedLabel(line) });
    } catch (err) {
      setOutcome({ variant: 'error', title: deleteFailure(err) });
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  const deleteSelected = async () => {
    const ids = selection.map((l) => l.id);
    moveOn();
    setBusy(true);
    try {
      const result = await bulkDeleteAll(ids);
      const failedIds = new Set(result.failed.map((f) => f.id));
      await removeLines(
        queryClient,
        ids.filter((id) => !failedIds.has(id)),
      );
      setOutcome(bulkDeleteOutcome(ids.length, result));
      if (result.failed.length === 0) {
        clearSelection();
      }
    } catch (err) {
      setOutcome({
        variant: 'error',
        title: `Failed to delete ${count(ids.length)} items`,
        lines: [deleteFailure(err)],
      });
    } finally {
      setBusy(false);
      setConfirmBulk(false);
    }
  };

  const assignBuilding = async (buildingId: number | null, name: string) => {
    const ids = selection.map((l) => l.id);
    moveOn();
    setBusy(true);
    try {
      const parts = await inChunks(ids, (chunk) => lineItemsApi.bulkBuilding(chunk, buildingId));
      setOutcome({
        variant: 'success',
        title: `Assigned ${count(parts.reduce((n, p) => n + p.count, 0))} items to ${name}`,
      });
      clearSelection();
    } catch (err) {
      setOutcome(bulkAssignFailure(err));
    } finally {
      setBusy(false);
      void refreshAllLines(queryClient);
    }
  };

  // Set Function Code, Set Category and Set Fund: each its own dialog, reporting in the grid's outcome.
  const bulkProps = {
    ids: selection.map((l) => l.id),
    noun: 'items',
    busy,
    onDone: (title: string, note?: string) => {
      setOutcome({ variant: 'success', title, ...(note ? { lines: [note] } : {}) });
      clearSelection();
    },
  };

  return {
    toDelete,
    setToDelete,
    confirmBulk,
    setConfirmBulk,
    busy,
    outcome,
    refuse,
    moveOn,
    forget,
    deleteOne,
    deleteSelected,
    assignBuilding,
    bulkProps,
  };
}
