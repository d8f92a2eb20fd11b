import { type FormEvent } from 'react';
import { createScenarioBody } from '@shared/schemas/scenarios';
import { useCreateScenario, type Scenario, type ScenarioType } from '@web/api/scenarios';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { countOf } from '@web/lib/format';

const TYPE_OPTIONS = [
  { value: 'operating', label: 'Operating (employee-level payroll)' },
  { value: 'proposed', label: 'Proposed (budget by category)' },
];
const EMPTY = 'empty';

const lines = (n: number) => countOf(n, 'line');

interface CreateBudgetFormProps {
  budgetYearId: number | undefined;
  /** The budgets of the budget year, any type: those of the chosen type can be copied. */
  scenarios: Scenario[];
}

/**
 * 'Create a budget': a name, a type, a description, and where it starts from: empty, or a copy of
 * the lines of a budget of the same type and budget year (copied by the server in one transaction).
 */
export function CreateBudgetForm({ budgetYearId, scenarios }: CreateBudgetFormProps) {
  const create = useCreateScenario();
  const notify = useToast();
  const empty = { name: '', description: '', scenarioType: 'proposed' as ScenarioType, startFrom: EMPTY };
  const form = useSchemaForm(createScenarioBody, empty, {
    toInput: (v) => ({
      budgetYearId,
      name: v.name,
      description: v.description.trim() || null,
      scenarioType: v.scenarioType,
      copyFromScenarioId:
        scenarios.find((s) => s.scenarioType === v.scenarioType && String(s.id) === v.startFrom)?.id ?? null,
    }),
    // The copied budget is chosen under Start from.
    fieldFor: (path) => (path === 'copyFromScenarioId' ? 'startFrom' : path),
  });
  const { values, errors, setValue } = form;
  const type = values.scenarioType;

  const sources = scenarios.filter((s) => s.scenarioType === type);
  // A choice of another type or budget year falls back to Empty.
  const source = sources.find((s) => String(s.id) === values.startFrom);
  const startOptions = [
    { value: EMPTY, label: 'Empty' },
    ...sources.map((s) => ({
      value: String(s.id),
      label: `Copy of ${s.name} (${lines(s.lineItemCount)}${s.isActive ? ', active' : ''})`,
    })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!budgetYearId) {
      return;
    }
    const body = form.validate();
    if (!body) {
      return;
    }
    create.mutate(body, {
      onSuccess: ({ scenario, copiedLineCount }) => {
        form.reset({ ...empty, scenarioType: type });
        notify({
          title: source
            ? `${scenario.name} created with ${lines(copiedLineCount)} copied from ${source.name}`
            : `${scenario.name} created`,
        });
      },
      onError: (err) => form.applyServerError(err, 'Failed to create scenario'),
    });
  };

  return (
    <form className="form-stack card" onSubmit={submit} noValidate aria-labelledby="new-budget-heading">
      <h3 id="new-budget-heading">Create a budget</h3>
      {form.formError ? <Alert title="Failed to create scenario">{form.formError}</Alert> : null}
      <div className="form-grid">
        <Field id="new-budget-name" label="Name" required {...form.bind('name')} />
        <Field id="new-budget-type" label="Type">
          {(control) => (
            <Select
              {...control}
              value={type}
              options={TYPE_OPTIONS}
              onValueChange={(v) => {
                setValue('scenarioType', v as ScenarioType);
                setValue('startFrom', EMPTY);
              }}
            />
          )}
        </Field>
        <Field id="new-budget-start" label="Start from" error={errors.startFrom}>
          {(control) => (
            <Select
              {...control}
              value={source ? values.startFrom : EMPTY}
              options={startOptions}
              onValueChange={(v) => setValue('startFrom', v)}
            />
          )}
        </Field>
        <Field id="new-budget-description" label="Description" full {...form.bind('description')} />
      </div>
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          busy={create.isPending}
          busyLabel="Creating..."
          disabled={!budgetYearId}
        >
          Create Budget
        </Button>
      </div>
    </form>
  );
}
