import type { PositionDetail } from '@web/api/positions';
import { formatMoneyCents } from '@web/lib/format';
import { formatFte } from '@web/screens/positions/position-rules';

/** A cost the server could not price is said, as the grid says it, not left blank. */
const cost = (value: number | null) => (value === null ? 'Unpriced' : formatMoneyCents(value));

/**
 * The funds that pay the position: each fund's FTE and its part of the budgeted cost, as the
 * server splits it (the parts add up to the cost to the cent), with the whole when it is split.
 */
export function PositionFundList({ position }: { position: PositionDetail }) {
  const shares = position.fundShares;
  const split = shares.length > 1;
  return (
    <section className="position-section" aria-labelledby="pos-funds-title">
      <h3 id="pos-funds-title">Funds</h3>
      <p className="muted">
        {split
          ? `Split across ${shares.length} funds by FTE share.`
          : `${shares[0]?.fundName ?? 'The general fund'} pays the whole position.`}
      </p>
      <div className="table-wrap">
        <table className="table position-funds-table" aria-labelledby="pos-funds-title">
          <thead>
            <tr>
              <th scope="col">Fund</th>
              <th scope="col" className="num">
                FTE
              </th>
              <th scope="col" className="money">
                Budgeted cost
              </th>
            </tr>
          </thead>
          <tbody>
            {shares.map((s) => (
              <tr key={s.fundId}>
                <th scope="row">
                  {s.fundName} <span className="position-funds-table__code">{s.fundCode}</span>
                </th>
                <td className="num">{formatFte(s.fte)}</td>
                <td className="money">{cost(s.budgetedCost)}</td>
              </tr>
            ))}
          </tbody>
          {split ? (
            <tfoot>
              <tr>
                <th scope="row">Whole position</th>
                <td className="num">{formatFte(position.fte)}</td>
                <td className="money">{cost(position.budgetedCost)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </section>
  );
}
