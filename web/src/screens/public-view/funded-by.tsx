import type { PublicFundedBy } from '@shared/schemas/staffing';
import { formatFte } from '@web/components/staffing-table-view';

/**
 * Which fund pays for the positions: FTE by fund share, by school or by DESE function, a column per
 * fund the district names to residents (the rest as 'Other funds'). FTE only, as published.
 */
export function FundedByTable({
  fundedBy,
  fy,
  byBuilding,
}: {
  fundedBy: PublicFundedBy;
  fy: string;
  byBuilding: boolean;
}) {
  const caption = `Which fund pays for ${fy} positions, by ${byBuilding ? 'school' : 'DESE function'} (FTE)`;
  const rows = byBuilding ? fundedBy.byBuilding : fundedBy.byFunction;
  return (
    <div className="table-wrap staffing-table" tabIndex={0} role="group" aria-label={caption}>
      <table className="table table--compact">
        <caption className="table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{byBuilding ? 'School' : 'DESE function'}</th>
            {fundedBy.funds.map((f) => (
              <th scope="col" className="num" key={f.name}>
                {f.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">{r.name}</th>
              {r.fte.map((fte, i) => (
                <td className="num" key={fundedBy.funds[i].name}>
                  {formatFte(fte)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="staffing-table__total">
            <th scope="row">All positions</th>
            {fundedBy.totals.map((fte, i) => (
              <td className="num" key={fundedBy.funds[i].name}>
                {formatFte(fte)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
