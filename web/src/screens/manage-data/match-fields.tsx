import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import type { BulkOptions, EmployeeMatch } from '@web/api/bulk-update';

export type MatchField = keyof EmployeeMatch;

export const MATCH_FIELDS: { value: MatchField; label: string; options: keyof BulkOptions }[] = [
  { value: 'position', label: 'Position', options: 'positions' },
  { value: 'jobClass', label: 'Job class', options: 'jobClasses' },
  { value: 'department', label: 'Department', options: 'departments' },
];

export interface MatchState {
  field: MatchField;
  value: string;
}

export const toMatch = (m: MatchState): EmployeeMatch => ({ [m.field]: m.value });

export function describeMatch(m: MatchState): string {
  const label = MATCH_FIELDS.find((f) => f.value === m.field)!.label.toLowerCase();
  return `${label} "${m.value}"`;
}

interface MatchFieldsProps {
  idPrefix: string;
  options: BulkOptions | undefined;
  match: MatchState;
  onChange(match: MatchState): void;
  /** The schema's or the server's message about the match; shown under the value. */
  error?: string;
}

/** Which employees a bulk change applies to: a field and one of its values, with head counts. */
export function MatchFields({ idPrefix, options, match, onChange, error }: MatchFieldsProps) {
  const field = MATCH_FIELDS.find((f) => f.value === match.field)!;
  const values = (options?.[field.options] ?? []) as { value: string; count: number }[];
  return (
    <div className="md-two-col">
      <Field id={`${idPrefix}-field`} label="Match employees by">
        <Select
          id={`${idPrefix}-field`}
          value={match.field}
          onValueChange={(v) => onChange({ field: v as MatchField, value: '' })}
          options={MATCH_FIELDS.map((f) => ({ value: f.value, label: f.label }))}
        />
      </Field>
      <Field id={`${idPrefix}-value`} label={field.label} error={error}>
        {(control) => (
          <Select
            {...control}
            value={match.value}
            placeholder="Choose..."
            onValueChange={(v) => onChange({ ...match, value: v })}
            options={values.map((v) => ({
              value: v.value,
              label: `${v.value} (${v.count.toLocaleString('en-US')})`,
            }))}
          />
        )}
      </Field>
    </div>
  );
}
