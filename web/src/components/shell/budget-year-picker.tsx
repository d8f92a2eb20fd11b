import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { budgetYearLabel } from '@web/budget-year/budget-year-label';
import { Select } from '@web/components/select';

/** The shell's budget-year selector; hidden when the list is empty or could not be loaded. */
export function BudgetYearPicker() {
  const { budgetYears, selected, select, isUnavailable } = useBudgetYear();
  if (isUnavailable || budgetYears.length === 0 || !selected) {
    return null;
  }
  const options = budgetYears.map((year) => ({ value: String(year.id), label: budgetYearLabel(year) }));
  return (
    <div className="year-picker">
      <label htmlFor="budget-year-picker">Budget year</label>
      <Select
        id="budget-year-picker"
        value={String(selected.id)}
        onValueChange={(value) => select(Number(value))}
        options={options}
      />
    </div>
  );
}
