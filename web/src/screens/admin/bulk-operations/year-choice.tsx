import { fiscalYearLabel } from '@server/schemas/fiscal-year';

interface YearChoiceProps {
  id: string;
  years: readonly number[];
  value: number | undefined;
  onChange(year: number | undefined): void;
}

/** Which fiscal years a bulk fix covers: all of the budget year's, or one. */
export function YearChoice({ id, years, value, onChange }: YearChoiceProps) {
  return (
    <div className="bo-field">
      <label htmlFor={id}>Fiscal years</label>
      <select
        id={id}
        className="bo-select"
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">All fiscal years</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {fiscalYearLabel(y)}
          </option>
        ))}
      </select>
    </div>
  );
}
