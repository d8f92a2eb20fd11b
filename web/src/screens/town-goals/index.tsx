import { useMemo, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useDeleteTownGoal, useTownGoals, type TownGoal } from '@web/api/town-goals';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { useClosedYearNotes } from '@web/components/year-lock';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { GapAnalysis } from './gap-analysis';
import { GoalCard } from './goal-card';
import { GoalForm } from './goal-form';
import '@web/components/charts/charts.css';
import './town-goals.css';

/** Town Budget Goals: the town's guidance per fiscal year, and the gap between need and goal. */
export function TownGoalsScreen() {
  const goals = useTownGoals();
  const remove = useDeleteTownGoal();
  const canEdit = useCan('townGoals.write');
  const notify = useToast();
  const { selected, isLoading: yearsLoading } = useBudgetYear();
  const current = selected?.currentFiscalYear ?? new Date().getFullYear() + 1;
  const closed = useClosedYearNotes();
  const [editing, setEditing] = useState<TownGoal | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TownGoal | null>(null);
  const [error, setError] = useState<string | null>(null);

  const list = useMemo(() => goals.data?.goals ?? [], [goals.data]);
  const years = useMemo(() => {
    const all = new Set([
      ...list.map((g) => g.fiscalYear),
      ...Array.from({ length: 7 }, (_, i) => current - 1 + i),
    ]);
    return [...all].sort((a, b) => a - b);
  }, [list, current]);
  // A new goal defaults to the first dashboard year without one.
  const nextYear =
    years.find((y) => y >= current && !closed.has(y) && !list.some((g) => g.fiscalYear === y)) ?? current;

  const confirmDelete = () => {
    const target = toDelete;
    if (!target) {
      return;
    }
    remove.mutate(target.id, {
      onSuccess: () => {
        setToDelete(null);
        notify({ title: `${fiscalYearLabel(target.fiscalYear)} goal deleted` });
      },
      onError: (err) => {
        setToDelete(null);
        setError(errorMessage(err, 'Failed to delete town goal'));
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Town Budget Goals"
        subtitle="The town’s guidance for the school budget, year by year, and how far the proposed budget is from it."
        actions={
          canEdit ? (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              Add Goal
            </button>
          ) : null
        }
      />
      {error ? (
        <div className="page-message">
          <Alert title={error === 'Failed to delete town goal' ? error : 'Failed to delete town goal'}>
            {error === 'Failed to delete town goal' ? null : error}
          </Alert>
        </div>
      ) : null}
      <GapAnalysis
        years={years}
        defaultYear={current}
        budgetYearId={selected?.id}
        noBudgetYear={!yearsLoading && !selected}
      />
      {goals.isPending ? <Spinner label="Loading town goals..." /> : null}
      {goals.isError ? (
        <Alert title="Failed to load town goals">
          {errorMessage(goals.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      {goals.isSuccess && list.length === 0 ? (
        <EmptyState title="No town goals yet">
          <p>Add the town’s guidance for a fiscal year, as dollars or as a percent over the year before.</p>
        </EmptyState>
      ) : null}
      <div className="goal-grid">
        {list.map((goal) => (
          <GoalCard
            key={goal.id}
            goal={goal}
            canEdit={canEdit}
            closedNote={closed.get(goal.fiscalYear) ?? null}
            onEdit={(g) => {
              setEditing(g);
              setFormOpen(true);
            }}
            onDelete={setToDelete}
          />
        ))}
      </div>
      <GoalForm
        open={formOpen}
        onOpenChange={setFormOpen}
        goal={editing}
        goals={list}
        defaultYear={nextYear}
        onSaved={(goal, created) =>
          notify({ title: `${fiscalYearLabel(goal.fiscalYear)} goal ${created ? 'added' : 'saved'}` })
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
          }
        }}
        title="Delete town goal"
        message={
          toDelete
            ? `Delete the ${fiscalYearLabel(toDelete.fiscalYear)} town goal? The dashboard will show no guidance for that year.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
