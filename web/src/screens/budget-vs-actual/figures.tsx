import {
  percentUsedText as percentText,
  type LedgerFigures,
  type LedgerShownFigures,
} from '@shared/schemas/ledger';
import { WITHHELD } from '@shared/schemas/dese-report';
import { formatMoney, formatMoneyCents } from '@web/lib/format';

/**
 * A label put inside a sentence: 'Category' -> 'category', but 'DESE function' and '1210
 * Superintendent' stay as they are (an acronym or a name keeps its capitals).
 */
export const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? `${label[0].toLowerCase()}${label.slice(1)}` : label;

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

/**
 * The figure cells every table shares, after the row's name: whole dollars for a group, to the cent
 * (`cents`) for one ledger account, as the ledger export prints it.
 */
export function FigureCells({ x, cents = false }: { x: LedgerShownFigures; cents?: boolean }) {
  const format = cents ? formatMoneyCents : formatMoney;
  // A figure withheld from a reader who may not see individual pay (the report's payWithheld).
  const money = (v: number | null) => (v === null ? WITHHELD : format(v));
  return (
    <>
      <td className="money">{money(x.budget)}</td>
      <td className="money">{money(x.revisedBudget)}</td>
      <td className="money">{money(x.expended)}</td>
      <td className="money">{money(x.encumbered)}</td>
      <td className={`money${x.available !== null && x.available < 0 ? ' bva-negative' : ''}`}>
        {money(x.available)}
      </td>
      <td className="num">{percentText(x.percentUsed)}</td>
      <td className="money">{money(x.projectedYearEnd)}</td>
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
