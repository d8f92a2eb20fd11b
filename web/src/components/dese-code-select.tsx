import type { DeseCode } from '@web/api/budget-categories';

interface DeseCodeSelectProps {
  id: string;
  value: string;
  codes: readonly DeseCode[];
  onChange(value: string): void;
  /** The screen's own native-select class, so the picker matches the selects beside it. */
  className: string;
  /** The first option, whose value is '' (no code). */
  emptyLabel?: string;
  disabled?: boolean;
}

/** The DESE function codes grouped by spending category; a native select so typing a code finds it. */
export function DeseCodeSelect({
  id,
  value,
  codes,
  onChange,
  className,
  emptyLabel = 'None',
  disabled,
}: DeseCodeSelectProps) {
  const groups = new Map<string, DeseCode[]>();
  for (const c of codes) {
    groups.set(c.parentName, [...(groups.get(c.parentName) ?? []), c]);
  }
  return (
    <select
      id={id}
      className={className}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{emptyLabel}</option>
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
