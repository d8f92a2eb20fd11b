import { useState, type FormEvent } from 'react';
import { fiscalYearLabel, fiscalYearsText } from '@shared/budget-math';
import { editBudgetYearBody, type SetupStatus } from '@shared/schemas/setup';
import { useDeleteBudgetYear, useEditBudgetYear } from '@web/api/setup';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { useToast } from '@web/components/toast';

type Year = SetupStatus['budgetYears'][number];

// Named by the one rule ('FY31 to FY32'); the edit form keeps the years as typed input.
const spanOf = (y: Pick<Year, 'fiscalYears'>) =>
  fiscalYearsText(y.fiscalYears[0], y.fiscalYears.at(-1) ?? y.fiscalYears[0]);

/**
 * A budget year's name, notes and span of fiscal years. The server refuses a span that drops a
 * year holding anything, takes another budget year's year, or leaves out its own or current year,
 * naming the field; the message lands under it.
 */
function EditForm({ year, onDone }: { year: Year; onDone(): void }) {
  const edit = useEditBudgetYear();
  const notify = useToast();
  const initial = {
    name: year.name ?? '',
    notes: year.notes ?? '',
    firstFiscalYear: `FY${year.fiscalYears[0]}`,
    lastFiscalYear: `FY${year.fiscalYears.at(-1)}`,
  };
  const form = useSchemaForm(editBudgetYearBody, initial, {
    toInput: (v) => ({
      name: v.name.trim(),
      notes: v.notes.trim() === '' ? null : v.notes.trim(),
      firstFiscalYear: v.firstFiscalYear.trim(),
      lastFiscalYear: v.lastFiscalYear.trim(),
    }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    edit.mutate(
      { id: year.id, body },
      {
        onSuccess: ({ budgetYear, fiscalYears }) => {
          notify({
            title: `Budget year ${budgetYear.fiscalYear} saved, planning ${spanOf({ fiscalYears })}`,
          });
          onDone();
        },
        onError: (err) => form.applyServerError(err, 'Failed to save the budget year'),
      },
    );
  };
  const id = `budget-year-${year.id}`;
  return (
    <form
      className="form-stack"
      onSubmit={submit}
      noValidate
      aria-label={`Edit budget year ${year.fiscalYear}`}
    >
      {form.formError ? <Alert title="Failed to save the budget year">{form.formError}</Alert> : null}
      <div className="form-grid">
        <Field id={`${id}-name`} label="Name" required {...form.bind('name')} />
        <Field id={`${id}-notes`} label="Notes" {...form.bind('notes')} />
        <Field
          id={`${id}-first`}
          label="First fiscal year it plans"
          hint="A year it drops must hold nothing"
          {...form.bind('firstFiscalYear')}
        />
        <Field
          id={`${id}-last`}
          label="Last fiscal year it plans"
          hint="A year it adds must not be another budget year's"
          {...form.bind('lastFiscalYear')}
        />
      </div>
      <div className="form-actions">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={edit.isPending} busyLabel="Saving...">
          Save budget year
        </Button>
      </div>
    </form>
  );
}

/**
 * The budget years made so far, each with Edit and Delete (setup is ADMIN's, as creating,
 * editing and deleting a budget year are on the server). Delete is disabled with the reason the
 * server gives when the year holds anything; otherwise it asks first.
 */
export function BudgetYearList({ years }: { years: readonly Year[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Year | null>(null);
  const remove = useDeleteBudgetYear();
  const notify = useToast();
  if (!years.length) {
    return null;
  }
  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    remove.mutate(deleting.id, {
      onSuccess: ({ deleted }) => {
        notify({ title: `Budget year ${deleted.fiscalYear} deleted` });
        setDeleting(null);
      },
      onError: (err) => {
        notify({ title: errorMessage(err, 'Failed to delete the budget year'), variant: 'error' });
        setDeleting(null);
      },
    });
  };
  return (
    <ul className="setup-years" aria-label="Budget years">
      {years.map((y) => (
        <li key={y.id} className="setup-years__item">
          <div className="setup-years__row">
            <div>
              <strong>{y.fiscalYear}</strong> {y.name ? <span>{y.name}</span> : null}
              <div className="setup-years__meta">
                Plans {spanOf(y)}
                {y.currentFiscalYear === null ? '' : `, current ${fiscalYearLabel(y.currentFiscalYear)}`}
                {y.notes ? `. ${y.notes}` : ''}
              </div>
              {y.cannotDelete ? <div className="setup-years__meta">{y.cannotDelete}.</div> : null}
            </div>
            <div className="setup-years__actions">
              <Button
                variant="secondary"
                aria-expanded={editing === y.id}
                onClick={() => setEditing(editing === y.id ? null : y.id)}
              >
                Edit {y.fiscalYear}
              </Button>
              <Button
                variant="secondary"
                disabled={y.cannotDelete !== null}
                title={y.cannotDelete ?? undefined}
                onClick={() => setDeleting(y)}
              >
                Delete {y.fiscalYear}
              </Button>
            </div>
          </div>
          {editing === y.id ? <EditForm year={y} onDone={() => setEditing(null)} /> : null}
        </li>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete budget year ${deleting?.fiscalYear ?? ''}`}
        message={
          deleting
            ? `${deleting.fiscalYear} holds nothing yet. Deleting it removes its empty operating and proposed budgets, settings and Draft versions, and frees ${spanOf(deleting)} for another budget year.`
            : ''
        }
        confirmLabel="Delete budget year"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </ul>
  );
}
