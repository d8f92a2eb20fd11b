import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@web/api/client';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

interface IssueLike {
  path: readonly PropertyKey[] | string | undefined;
  message: string | undefined;
}

export interface SchemaFormOptions<V> {
  /** The schema's input from the form's values (e.g. numbers from text boxes); the values by default. */
  toInput?(values: V): unknown;
  /**
   * The form field a schema or server path belongs to (given the values checked); the path's first
   * segment by default.
   */
  fieldFor?(path: string, values: V): string | undefined;
}

function pathText(path: IssueLike['path']): string {
  if (typeof path === 'string') {
    return path;
  }
  return (path ?? []).map(String).join('.');
}

/**
 * Sorts issues into field messages (the first issue per field) and the rest, which belong to the
 * whole form. A path names a field when it, or its first segment, is one of `fields`.
 */
export function issuesToErrors<V>(
  issues: readonly IssueLike[],
  fields: readonly string[],
  fieldFor?: (path: string) => string | undefined,
): { fields: FieldErrors<V>; form: string[] } {
  const byField: Record<string, string> = {};
  const form: string[] = [];
  for (const issue of issues) {
    if (!issue.message) {
      continue;
    }
    const path = pathText(issue.path);
    const field = fieldFor ? fieldFor(path) : fields.includes(path) ? path : path.split('.')[0];
    if (field && fields.includes(field)) {
      byField[field] ??= issue.message;
    } else {
      form.push(issue.message);
    }
  }
  return { fields: byField as FieldErrors<V>, form };
}

/**
 * A form's values, field errors and form-level error, checked with the shared zod schema the
 * server uses. `validate()` parses and marks each bad field; `applyServerError()` does the same
 * with a failed request's `details` and puts anything else in `formError`.
 */
export function useSchemaForm<S extends z.ZodType, V extends object>(
  schema: S,
  initial: V,
  options: SchemaFormOptions<V> = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fields = Object.keys(initial);
  const fieldFor = options.fieldFor && ((path: string) => options.fieldFor?.(path, values));

  /** Sets one field; typing in a field clears that field's error. */
  const setValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  const set =
    <K extends keyof V & string>(field: K) =>
    (value: V[K]) =>
      setValue(field, value);

  /** Parses the values with the schema: the parsed body, or null with each bad field marked. */
  const validate = (): z.output<S> | null => {
    const parsed = schema.safeParse(options.toInput ? options.toInput(values) : values);
    if (parsed.success) {
      setErrors({});
      setFormError(null);
      return parsed.data;
    }
    const sorted = issuesToErrors<V>(parsed.error.issues, fields, fieldFor);
    setErrors(sorted.fields);
    setFormError(sorted.form[0] ?? null);
    return null;
  };

  /**
   * A failed save: the server's `details` go onto their fields; the server's message (or
   * `fallback`) becomes the form error unless every detail found its field.
   */
  const applyServerError = (err: unknown, fallback: string) => {
    const details = err instanceof ApiError && err.details ? (err.details as IssueLike[]) : [];
    const sorted = issuesToErrors<V>(details, fields, fieldFor);
    setErrors(sorted.fields);
    const placed = Object.keys(sorted.fields).length > 0 && sorted.form.length === 0;
    setFormError(placed ? null : errorMessage(err, fallback));
  };

  /** Back to `next` (or the initial values) with no errors. */
  const reset = (next: V = initial) => {
    setValues(next);
    setErrors({});
    setFormError(null);
  };

  /** The value/error props of one text field: `<Field {...bind('name')} />`. */
  const bind = <K extends keyof V & string>(field: K) => ({
    value: values[field] as string,
    error: errors[field],
    onChange: (event: { target: { value: string } }) => setValue(field, event.target.value as V[K]),
  });

  return {
    values,
    setValues,
    setValue,
    set,
    bind,
    errors,
    setErrors,
    formError,
    setFormError,
    validate,
    applyServerError,
    reset,
  };
}
