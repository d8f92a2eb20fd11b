import type { ImportResult } from '@web/api/import';
import { formatDecimalMoney as dollars } from '@web/lib/format';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The payroll preview's option for a town's or city's payroll export, which holds every municipal
 * department: leave out the rows whose building names none of the district's buildings (a blank
 * building stays District Wide). Checking it runs the dry run again.
 */
export function LeaveOutOption({
  value,
  onChange,
}: {
  error: unknown;
  value: { onlyDistrictBuildings?: boolean };
  onChange(value: { onlyDistrictBuildings?: boolean }): void;
}) {
  return (
    <div className="imp-leave-out">
      <label className="imp-check">
        <input
          type="checkbox"
          checked={Boolean(value.onlyDistrictBuildings)}
          aria-describedby="imp-leave-out-hint"
          onChange={(e) => onChange(e.target.checked ? { onlyDistrictBuildings: true } : {})}
        />
        Leave out rows whose building is not one of the district&apos;s buildings
      </label>
      <span id="imp-leave-out-hint" className="field__hint">
        For a town&apos;s or city&apos;s payroll (police, fire, ...): those rows are not imported; a blank
        building stays District Wide.
      </span>
    </div>
  );
}

/** What the option leaves out in the dry run: how many rows, their amount, and their buildings. */
export function LeftOutNote({ leftOut }: { leftOut: ImportResult['leftOut'] }) {
  if (!leftOut) {
    return null;
  }
  if (!leftOut.rows) {
    return (
      <p className="imp-intro">
        No row is left out: every building in the file is one of the district&apos;s.
      </p>
    );
  }
  return (
    <div className="imp-section">
      <h3>
        {count(leftOut.rows)} row{leftOut.rows === 1 ? '' : 's'} left out ({dollars(leftOut.amount)})
      </h3>
      <ul className="imp-list">
        {leftOut.buildings.slice(0, 5).map((b) => (
          <li key={b.building}>
            {b.building}: {count(b.rows)} row{b.rows === 1 ? '' : 's'}
          </li>
        ))}
      </ul>
    </div>
  );
}
