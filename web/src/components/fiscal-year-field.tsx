import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { Select } from '@web/components/select';

/** A labelled 'Fiscal year' select over the years a screen can show, each named as 'FY26'. */
export function FiscalYearField({
  id,
  years,
  value,
  onChange,
  inline = true,
}: {
  id: string;
  years: readonly number[];
  value: number;
  onChange(fiscalYear: number): void;
  /** Label beside the select (a toolbar) rather than above it. */
  inline?: boolean;
}) {
  return (
    <div className={inline ? 'field field--inline' : 'field'}>
      <label htmlFor={id}>Fiscal year</label>
      <Select
        id={id}
        value={String(value)}
        onValueChange={(v) => onChange(Number(v))}
        options={years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) }))}
      />
    </div>
  );
}
