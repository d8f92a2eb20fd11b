import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';

// Radix Select items cannot have the value '', so 'every fiscal year' travels as this.
const ALL_YEARS = 'all';

interface YearChoiceProps {
  id: string;
  years: readonly number[];
  value: number | undefined;
  onChange(year: number | undefined): void;
}

/** Which fiscal years a bulk fix covers: all of the budget year's, or one. */
export function YearChoice({ id, years, value, onChange }: YearChoiceProps) {
  return (
    <Field id={id} label="Fiscal years">
      {(control) => (
        <Select
          {...control}
          value={value === undefined ? ALL_YEARS : String(value)}
          onValueChange={(v) => onChange(v === ALL_YEARS ? undefined : Number(v))}
          options={[
            { value: ALL_YEARS, label: 'All fiscal years' },
            ...years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) })),
          ]}
        />
      )}
    </Field>
  );
}
