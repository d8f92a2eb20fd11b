import type { SalaryProgression } from '@web/api/salary-progression';
import { formatMoneyCents, formatNumber, formatPercentage } from '@web/lib/format';
import { fromUnits, unitsOf } from '@shared/money';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { colaSourceInline } from '@web/lib/cola-source';
import { numCol, TableHead } from '@web/components/table-head';

type Year = SalaryProgression['yearData'][number];

const BASIS: Record<Year['basis'], string> = {
  imported: 'Payroll',
  rule: 'Projected',
  manual: 'Typed next-year salary',
};

/**
 * Where the COLA comes from, under the percent: anything but a settled contract is an assumption,
 * and a year nothing covers says so rather than showing a bare 0%. Null for a typed salary.
 */
function colaSource(y: Year): string | null {
  if (y.colaSource === null) {
    return null;
  }
  return y.colaSource === 'NONE' ? 'no COLA set' : colaSourceInline(y.colaSource);
}

/** A payroll year's YoY more than this many percentage points (hundredths) off the rule's Total is marked. */
const OFF_RULE_HUNDREDTHS = 100n;

/**
 * Under a payroll year's YoY, how far it is from what the rule gives (the Total), in percentage
 * points, when that is more than a point: '1.9 pts over the rule'. The payroll's own change (a step, a
 * lane, a stipend) is not the rule's, so a finance officer sees the difference is known, not an error.
 */
function offRule(y: Year): string | null {
  if (y.basis !== 'imported' || y.yoyIncrease === null) {
    return null;
  }
  const yoy = unitsOf(y.yoyIncrease, 2);
  const total = unitsOf(y.totalIncreaseApplied, 2);
  if (yoy === null || total === null) {
    return null;
  }
  const gap = yoy - total;
  const size = gap < 0n ? -gap : gap;
  if (size <= OFF_RULE_HUNDREDTHS) {
    return null;
  }
  // Two lines at most in the narrow column: '1.9 pts over' above 'the rule'.
  return `${formatNumber(fromUnits(size, 2), 2)}\u00a0pts ${gap > 0n ? 'over' : 'under'} the\u00a0rule`;
}

const signed = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${formatPercentage(v)}`);

/** The figures of a year, labelled: each cell carries its label for the stacked phone layout. */
const COLUMNS: {
  label: string;
  value: (y: Year) => string;
  note?: (y: Year) => string | null;
  money?: boolean;
}[] = [
  { label: 'Salary', value: (y) => formatMoneyCents(y.currentSalary), money: true },
  { label: 'YoY', value: (y) => signed(y.yoyIncrease), note: offRule },
  { label: 'COLA', value: (y) => formatPercentage(y.colaApplied), note: colaSource },
  { label: 'Steps and lanes', value: (y) => formatPercentage(y.stepsLanesApplied) },
  { label: 'Total', value: (y) => formatPercentage(y.totalIncreaseApplied) },
];

/**
 * One person's salary by fiscal year. A table on wider screens; on a phone each year becomes a
 * small block of labelled figures (CSS only, the same table underneath), so money never has to
 * squeeze into a sixth of a 390-pixel screen.
 */
export function PersonCard({ person, index }: { person: SalaryProgression; index: number }) {
  const headingId = `progression-${index}`;
  return (
    <section className="card progression-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{person.name}</h2>
      <p className="progression-meta">
        {[person.position, person.workGroup, person.building ?? 'District Wide'].filter(Boolean).join(' · ')}
      </p>
      <div className="table-wrap">
        <table className="table table--compact progression-table">
          <caption className="visually-hidden">Salary by fiscal year for {person.name}</caption>
          <TableHead cols={['Year', ...COLUMNS.map((c) => numCol(c.label))]} />
          <tbody>
            {person.yearData.map((y) => (
              <tr key={y.fiscalYear}>
                <th scope="row">
                  {fiscalYearLabel(y.fiscalYear)}
                  <span className="progression-basis">{BASIS[y.basis]}</span>
                </th>
                {COLUMNS.map((c) => (
                  <td
                    key={c.label}
                    className={c.money ? 'num progression-money' : 'num'}
                    data-label={c.label}
                  >
                    {c.value(y)}
                    {c.note?.(y) ? <span className="progression-source">{c.note(y)}</span> : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
