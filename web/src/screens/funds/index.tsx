import { useState } from 'react';
import { fiscalYearLabel } from '@shared/budget-math';
import { errorMessage } from '@web/api/client';
import { useDeleteFund, useFunds, type Fund } from '@web/api/funds';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { useFiscalYearChoice } from '@web/components/line-filters';
import { OverAwardNotice, useOverAward } from '@web/components/over-award-notice';
import { Button } from '@web/components/form/button';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { FundEditor } from './fund-editor';
import { FundsTable } from './funds-table';
import './funds.css';

/**
 * Funds (ADMIN): the account string's fund segments, and for each whether its spending counts
 * toward net school spending. The kind gives the default (603 CMR 10: only the town's appropriation
 * counts); an ADMIN may set a fund apart from it.
 */
export function FundsScreen() {
  const funds = useFunds();
  const remove = useDeleteFund();
  // A grant over its award is shown for the budget year chosen in the header, in its own fiscal year,
  // as the Proposed Budget shows it: an award set here is where the clerk fixes it.
  const { selected: budgetYear } = useBudgetYear();
  const { fiscalYear } = useFiscalYearChoice(budgetYear);
  const overAward = useOverAward(budgetYear?.id, fiscalYear);
  const [editing, setEditing] = useState<Fund | null>(null);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<Fund | null>(null);
  // The last action's outcome; it stays until the next one, so a refusal can be read at leisure.
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  const edit = (fund: Fund | null) => {
    setMessage(null);
    setEditing(fund);
    setOpen(true);
  };
  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    remove.mutate(deleting.id, {
      onSuccess: (res) => setMessage({ text: res.message }),
      onError: (err) =>
        setMessage({ text: errorMessage(err, `${deleting.name} could not be deleted`), error: true }),
      onSettled: () => setDeleting(null),
    });
  };
  const list = funds.data?.funds ?? [];

  return (
    <>
      <PageHeader
        title="Funds"
        subtitle="Each fund is a fund segment of the account strings. Under 603 CMR 10 the general fund appropriation counts toward net school spending; grants, revolving funds and the Circuit Breaker do not. A fund may be set apart from its kind's default."
        actions={
          <Button variant="primary" onClick={() => edit(null)}>
            Add Fund
          </Button>
        }
      />
      <OverAwardNotice over={overAward.over} fiscalYear={fiscalYear} />
      {message ? (
        <div className="funds-message">
          <Alert variant={message.error ? 'error' : 'success'}>{message.text}</Alert>
        </div>
      ) : null}
      {funds.isPending ? <Spinner label="Loading funds..." /> : null}
      {funds.isError ? (
        <div className="funds-message">
          <Alert title="Failed to load funds">{errorMessage(funds.error, 'Reload the page.')}</Alert>
        </div>
      ) : null}
      {funds.isSuccess && list.length === 0 ? (
        <EmptyState title="No funds yet">
          <p>Add the district&apos;s funds with Add Fund.</p>
        </EmptyState>
      ) : null}
      {list.length > 0 ? (
        <section className="card card--flush" aria-label="Funds">
          <FundsTable
            funds={list}
            isOver={overAward.isOver}
            overIn={fiscalYear ? fiscalYearLabel(fiscalYear) : null}
            onEdit={edit}
            onDelete={setDeleting}
          />
        </section>
      ) : null}
      <FundEditor
        open={open}
        fund={editing}
        onOpenChange={setOpen}
        onSaved={(text) => setMessage({ text })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete fund?'}
        message={`Are you sure you want to delete ${deleting?.name ?? 'this fund'}? This cannot be undone.`}
        confirmLabel="Delete Fund"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
