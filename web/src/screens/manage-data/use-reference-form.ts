import { useEffect, useEffectEvent } from 'react';
import type { z } from 'zod';
import { useSchemaForm } from '@web/components/form/use-schema-form';

/** What a tab gives its add/edit modal: the record being edited (null to add one) and where to report. */
export interface RecordModalProps<T> {
  open: boolean;
  record: T | null;
  onOpenChange(open: boolean): void;
  /** `answer`: the save's, which carries the locked salary lines' note when the change moved a voted roster's cost. */
  onSaved(message: string, answer?: object): void;
}

interface SaveCallbacks {
  onSuccess(answer: object): void;
  onError(err: unknown): void;
}

interface ReferenceFormConfig<T, V, C extends z.ZodType, U extends z.ZodType> extends RecordModalProps<T> {
  /** How the success message names the record: `<noun> <name> added` or `... updated`. */
  noun: string;
  /** The message when the server sends none. */
  failure: string;
  /** The API's body schemas: the form is checked with the one its save sends. */
  schemas: { create: C; update: U };
  create: { isPending: boolean; mutate(body: z.output<C>, callbacks: SaveCallbacks): void };
  update: {
    isPending: boolean;
    mutate(args: { id: number; body: z.output<U> }, callbacks: SaveCallbacks): void;
  };
  /** The form's values (Name and the record's own fields) from the record, or empty to add one. */
  values(record: T | null): V;
  /** The body to check from the values, when it is not the values themselves (e.g. 'none' to null). */
  toInput?(values: V): unknown;
}

/**
 * The part every reference-data modal shares: the values, reset when the modal opens; Save, which
 * checks them with the API's schema (each problem under its field), creates or updates, puts the
 * server's field errors on their fields, reports, and closes on success.
 */
export function useReferenceForm<
  T extends { id: number; name: string },
  V extends { name: string },
  C extends z.ZodType,
  U extends z.ZodType,
>({
  open,
  record,
  onOpenChange,
  onSaved,
  noun,
  failure,
  schemas,
  create,
  update,
  values: valuesOf,
  toInput,
}: ReferenceFormConfig<T, V, C, U>) {
  const form = useSchemaForm<z.ZodType, V>(record ? schemas.update : schemas.create, valuesOf(record), {
    toInput,
  });
  // Only opening the modal (or a new record) resets it, not every new `valuesOf` the parent renders.
  const refill = useEffectEvent(() => form.reset(valuesOf(record)));
  useEffect(() => {
    if (open) {
      refill();
    }
  }, [open, record]);

  const onSubmit = () => {
    const body = form.validate() as (z.output<C> & z.output<U>) | null;
    if (!body) {
      return;
    }
    const name = (body as { name?: string }).name ?? form.values.name.trim();
    const done = {
      onSuccess: (answer: object) => {
        onSaved(record ? `${noun} ${name} updated` : `${noun} ${name} added`, answer);
        onOpenChange(false);
      },
      onError: (err: unknown) => form.applyServerError(err, failure),
    };
    if (record) {
      update.mutate({ id: record.id, body }, done);
    } else {
      create.mutate(body, done);
    }
  };

  // The props ReferenceFormModal takes from the form (its Name, the error, Save), and the form.
  return {
    modal: {
      open,
      onOpenChange,
      name: form.values.name,
      onNameChange: form.set('name') as (name: string) => void,
      nameError: form.errors.name,
      error: form.formError,
      busy: create.isPending || update.isPending,
      onSubmit,
    },
    form,
  };
}
