import type { DeseCode } from '@web/api/budget-categories';
import type { FieldControlProps } from '@web/components/form/field';
import { Select } from '@web/components/select';

// Radix Select items cannot have the value '', so 'no code' travels as this inside the picker.
const NO_CODE = 'none';

interface DeseCodeSelectProps extends Partial<Omit<FieldControlProps, 'id'>> {
  id: string;
  value: string;
  codes: readonly DeseCode[];
  onChange(value: string): void;
  /** The first option, whose value is '' (no code). */
  emptyLabel?: string;
  disabled?: boolean;
}

/**
 * The DESE function codes grouped by spending category, in the styled Select; each option starts
 * with its code, so typing a code finds it.
 */
export function DeseCodeSelect({
  id,
  value,
  codes,
  onChange,
  emptyLabel = 'None',
  disabled,
  ...aria
}: DeseCodeSelectProps) {
  const options = [
    { value: NO_CODE, label: emptyLabel },
    ...codes.map((c) => ({ value: c.code, label: `${c.code} ${c.name}`, group: c.parentName })),
  ];
  return (
    <Select
      {...aria}
      id={id}
      value={value || NO_CODE}
      disabled={disabled}
      options={options}
      onValueChange={(v) => onChange(v === NO_CODE ? '' : v)}
    />
  );
}
