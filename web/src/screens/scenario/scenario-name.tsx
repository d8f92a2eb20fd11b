import { useState, type FormEvent } from 'react';
import { updateCutScenarioBody } from '@shared/schemas/cut-scenarios';
import { errorMessage } from '@web/api/client';
import { useUpdateCutScenario, type CutScenario } from '@web/api/cut-scenarios';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { useToast } from '@web/components/toast';

const FAILED = 'Failed to update scenario name';

/** The scenario's name with Edit; editing shows the name in a box with Save and Cancel. */
export function ScenarioName({ scenario, canEdit }: { scenario: CutScenario; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateCutScenario();
  const notify = useToast();
  const form = useSchemaForm(updateCutScenarioBody, { name: scenario.name });

  const start = () => {
    form.reset({ name: scenario.name });
    setFailure(null);
    setEditing(true);
  };

  const cancel = () => {
    form.reset({ name: scenario.name });
    setFailure(null);
    setEditing(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body?.name) {
      return;
    }
    if (body.name === scenario.name) {
      setEditing(false);
      return;
    }
    update.mutate(
      { id: scenario.id, name: body.name },
      {
        onSuccess: ({ scenario: saved }) => {
          setEditing(false);
          setFailure(null);
          notify({ title: 'Scenario renamed', description: saved.name });
        },
        onError: (err) => {
          const reason = errorMessage(err, '');
          setFailure(reason && reason !== FAILED ? reason : null);
          form.setFormError(FAILED);
        },
      },
    );
  };

  if (!editing) {
    return (
      <div className="scenario-name">
        <h2 className="scenario-name__title">{scenario.name}</h2>
        {scenario.isActive ? <span className="badge badge--info">Active</span> : null}
        {canEdit ? (
          <Button
            className="btn--small"
            onClick={start}
            aria-label={`Edit name of scenario ${scenario.name}`}
          >
            Edit name
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <form className="scenario-name scenario-name--editing" onSubmit={submit} noValidate>
      {form.formError ? <Alert title={form.formError}>{failure}</Alert> : null}
      <div className="scenario-name__row">
        <Field
          id="scenario-name-input"
          label="Scenario name"
          required
          maxLength={200}
          {...form.bind('name')}
        />
        <div className="scenario-name__actions">
          <Button type="submit" variant="primary" busy={update.isPending} busyLabel="Saving...">
            Save
          </Button>
          <Button onClick={cancel} disabled={update.isPending}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
