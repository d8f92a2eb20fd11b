import { useMemo, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { z } from 'zod';
import { useFunds } from '@web/api/funds';
import { useBuildings, useCategories } from '@web/api/lookups';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { NONE } from '@web/components/employee-form';
import { Field } from '@web/components/form/field';
import { useSchemaForm, type SchemaFormOptions } from '@web/components/form/use-schema-form';
import { Select, type SelectOption } from '@web/components/select';

type FieldInputProps = Partial<Omit<EditorInputProps, 'id' | 'onValueChange'>>;

/**
 * A line editor's form (useSchemaForm over the API's body schema), refilled with `values` each time
 * the editor opens on another record (`source`). `input(field, label, props)` and
 * `select(field, label, options)` render a field's control and its error, with the id
 * `<idPrefix>-<field>`.
 */
export function useEditorForm<S extends z.ZodType, V extends { [K in keyof V]: string }>(
  idPrefix: string,
  schema: S,
  source: unknown,
  values: V,
  options: SchemaFormOptions<V> = {},
) {
  const form = useSchemaForm(schema, values, options);
  // Another record refills the form before this render shows, so no field shows the last record.
  const [shown, setShown] = useState(source);
  if (shown !== source) {
    setShown(source);
    form.reset(values);
  }

  const input = (field: keyof V & string, label: string, props: FieldInputProps = {}) => (
    <EditorInput
      id={`${idPrefix}-${field}`}
      label={label}
      value={form.values[field]}
      onValueChange={form.set(field)}
      error={form.errors[field]}
      {...props}
    />
  );
  const select = (field: keyof V & string, label: string, choices: readonly SelectOption[]) => (
    <Field id={`${idPrefix}-${field}`} label={label} error={form.errors[field]}>
      {(control) => (
        <Select
          {...control}
          value={form.values[field]}
          options={choices}
          onValueChange={(v) => form.setValue(field, v as V[typeof field])}
        />
      )}
    </Field>
  );
  return { ...form, input, select };
}

/** Building and budget-category choices of a line: District Wide / No category, then each by name. */
export function useLineLookupOptions() {
  const buildings = useBuildings();
  const categories = useCategories();
  const buildingOptions = useMemo(
    () => [
      { value: NONE, label: DISTRICT_WIDE },
      ...(buildings.data?.buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    ],
    [buildings.data],
  );
  const categoryOptions = useMemo(
    () => [
      { value: NONE, label: 'No category' },
      ...(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ],
    [categories.data],
  );
  return { buildingOptions, categoryOptions };
}

/**
 * The funds that may pay a line, the general fund first as NONE: the server stores a line on the
 * general fund as naming no fund. Until the list loads, the general fund alone, so a new line's
 * default reads as chosen.
 */
export function useFundOptions(): SelectOption[] {
  const funds = useFunds();
  return useMemo(
    () =>
      funds.data
        ? funds.data.funds.map((f) => ({ value: f.kind === 'general' ? NONE : String(f.id), label: f.name }))
        : [{ value: NONE, label: 'General fund' }],
    [funds.data],
  );
}

interface EditorInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** The field's validation message; it replaces the hint and marks the input invalid. */
  error?: string;
  hint?: ReactNode;
  /** Spans both columns of the form grid. */
  full?: boolean;
}

/** A labelled input of an editor's form grid, with its error or hint tied to it for screen readers. */
export function EditorInput({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  full = false,
  ...props
}: EditorInputProps) {
  return (
    <Field
      id={id}
      label={label}
      value={value}
      error={error}
      hint={hint}
      full={full}
      onChange={(e) => onValueChange(e.target.value)}
      {...props}
    />
  );
}

/** The full-width Notes box at the end of an editor's form grid. */
export function NotesField({
  id,
  value,
  onValueChange,
  error,
}: {
  id: string;
  value: string;
  onValueChange(value: string): void;
  error?: string;
}) {
  return (
    <Field id={id} label="Notes" full error={error}>
      {(control) => (
        <textarea
          {...control}
          className="input"
          rows={3}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </Field>
  );
}
