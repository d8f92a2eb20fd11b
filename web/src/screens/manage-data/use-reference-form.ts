import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import { issuesToErrors } from '@web/components/form/use-schema-form';

/** What a tab gives its add/edit modal: the record being edited (null to add one) and where to report. */
export interface RecordModalProps<T> {
  open: boolean;
  record: T | null;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

interface SaveCallbacks {
  onSuccess(): void;
  onError(err: unknown): void;
}

interface ReferenceFormConfig<T, B> extends RecordModalProps<T> {
  /** How the success message names the record: `<noun> <name> added` or `... updated`. */
  noun: string;
  /** The message when the server sends none. */
  failure: string;
  create: { isPending: boolean; mutate(body: B, callbacks: SaveCallbacks): void };
  update: { isPending: boolean; mutate(args: { id: number; body: B }, callbacks: SaveCallbacks): void };
  /** Fills the form's own fields from the record (or empties them) each time the modal opens. */
  reset(record: T | null): void;
  /** What is wrong with the form's own fields, checked after the name; null when nothing is. */
  validate?(): string | null;
  /** The request body from the trimmed name and the form's own fields. */
  body(name: string): B & { name: string };
}

/**
 * The part every reference-data modal shares: the Name and the error, reset when the modal opens;
 * the checks (a name first); and Save, which creates or updates, reports, and closes on success.
 */
export function useReferenceForm<T extends { id: number; name: string }, B>({
  open,
  record,
  onOpenChange,
  onSaved,
  noun,
  failure,
  create,
  update,
  reset,
  validate,
  body: toBody,
}: ReferenceFormConfig<T, B>) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  // Only opening the modal (or a new record) resets it, not every new `reset` the parent renders.
  const resetFields = useEffectEvent(reset);

  useEffect(() => {
    if (open) {
      setName(record?.name ?? '');
      resetFields(record);
      setError(null);
      setNameError(undefined);
    }
  }, [open, record]);

  const changeName = (next: string) => {
    setName(next);
    setNameError(undefined);
  };

  // A refused save: a problem with the name goes on the Name field, anything else in the alert.
  const onFailure = (err: unknown) => {
    const details =
      err instanceof ApiError && err.details ? (err.details as { path: string; message: string }[]) : [];
    const sorted = issuesToErrors<{ name: string }>(details, ['name']);
    setNameError(sorted.fields.name);
    setError(sorted.fields.name && !sorted.form.length ? null : errorMessage(err, failure));
  };

  const onSubmit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name is required');
      setError(null);
      return;
    }
    setNameError(undefined);
    const problem = validate?.() ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    const body = toBody(trimmed);
    const done = {
      onSuccess: () => {
        onSaved(record ? `${noun} ${body.name} updated` : `${noun} ${body.name} added`);
        onOpenChange(false);
      },
      onError: onFailure,
    };
    if (record) {
      update.mutate({ id: record.id, body }, done);
    } else {
      create.mutate(body, done);
    }
  };

  // The props ReferenceFormModal takes from the form: its state, and Save.
  return {
    open,
    onOpenChange,
    name,
    onNameChange: changeName,
    nameError,
    error,
    busy: create.isPending || update.isPending,
    onSubmit,
  };
}
