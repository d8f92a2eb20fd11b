import { type FormEvent } from 'react';
import type { z } from 'zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useSetupStepDone } from '@web/api/setup';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { useToast } from '@web/components/toast';

interface QuickAddField {
  key: string;
  label: string;
  hint?: string;
  required?: boolean;
}

interface QuickAddProps<S extends z.ZodType> {
  idPrefix: string;
  noun: string;
  /** What is there already, listed above the form. */
  existing: readonly string[];
  schema: S;
  fields: readonly QuickAddField[];
  mutation: Pick<UseMutationResult<unknown, unknown, z.output<S>>, 'mutate' | 'isPending'>;
}

/**
 * One-line 'add another' form of a setup step: text fields checked with the API's own schema (a
 * blank optional field is left out), saved by the same call the Manage Data screen makes, and
 * emptied for the next one.
 */
export function QuickAdd<S extends z.ZodType>({
  idPrefix,
  noun,
  existing,
  schema,
  fields,
  mutation,
}: QuickAddProps<S>) {
  const done = useSetupStepDone();
  const notify = useToast();
  const empty = Object.fromEntries(fields.map((f) => [f.key, ''])) as Record<string, string>;
  const form = useSchemaForm(schema, empty, {
    toInput: (v) => Object.fromEntries(Object.entries(v).filter(([, text]) => text.trim() !== '')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    mutation.mutate(body, {
      onSuccess: () => {
        notify({ title: `Added ${noun} ${form.values[fields[0].key].trim()}` });
        form.reset(empty);
        void done();
      },
      onError: (err) => form.applyServerError(err, `Failed to add the ${noun}`),
    });
  };

  return (
    <form className="form-stack" onSubmit={submit} noValidate>
      {existing.length ? (
        <p>
          <strong>Added:</strong> {existing.join(', ')}
        </p>
      ) : null}
      {form.formError ? <Alert title={`Failed to add the ${noun}`}>{form.formError}</Alert> : null}
      <div className="form-grid">
        {fields.map((f) => (
          <Field
            key={f.key}
            id={`${idPrefix}-${f.key}`}
            label={f.label}
            hint={f.hint}
            required={f.required}
            {...form.bind(f.key)}
          />
        ))}
      </div>
      <div>
        <Button type="submit" variant="primary" busy={mutation.isPending} busyLabel="Adding...">
          Add {noun}
        </Button>
      </div>
    </form>
  );
}
