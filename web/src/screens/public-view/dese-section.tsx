import type { PublicDeseCategory } from '@shared/schemas/public-dashboard';
import { MIN_CELL_COUNT } from '@shared/public-groups';
import { wholeDollarGroups } from '@shared/whole-dollars';
import { useState } from 'react';
import { formatMoney } from '@web/lib/format';
import { numCol, TableHead } from '@web/components/table-head';

/**
 * The budget as the state's End-of-Year Report groups it: DESE spending categories, each with the
 * function codes under it. Residents comparing districts on the DESE site read these words.
 */
interface DeseSectionProps {
  groups: PublicDeseCategory[];
  /**
   * The year's proposed budget: the groups add up to it (every line falls in one group), unless
   * `withheld` (functions of too few staff even together are in the total only).
   */
  total: number;
  withheld?: boolean;
  fy: string;
  /** The budget named by its year's stage ('the FY27 adopted school budget'). */
  what: string;
}

export function DeseSection({ groups, total, withheld, fy, what }: DeseSectionProps) {
  // The categories first; the 40-odd function codes under them on request (printed in full).
  const [detailed, setDetailed] = useState(false);
  if (groups.length === 0) {
    return null;
  }
  // Whole dollars that add up: the categories to the Total, each one's functions to it.
  const whole = wholeDollarGroups(groups, total);
  return (
    <section className="card pub-wide pub-dese" aria-labelledby="pub-dese-title">
      <h2 id="pub-dese-title" className="chart-card__title">
        The {fy} Budget in the State&apos;s Categories
      </h2>
      <p className="muted">
        Massachusetts asks every district to report its spending by function code (the DESE chart of
        accounts), so districts can be compared. Lines without a code are counted together at the end.
        Functions with fewer than {MIN_CELL_COUNT} staff are counted together, so no one&apos;s pay can be
        read from them
        {withheld ? `; those too few to show even together are counted in the total only.` : '.'}
      </p>
      <button
        type="button"
        className="btn btn--secondary btn--small pub-dese__toggle"
        aria-expanded={detailed}
        onClick={() => setDetailed((d) => !d)}
      >
        {detailed ? 'Hide the function codes' : 'Show the function codes'}
      </button>
      <div className="table-wrap" role="group" aria-label={`${fy} budget by DESE function`} tabIndex={0}>
        <table className="table table--compact">
          <caption className="visually-hidden">{`${what[0].toUpperCase()}${what.slice(1)} by DESE function code`}</caption>
          <TableHead cols={['State category and function', numCol('Amount')]} />
          {groups.map((g, i) => (
            <tbody key={g.name}>
              <tr className="pub-dese__group">
                <th scope="rowgroup">{g.name}</th>
                <td className="num">{formatMoney(whole.groups[i].amount)}</td>
              </tr>
              {g.functions.map((f, j) => (
                <tr key={f.code} className={detailed ? undefined : 'pub-dese__hidden'}>
                  <th scope="row" className="pub-dese__function">
                    {f.code} {f.name}
                  </th>
                  <td className="num">{formatMoney(whole.groups[i].functions[j])}</td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{formatMoney(whole.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
