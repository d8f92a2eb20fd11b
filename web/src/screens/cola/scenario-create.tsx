import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { useCreateColaScenario, type ColaScenario } from '@web/api/cola';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { FormActions } from '@web/components/form/form-actions';

interface ScenarioCreateProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(scenario: ColaScenario): void;
}

/** Names a new COLA scenario (an empty name is refused: 'Scenario name cannot be empty'). */
export function ScenarioCreate({ open, onOpenChange, onCreated }: ScenarioCreateProps) {
  const create = useCreateColaScenario();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setName('');
      setDescription('');
      setNameError(undefined);
      setFormError(null);
    }
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Scenario name cannot be empty');
      return;
    }
    create.mutate(
      { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: (r) => {
          onCreated(r.scenario);
          onOpenChange(false);
        },
        onError: (err) => {
          const reason = errorMessage(err, '');
          setFormError(reason ? `Failed to create scenario: ${reason}` : 'Failed to create scenario');
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="New COLA Scenario"
      description="A set of COLA assumptions per work-group category and fiscal year."
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {formError ? <Alert title={formError}>{null}</Alert> : null}
        <Field
          id="scenario-name"
          label="Scenario name"
          required
          value={name}
          error={nameError}
          maxLength={200}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(undefined);
          }}
        />
        <Field id="scenario-description" label="Description">
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          busy={create.isPending}
          busyLabel="Creating..."
          submitLabel="Create Scenario"
        />
      </form>
    </Modal>
  );
}
