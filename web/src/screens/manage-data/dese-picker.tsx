import type { DeseCode } from '@web/api/budget-categories';

interface DesePickerProps {
  id: string;
  value: string;
  codes: readonly DeseCode[];
  onChange(value: string): void;
  disabled?: boolean;
}

/** The DESE function codes grouped by spending category; a native select so typing a code finds it. */
export function DesePicker({ id, value, codes, onChange, disabled }: DesePickerProps) {
  const groups = new Map<string, DeseCode[]>();
  for (const c of codes) {
    groups.set(c.parentName, [...(groups.get(c.parentName) ?? []), c]);
  }
  return (
    <select
      id={id}
      className="md-native-select"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">None</option>
      {[...groups].map(([parent, list]) => (
        <optgroup key={parent} label={parent}>
          {list.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.code} ${c.name}`}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
