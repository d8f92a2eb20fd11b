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
}

/** Which employees a bulk change applies to: a field and one of its values, with head counts. */
export function MatchFields({ idPrefix, options, match, onChange }: MatchFieldsProps) {
  const field = MATCH_FIELDS.find((f) => f.value === match.field)!;
  const values = (options?.[field.options] ?? []) as { value: string; count: number }[];
  return (
    <div className="md-two-col">
      <div className="field">
        <label htmlFor={`${idPrefix}-field`}>Match employees by</label>
        <select
          id={`${idPrefix}-field`}
          className="md-native-select"
          value={match.field}
          onChange={(e) => onChange({ field: e.target.value as MatchField, value: '' })}
        >
          {MATCH_FIELDS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-value`}>{field.label}</label>
        <select
          id={`${idPrefix}-value`}
          className="md-native-select"
          value={match.value}
          onChange={(e) => onChange({ ...match, value: e.target.value })}
        >
          <option value="">Choose...</option>
          {values.map((v) => (
            <option key={v.value} value={v.value}>
              {`${v.value} (${v.count.toLocaleString('en-US')})`}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
