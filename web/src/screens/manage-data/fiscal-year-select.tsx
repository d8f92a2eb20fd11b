import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { Select } from '@web/components/select';

interface FiscalYearSelectProps {
  id: string;
  label: string;
  years: readonly number[];
  value: number | undefined;
  onChange(year: number | undefined): void;
  /** Offer 'All fiscal years' (undefined) as the first choice. */
  allowAll?: boolean;
}

const ALL = 'all';

/** A labelled fiscal-year choice (FY26, FY27, ...). */
export function FiscalYearSelect({
  id,
  label,
  years,
  value,
  onChange,
  allowAll = false,
}: FiscalYearSelectProps) {
  const options = [
    ...(allowAll ? [{ value: ALL, label: 'All fiscal years' }] : []),
    ...years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) })),
  ];
  return (
    <div className="md-inline-field">
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={value === undefined ? (allowAll ? ALL : '') : String(value)}
        placeholder="Choose a year"
        onValueChange={(v) => onChange(v === ALL ? undefined : Number(v))}
        options={options}
      />
    </div>
  );
}

/** The budget year's current fiscal year when it has data, else its first year with data. */
export function defaultFiscalYear(
  years: readonly number[],
  current: number | null | undefined,
): number | undefined {
  if (current && years.includes(current)) {
    return current;
  }
  return years[0];
}
