import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useUpdateSalaryBudget, type UpdateSalaryBudgetResult } from '@web/api/budget-comparison';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { formatMoney } from '@web/lib/format';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';

/** Sets the proposed salary lines of a fiscal year to the operating payroll (reconciliation). */
export function SalaryBudgetButton({
  budgetYearId,
  fiscalYear,
}: {
  budgetYearId: number;
  fiscalYear: number;
}) {
  const update = useUpdateSalaryBudget();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<UpdateSalaryBudgetResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fy = fiscalYearLabel(fiscalYear);
  const run = () => {
    setError(null);
    setResult(null);
    update.mutate(
      { budgetYearId, fiscalYear },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setResult(r);
        },
        onError: (err) => {
          setConfirming(false);
          setError(
            `Failed to update salary budget: ${errorMessage(err, err instanceof Error ? err.message : 'Unknown error')}`,
          );
        },
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => setConfirming(true)}
        disabled={update.isPending}
      >
        {update.isPending ? 'Updating...' : `Update ${fy} Salary Budget`}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Update the ${fy} salary budget?`}
        message={`Each personnel category's proposed lines at each building are set to that building's ${fy} payroll for the category (split over several lines in proportion to their amounts), and a line is added where none exists. Other lines are not changed.`}
        confirmLabel="Update Salary Budget"
        busy={update.isPending}
        busyLabel="Updating..."
        onConfirm={run}
      />
      {error || result ? (
        <div className="page-message comparison-result">
          {error ? <Alert>{error}</Alert> : null}
          {result ? (
            <Alert variant="success" title={`${fy} salary budget updated`}>
              {result.updatedItems} lines changed and {result.createdItems} added:{' '}
              {formatMoney(result.distributedAmount)} of {formatMoney(result.totalOperatingSalary)} payroll is
              now in the proposed budget.
              {result.undistributedAmount !== 0
                ? ` ${formatMoney(result.undistributedAmount)} belongs to employees with no personnel category.`
                : ''}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
