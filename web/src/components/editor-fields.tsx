import { useEffect, useMemo, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useBuildings, useCategories } from '@web/api/lookups';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { NONE } from '@web/components/employee-form';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { FilterSelect } from '@web/components/line-filters';
import type { SelectOption } from '@web/components/select';

type FieldInputProps = Partial<Omit<EditorInputProps, 'id' | 'onValueChange'>>;

/**
 * A line editor's values, field errors and save failure, reset each time the editor opens on
 * another record (`source`). `values` is null until the first reset, and while `toValues` says so.
 * `input(field, label, props)` and `select(field, label, options)` render a field's control, with
 * the id `<idPrefix>-<field>`.
 */
export function useEditorForm<V extends { [K in keyof V]: string }>(
  idPrefix: string,
  source: unknown,
  toValues: () => V | null,
) {
  const [values, setValues] = useState<V | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // Only a new record resets the form; toValues belongs to the render that changed source.
    setValues(toValues());
    setErrors({});
    setFailure(null);
  }, [source]);

  // Typing in a field clears that field's error; the others stay until the next save.
  const set = (field: keyof V) => (value: string) => {
    setValues((v) => (v ? { ...v, [field]: value } : v));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const input = (field: keyof V & string, label: string, props: FieldInputProps = {}) => (
    <EditorInput
      id={`${idPrefix}-${field}`}
      label={label}
      value={values?.[field] ?? ''}
      onValueChange={set(field)}
      error={errors[field]}
      {...props}
    />
  );
  const select = (field: keyof V & string, label: string, options: readonly SelectOption[]) => (
    <FilterSelect
      id={`${idPrefix}-${field}`}
      label={label}
      value={values?.[field] ?? ''}
      options={options}
      onChange={set(field)}
    />
  );
  return { values, errors, setErrors, failure, setFailure, set, input, select };
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
}: {
  id: string;
  value: string;
  onValueChange(value: string): void;
}) {
  return (
    <Field id={id} label="Notes" full>
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

interface EditorActionsProps {
  onCancel(): void;
  pending: boolean;
  submitLabel: string;
}

/** Cancel and submit; the submit button says 'Saving...' and is disabled while the save runs. */
export function EditorActions({ onCancel, pending, submitLabel }: EditorActionsProps) {
  return (
    <div className="form-actions">
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="primary" busy={pending} busyLabel="Saving...">
        {submitLabel}
      </Button>
    </div>
  );
}
