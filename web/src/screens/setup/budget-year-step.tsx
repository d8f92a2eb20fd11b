import { useState, type FormEvent } from 'react';
import { createBudgetYearBody } from '@shared/schemas/setup';
import {
  fiscalYearFromDate,
  fiscalYearLabel,
  fiscalYearsText,
  parseFiscalYear,
} from '@shared/schemas/fiscal-year';
import { useCreateBudgetYear, useSetupStatus } from '@web/api/setup';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { useToast } from '@web/components/toast';
import { BudgetYearList } from './budget-year-list';

type YearField = 'label' | 'currentFiscalYear' | 'firstFiscalYear' | 'lastFiscalYear';
const FIELDS: readonly [YearField, string, string, string][] = [
  ['label', 'setup-year-label', 'Budget year', 'FY2020 to FY2034, e.g. FY28'],
  [
    'currentFiscalYear',
    'setup-year-current',
    'Current fiscal year',
    'The year the dashboard centres on (default: the budget year)',
  ],
  ['firstFiscalYear', 'setup-year-first', 'First fiscal year it plans', 'Default: the budget year'],
  ['lastFiscalYear', 'setup-year-last', 'Last fiscal year it plans', 'e.g. FY32 for a five-year plan'],
];

const blank = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * The budget years made so far (each can be edited or, while empty, deleted), then a new one: its label (FY2020 to FY2034), the fiscal years it plans and the one its
 * dashboard centres on. The server makes its active operating and proposed budgets, its settings
 * and a Draft version per fiscal year in the same transaction.
 */
export function BudgetYearStep() {
  const create = useCreateBudgetYear();
  const notify = useToast();
  // The year being planned: the fiscal year after today's, or after the last one any budget year
  // plans (each fiscal year has one home: a budget year FY29 when FY28 plans FY2027-FY2032 is refused).
  const years = useSetupStatus().data?.budgetYears ?? [];
  const newest = Math.max(0, ...years.flatMap((y) => [parseFiscalYear(y.fiscalYear) ?? 0, ...y.fiscalYears]));
  const next = fiscalYearLabel(Math.max((fiscalYearFromDate(new Date()) ?? 2026) + 1, newest + 1));
  const empty = { label: next, firstFiscalYear: '', lastFiscalYear: '', currentFiscalYear: '' };
  const form = useSchemaForm(createBudgetYearBody, empty, {
    toInput: (v) => ({
      label: v.label.trim(),
      firstFiscalYear: blank(v.firstFiscalYear),
      lastFiscalYear: blank(v.lastFiscalYear),
      currentFiscalYear: blank(v.currentFiscalYear),
    }),
  });
  // The offer follows the list: an edit or a delete above moves the last year planned, and an offer
  // left behind (FY32 once FY31 plans FY2032) would be refused. A label the user typed stays theirs.
  const [offered, setOffered] = useState(next);
  if (offered !== next) {
    setOffered(next);
    if (form.values.label === offered) {
      form.setValue('label', next);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    // The parsed years are integers; the server takes them as it takes labels.
    create.mutate(body, {
      onSuccess: ({ budgetYear, fiscalYears }) => {
        // The next one suggested is the year after the last one this one plans.
        const planned = [newest, parseFiscalYear(budgetYear.fiscalYear) ?? 0, ...fiscalYears];
        form.reset({ ...empty, label: fiscalYearLabel(Math.max(...planned) + 1) });
        notify({
          title: `Budget year ${budgetYear.fiscalYear} created, planning ${fiscalYearsText(fiscalYears[0], fiscalYears.at(-1) ?? fiscalYears[0])}`,
        });
      },
      onError: (err) => form.applyServerError(err, 'Failed to create the budget year'),
    });
  };

  return (
    <>
      <BudgetYearList years={years} />
      <form className="form-stack" onSubmit={submit} noValidate aria-label="Create a budget year">
        {form.formError ? <Alert title="Failed to create the budget year">{form.formError}</Alert> : null}
        <div className="form-grid">
          {FIELDS.map(([key, id, label, hint]) => (
            <Field
              key={key}
              id={id}
              label={label}
              hint={hint}
              required={key === 'label'}
              {...form.bind(key)}
            />
          ))}
        </div>
        <div>
          <Button type="submit" variant="primary" busy={create.isPending} busyLabel="Creating...">
            Create budget year
          </Button>
        </div>
      </form>
    </>
  );
}
