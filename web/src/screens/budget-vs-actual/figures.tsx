import type { LedgerFigures } from '@shared/schemas/ledger';
import { formatMoney } from '@web/lib/format';

/** '93.6%' or '—' when the revised budget is 0. */
export const percentText = (p: number | null) => (p === null ? '—' : `${p.toFixed(1)}%`);

/** The flag of a row: over budget (spent and committed beyond the revised budget) or projected over. */
export function FlagBadge({ x }: { x: Pick<LedgerFigures, 'overBudget' | 'projectedOver'> }) {
  if (x.overBudget) {
    return <span className="bva-flag bva-flag--over">Over budget</span>;
  }
  if (x.projectedOver) {
    return <span className="bva-flag bva-flag--projected">Projected over</span>;
  }
  return null;
}

/** The figure cells every table shares, after the row's name. */
export function FigureCells({ x }: { x: LedgerFigures }) {
  return (
    <>
      <td className="money">{formatMoney(x.budget)}</td>
      <td className="money">{formatMoney(x.revisedBudget)}</td>
      <td className="money">{formatMoney(x.expended)}</td>
      <td className="money">{formatMoney(x.encumbered)}</td>
      <td className={`money${x.available < 0 ? ' bva-negative' : ''}`}>{formatMoney(x.available)}</td>
      <td className="num">{percentText(x.percentUsed)}</td>
      <td className="money">{formatMoney(x.projectedYearEnd)}</td>
      <td>
        <FlagBadge x={x} />
      </td>
    </>
  );
}

/** The matching header cells. */
export function FigureHeads() {
  return (
    <>
      <th scope="col" className="num">
        Budget (proposed)
      </th>
      <th scope="col" className="num">
        Revised budget
      </th>
      <th scope="col" className="num">
        Expended
      </th>
      <th scope="col" className="num">
        Encumbered
      </th>
      <th scope="col" className="num">
        Available
      </th>
      <th scope="col" className="num">
        % used
      </th>
      <th scope="col" className="num">
        Projected year-end
      </th>
      <th scope="col">Flag</th>
    </>
  );
}
