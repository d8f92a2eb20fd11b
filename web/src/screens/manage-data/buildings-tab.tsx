import { fiscalYearLabel } from '@shared/budget-math';
import { useState } from 'react';
import { parseFiscalYear } from '@shared/schemas/fiscal-year';
import { useBuildings, useDeleteBuilding, type Building } from '@web/api/buildings';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Select } from '@web/components/select';
import { BUILDING_TYPE_LABELS, BuildingModal } from './building-modal';
import type { Column } from './reference-table';
import { ReferenceTab } from './reference-tab';
import type { Flash } from './use-flash';

const ALL_YEARS = 'all';

const COLUMNS: Column<Building>[] = [
  { header: 'Code', cell: (b) => b.code ?? <span className="muted">None</span> },
  { header: 'Type', cell: (b) => (b.buildingType ? BUILDING_TYPE_LABELS[b.buildingType] : '') },
  { header: 'Address', cell: (b) => b.address ?? '' },
  { header: 'Employees', align: 'num', cell: (b) => b.employeeCount.toLocaleString('en-US') },
];

/** The fiscal-year choices are five years starting from the budget year. */
export function buildingFiscalYears(label: string | undefined): number[] {
  const first = label ? parseFiscalYear(label) : null;
  return first === null ? [] : [0, 1, 2, 3, 4].map((i) => first + i);
}

/** Buildings, with how many employees each has in the chosen fiscal year of the selected budget year. */
export function BuildingsTab({ flash }: { flash: Flash }) {
  const { selected } = useBudgetYear();
  const years = buildingFiscalYears(selected?.fiscalYear);
  const [year, setYear] = useState<string | null>(null);
  const chosen = year ?? (years.length ? String(years[0]) : ALL_YEARS);
  const filter =
    chosen === ALL_YEARS || !selected ? {} : { budgetYearId: selected.id, fiscalYear: Number(chosen) };
  const buildings = useBuildings(filter);
  const elsewhere = chosen === ALL_YEARS ? 'in inactive budgets' : 'in other years or budgets';
  const remove = useDeleteBuilding();

  return (
    <ReferenceTab<Building>
      flash={flash}
      title="Buildings"
      description="Employees and budget lines belong to a building; a line without one is District Wide. A building with employees or line items in any year cannot be deleted."
      tools={
        <div className="md-inline-field">
          <label htmlFor="buildings-fiscal-year">Employees in</label>
          <Select
            id="buildings-fiscal-year"
            value={chosen}
            onValueChange={setYear}
            options={[
              ...years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) })),
              { value: ALL_YEARS, label: 'All years' },
            ]}
          />
        </div>
      }
      addLabel="Add Building"
      query={buildings}
      rows={buildings.data?.buildings ?? []}
      loadingLabel="Loading buildings..."
      loadFailure="Failed to load buildings"
      emptyTitle="No buildings yet"
      emptyHint="Add the district's schools with Add Building."
      caption="Buildings"
      columns={COLUMNS}
      // The server refuses a delete on every year's lines (employeeLineCount, lineItemCount); the
      // employees shown are some of them: the chosen year's in the budgets that count (or every
      // year's), so the rest are other years' or other budgets' (inactive ones, for All years).
      usage={(b) => [
        [b.employeeCount, 'employee'],
        [b.employeeLineCount - b.employeeCount, `employee line ${elsewhere}`, `employee lines ${elsewhere}`],
        [b.lineItemCount, 'line item in any year', 'line items in any year'],
      ]}
      remove={remove}
      deleteFailure="Make sure no employees or line items are assigned to it"
      renderModal={(modal) => <BuildingModal {...modal} />}
    />
  );
}
