import type { WorkGroupCategory } from '@web/api/work-groups';
import { fiscalYearLabel } from '@shared/budget-math';
import { cellKey, GRID_YEARS, type GridValues } from './scenario-grid-rules';
import { ScrollArea } from './scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

interface ScenarioGridProps {
  categories: readonly WorkGroupCategory[];
  values: GridValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange(key: string, value: string): void;
}

/** Work-group categories down, FY27 to FY29 across: the COLA percent of each (step 0.1). */
export function ScenarioGrid({ categories, values, errors, disabled, onChange }: ScenarioGridProps) {
  return (
    <ScrollArea label="COLA percent grid" className="cola-card">
      <table className="table table--compact cola-grid">
        <caption className="visually-hidden">COLA percent by work-group category and fiscal year</caption>
        <TableHead cols={['Category', ...GRID_YEARS.map((year) => numCol(fiscalYearLabel(year)))]} />
        <tbody>
          {categories.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                <span className="swatch" style={{ background: c.backgroundColor }} aria-hidden="true" />
                {c.name}
              </th>
              {GRID_YEARS.map((year) => {
                const key = cellKey(c.id, year);
                const error = errors[key];
                const id = `cola-cell-${c.id}-${year}`;
                return (
                  <td key={year} className="num">
                    <span className="input-percent">
                      <input
                        id={id}
                        className="input input--money"
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={100}
                        step={0.1}
                        disabled={disabled}
                        aria-label={`${c.name} ${fiscalYearLabel(year)} COLA percent`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        value={values[key] ?? ''}
                        onChange={(e) => onChange(key, e.target.value)}
                      />
                      <span aria-hidden="true">%</span>
                    </span>
                    {error ? (
                      <span id={`${id}-error`} className="field__error cola-grid__error">
                        {error}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
