import { useId, useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useSalaryBudgetPreview,
  useUpdateSalaryBudget,
  type UpdateSalaryBudgetResult,
} from '@web/api/budget-comparison';
import { useBudgetYears } from '@web/api/budget-years';
import { Alert } from '@web/components/alert';
import { homeElsewhere, OpenBudgetYear, plannedElsewhere } from '@web/components/shell/planned-elsewhere';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { countOf, formatMoney, formatMoneyCents } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { salaryBudgetTotalText } from '@shared/salary-line-words';

const lines = (n: number) => countOf(n, 'line');

/** What the update did to the salary lines, e.g. '3 lines changed, 1 line added and 51 lines removed'. */
function changes(r: UpdateSalaryBudgetResult): string {
  return `${lines(r.updatedItems)} changed, ${lines(r.createdItems)} added and ${lines(r.removedItems)} removed`;
}

/** At most this many lines are listed in the confirmation; the rest are counted. */
const LISTED = 12;

const money = (v: number | null) => (v === null ? '' : formatMoneyCents(v));

/** The lines a dry run lists, each with what it holds and would hold. */
function ChangeList({ result }: { result: UpdateSalaryBudgetResult }) {
  const rest = result.changes.length - LISTED;
  return (
    <>
      <ul aria-label="Salary lines to change">
        {result.changes.slice(0, LISTED).map((c, i) => (
          <li key={i}>
            {c.action === 'create' ? 'Add' : c.action === 'update' ? 'Change' : 'Remove'}{' '}
            {c.categoryName ?? 'Uncategorized'} at {c.buildingName ?? 'District Wide'}
            {c.code ? ` (${c.code})` : ''}:{' '}
            {c.action === 'create'
              ? money(c.to)
              : c.action === 'remove'
                ? money(c.from)
                : `${money(c.from)} to ${money(c.to)}`}
          </li>
        ))}
      </ul>
      {rest > 0 ? <p>and {lines(rest)} more.</p> : null}
    </>
  );
}

/**
 * What a dry run says the update would set. For a locked year (a voted stage keeps its lines) the
 * server's words say so, with how many lines are out of date and by how much, and the lines are
 * listed as what a reopen would let the update set.
 */
function Preview({ result }: { result: UpdateSalaryBudgetResult }) {
  const { locked } = result;
  if (locked) {
    return (
      <div className="dialog-description">
        <Alert variant="warning" title={`${fiscalYearLabel(locked.fiscalYear)}'s salary lines are locked`}>
          {locked.message}
        </Alert>
        {result.changes.length ? (
          <>
            <p>Once the year is reopened, the update will set {changes(result)}:</p>
            <ChangeList result={result} />
          </>
        ) : null}
      </div>
    );
  }
  if (!result.changes.length) {
    return (
      <p className="dialog-description">
        Nothing is out of date: every salary line already holds what it should.
      </p>
    );
  }
  return (
    <div className="dialog-description">
      <p>This will set {changes(result)}:</p>
      <ChangeList result={result} />
    </div>
  );
}

/** What the last update answered, keyed by its budget year and fiscal year. */
interface Outcome {
  key: string;
  result?: UpdateSalaryBudgetResult;
  error?: string;
}

/**
 * Sets the proposed salary lines of a fiscal year to the operating payroll (reconciliation). The
 * message of an update shows only while its own year is chosen: FY26's result never reads as
 * FY27's after the year changes.
 */
export function SalaryBudgetButton({
  budgetYearId,
  fiscalYear,
}: {
  budgetYearId: number;
  fiscalYear: number;
}) {
  const update = useUpdateSalaryBudget();
  const preview = useSalaryBudgetPreview();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const key = `${budgetYearId}:${fiscalYear}`;
  const shown = outcome?.key === key ? outcome : null;
  const fy = fiscalYearLabel(fiscalYear);
  // Each fiscal year is planned in one budget year: the server refuses the update anywhere else,
  // so it is not offered here; the reason is said with the button, and the way to that year.
  const years = useBudgetYears();
  const home = years.data ? homeElsewhere(budgetYearId, fiscalYear, years.data) : null;
  // The shell's note above the page offers the way there already when this budget year plans nothing.
  const noted = years.data ? plannedElsewhere(budgetYearId, years.data) !== null : false;
  const whyId = useId();
  const run = () => {
    setOutcome(null);
    update.mutate(
      { budgetYearId, fiscalYear },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setOutcome({ key, result });
        },
        onError: (err) => {
          setConfirming(false);
          setOutcome({
            key,
            error: `Failed to update salary budget: ${errorMessage(err, err instanceof Error ? err.message : 'Unknown error')}`,
          });
        },
      },
    );
  };
  const result = shown?.result;
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          setConfirming(true);
          preview.mutate({ budgetYearId, fiscalYear });
        }}
        disabled={update.isPending || home !== null}
        aria-describedby={home ? whyId : undefined}
      >
        {update.isPending ? 'Updating...' : `Update ${fy} Salary Budget`}
      </button>
      {home ? (
        <div className="comparison-elsewhere">
          <span className="field__hint" id={whyId}>
            {fy} is planned in budget year {home.budgetYear}: its salary budget is updated there.
          </span>
          {noted ? null : <OpenBudgetYear id={home.budgetYearId} label={home.budgetYear} />}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Update the ${fy} salary budget?`}
        message={`The proposed lines of personnel categories become the ${fy} payroll (for a year being planned, the cost of the positions before it): one amount for each category, building and function code the people carry (split over several lines in proportion to their amounts), a line added where none exists, and a line removed where no one is paid. Lines of other categories are not changed.`}
        confirmLabel="Update Salary Budget"
        busy={update.isPending}
        busyLabel="Updating..."
        // A locked year's update would only be refused: the confirm stays disabled, the preview says why.
        disabled={Boolean(preview.data?.locked?.linesOutOfDate)}
        onConfirm={run}
      >
        {preview.isPending ? <p className="dialog-description">Checking what it would change...</p> : null}
        {preview.isError ? (
          <Alert>{errorMessage(preview.error, 'Could not check what the update would change')}</Alert>
        ) : null}
        {preview.data && !preview.isPending ? <Preview result={preview.data} /> : null}
      </ConfirmDialog>
      {shown ? (
        <div className="page-message comparison-result">
          {shown.error ? <Alert>{shown.error}</Alert> : null}
          {result ? (
            <Alert variant="success" title={`${fy} salary budget updated`}>
              {changes(result)}: {salaryBudgetTotalText(result, formatMoney)} is now in the proposed budget.
            </Alert>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
