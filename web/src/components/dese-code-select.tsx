import { compareFunctionCodes } from '@shared/function-code';
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
 * The options of every DESE code picker: in code order (compareFunctionCodes), each starting with
 * its code so typing a code finds it. Not grouped by spending category: a group gathers codes from
 * all over the chart (Instructional Leadership holds 2110 and 2315) and so listed 2315 before 2305.
 */
export function deseCodeOptions(codes: readonly DeseCode[]): { value: string; label: string }[] {
  return [...codes]
    .sort((a, b) => compareFunctionCodes(a.code, b.code))
    .map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }));
}

/** A DESE function code (or none) in the styled Select. */
export function DeseCodeSelect({
  id,
  value,
  codes,
  onChange,
  emptyLabel = 'None',
  disabled,
  ...aria
}: DeseCodeSelectProps) {
  const options = [{ value: NO_CODE, label: emptyLabel }, ...deseCodeOptions(codes)];
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
