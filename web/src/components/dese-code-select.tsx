import { compareFunctionCodes } from '@shared/function-code';
import type { DeseCode, ListedDeseCode } from '@web/api/budget-categories';
import type { FieldControlProps } from '@web/components/form/field';
import { Select } from '@web/components/select';

// Radix Select items cannot have the value '', so 'no code' travels as this inside the picker.
const NO_CODE = 'none';

/** Said beside a retired code that is already chosen, so it is seen and can be recoded. */
export const NOT_CURRENT = 'not a current DESE code';

interface DeseCodeSelectProps extends Partial<Omit<FieldControlProps, 'id'>> {
  id: string;
  value: string;
  /**
   * As GET /categories/dese-codes lists them: asked about a fiscal year, each says whether it is in
   * force that year (`current`, the server's decision); a code without the word counts as in force.
   */
  codes: readonly ListedDeseCode[];
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

/**
 * The options of a picker that gives a line, a position or a rule its code: the codes in force in
 * the year the list was asked for, and `chosen` when it is a retired one (what is saved still
 * shows, marked, so it can be seen and recoded). Retired codes are offered nowhere else.
 */
export function deseCodeChoices(
  codes: readonly ListedDeseCode[],
  chosen: string | null,
): { value: string; label: string }[] {
  const retired = new Set(codes.filter((c) => c.current === false).map((c) => c.code));
  return deseCodeOptions(codes.filter((c) => !retired.has(c.code) || c.code === chosen)).map((o) =>
    retired.has(o.value) ? { ...o, label: `${o.label} (${NOT_CURRENT})` } : o,
  );
}

/** A DESE function code (or none) in the styled Select: the codes in force, and a retired one chosen. */
export function DeseCodeSelect({
  id,
  value,
  codes,
  onChange,
  emptyLabel = 'None',
  disabled,
  ...aria
}: DeseCodeSelectProps) {
  const options = [{ value: NO_CODE, label: emptyLabel }, ...deseCodeChoices(codes, value || null)];
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
