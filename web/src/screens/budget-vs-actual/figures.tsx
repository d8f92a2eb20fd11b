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

/** What a ledger figure reads when the year has no ledger, as the Budget of All Funds says it. */
export const NO_LEDGER = 'No ledger';

/**
 * A ledger figure the year does not have (no ledger imported): a dash to the eye, 'No ledger' to a
 * screen reader and on hover, rather than a $0 that reads as nothing spent or nothing available.
 */
export function NoLedger() {
  return (
    <span className="bva-no-ledger" title={NO_LEDGER}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{NO_LEDGER}</span>
    </span>
  );
}

/**
 * The figure cells every table shares, after the row's name: whole dollars for a group, to the cent
 * (`cents`) for one ledger account, as the ledger export prints it. With `noLedger` (the year has
 * no ledger) only the proposed budget is a figure; the ledger's read 'No ledger'.
 */
export function FigureCells({
  x,
  cents = false,
  noLedger = false,
}: {
  x: LedgerShownFigures;
  cents?: boolean;
  noLedger?: boolean;
}) {
  const format = cents ? formatMoneyCents : formatMoney;
  // A figure withheld from a reader who may not see individual pay (the report's payWithheld).
  const money = (v: number | null) => (v === null ? WITHHELD : format(v));
  const ledger = (shown: string) => (noLedger ? <NoLedger /> : shown);
  return (
    <>
      <td className="money">{money(x.budget)}</td>
      <td className="money">{ledger(money(x.revisedBudget))}</td>
      <td className="money">{ledger(money(x.expended))}</td>
      <td className="money">{ledger(money(x.encumbered))}</td>
      <td className={`money${!noLedger && x.available !== null && x.available < 0 ? ' bva-negative' : ''}`}>
        {ledger(money(x.available))}
      </td>
      <td className="num">{ledger(percentText(x.percentUsed))}</td>
      <td className="money">{ledger(money(x.projectedYearEnd))}</td>
      <td>{noLedger ? null : <FlagBadge x={x} />}</td>
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
