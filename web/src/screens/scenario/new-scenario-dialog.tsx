import { useEffect, type FormEvent } from 'react';
import { createCutScenarioBody } from '@shared/schemas/cut-scenarios';
import { useCreateCutScenario, type CutScenario } from '@web/api/cut-scenarios';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Modal } from '@web/components/modal';
import { fyLabel } from './scenario-math';
import { FormActions } from '@web/components/form/form-actions';

interface NewScenarioDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  budgetYearId: number;
  fiscalYear: number;
  /** Copy this scenario's cuts into the new one. */
  copyFrom: CutScenario | null;
  onCreated(scenario: CutScenario): void;
}

const EMPTY = { name: '', description: '' };

/** 'New Scenario' (no cuts) or a copy of the scenario on screen; the name is required. */
export function NewScenarioDialog(props: NewScenarioDialogProps) {
  const { open, onOpenChange, budgetYearId, fiscalYear, copyFrom, onCreated } = props;
  const create = useCreateCutScenario();
  const form = useSchemaForm(createCutScenarioBody, EMPTY, {
    toInput: (v) => ({
      budgetYearId,
      fiscalYear,
      name: v.name,
      description: v.description.trim() || null,
      ...(copyFrom ? { copyFromId: copyFrom.id } : {}),
    }),
  });
  const { reset } = form;

  useEffect(() => {
    if (open) {
      reset(copyFrom ? { name: `Copy of ${copyFrom.name}`, description: copyFrom.description ?? '' } : EMPTY);
    }
    // Only when the dialog opens (typing must not be reset); `reset` changes on every render.
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    create.mutate(body, {
      onSuccess: ({ scenario }) => {
        onOpenChange(false);
        onCreated(scenario);
      },
      onError: (err) => form.applyServerError(err, 'Failed to create scenario'),
    });
  };

  const title = copyFrom ? 'Copy Scenario' : 'New Scenario';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        copyFrom
          ? `A new scenario for ${fyLabel(fiscalYear)} starting from the cuts of ${copyFrom.name}.`
          : `A new set of cuts to the ${fyLabel(fiscalYear)} proposed budget; every line starts at 100%.`
      }
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {form.formError ? <Alert title="Failed to create scenario">{form.formError}</Alert> : null}
        <Field id="new-scenario-name" label="Scenario name" required maxLength={200} {...form.bind('name')} />
        <Field
          id="new-scenario-description"
          label="Description (optional)"
          maxLength={1000}
          {...form.bind('description')}
        />
        <FormActions
          onCancel={() => onOpenChange(false)}
          busy={create.isPending}
          busyLabel="Creating..."
          submitLabel={copyFrom ? 'Create Copy' : 'Create Scenario'}
        />
      </form>
    </Modal>
  );
}
