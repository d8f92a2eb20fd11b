import { useEffect, type FormEvent } from 'react';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { createVersionBody, VERSION_FISCAL_YEARS } from '@shared/schemas/versions';
import { errorMessage } from '@web/api/client';
import { useCreateVersion, type BudgetVersion } from '@web/api/versions';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';

const FISCAL_YEAR_OPTIONS = VERSION_FISCAL_YEARS.map((y) => ({
  value: fiscalYearLabel(y),
  label: fiscalYearLabel(y),
}));

interface CreateVersionModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  budgetYearId: number | undefined;
  /** Preselected fiscal year (the budget year's), when it is one of FY25 to FY30. */
  defaultFiscalYear: number | null | undefined;
  onCreated(version: BudgetVersion): void;
}

/** A new version needs a fiscal year and a label; it starts as DRAFT. */
export function CreateVersionModal({
  open,
  onOpenChange,
  budgetYearId,
  defaultFiscalYear,
  onCreated,
}: CreateVersionModalProps) {
  const { user } = useSession();
  const create = useCreateVersion();
  const initialYear =
    defaultFiscalYear && (VERSION_FISCAL_YEARS as readonly number[]).includes(defaultFiscalYear)
      ? fiscalYearLabel(defaultFiscalYear)
      : '';
  const empty = { fiscalYear: initialYear, label: '', description: '' };
  // The request schema's own messages ('Please select a fiscal year', ...) mark the fields.
  const form = useSchemaForm(createVersionBody, empty, {
    toInput: (values) => ({
      ...values,
      status: 'DRAFT',
      uploadedBy: user?.id ?? 'admin',
      budgetYearId,
    }),
  });
  const { values, errors, setValue, reset } = form;

  // The header's budget year may have changed since the last time the dialog was open.
  useEffect(() => {
    if (open) {
      setValue('fiscalYear', initialYear);
    }
  }, [open, initialYear, setValue]);

  const changeOpen = (next: boolean) => {
    if (!next) {
      reset();
      create.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    create.mutate(
      {
        fiscalYear: values.fiscalYear,
        label: body.label,
        description: body.description,
        status: 'DRAFT',
        uploadedBy: user?.id ?? 'admin',
        budgetYearId,
      },
      {
        onSuccess: ({ version }) => {
          onCreated(version);
          changeOpen(false);
        },
        onError: (err) => {
          form.applyServerError(err, 'Unknown error');
          form.setFormError(`Failed to create version: ${errorMessage(err, 'Unknown error')}`);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title="New Version"
      description="A version labels one upload of a fiscal year's budget. It starts as a draft."
    >
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        {form.formError ? <Alert>{form.formError}</Alert> : null}
        <Field id="version-fiscal-year" label="Fiscal year" required error={errors.fiscalYear}>
          {(control) => (
            <Select
              {...control}
              value={values.fiscalYear}
              options={FISCAL_YEAR_OPTIONS}
              placeholder="Select a fiscal year"
              onValueChange={(v) => setValue('fiscalYear', v)}
            />
          )}
        </Field>
        <Field
          id="version-label"
          label="Label"
          required
          maxLength={200}
          placeholder="e.g. Superintendent's Preliminary"
          value={values.label}
          error={errors.label}
          onChange={(e) => setValue('label', e.target.value)}
        />
        <Field id="version-description" label="Description (optional)" error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={3}
              maxLength={2000}
              value={values.description}
              onChange={(e) => setValue('description', e.target.value)}
            />
          )}
        </Field>
        <div className="form-actions">
          <Button onClick={() => changeOpen(false)}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending} busyLabel="Creating...">
            Create Version
          </Button>
        </div>
      </form>
    </Modal>
  );
}
