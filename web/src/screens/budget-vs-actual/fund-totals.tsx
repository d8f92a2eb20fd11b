import type { LedgerReport } from '@web/api/ledger';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';
import { formatMoney } from '@web/lib/format';
import { WITHHELD } from '@shared/schemas/dese-report';

type Amounts = Record<'revisedBudget' | 'expended' | 'encumbered' | 'available', number | null>;
/** An amount, or 'Withheld' where the report withheld it from its reader (its payWithheld). */
const amount = (v: number | null) => (v === null ? WITHHELD : formatMoney(v));

function AmountCells({ x }: { x: Amounts }) {
  return (
    <>
      <td className="money">{amount(x.revisedBudget)}</td>
      <td className="money">{amount(x.expended)}</td>
      <td className="money">{amount(x.encumbered)}</td>
      <td className="money">{amount(x.available)}</td>
    </>
  );
}

/**
 * Every fund's totals whatever fund the screen reads: its proposed lines, and its ledger accounts'
 * revised budget, expended, encumbered and available; then the accounts whose fund segment names no
 * fund. The row of the fund read is marked.
 */
export function FundTotals({ report }: { report: LedgerReport }) {
  const u = report.unmatchedFund;
  return (
    <section className="card card--flush bva-card" aria-labelledby="bva-funds-title">
      <h2 id="bva-funds-title" className="bva-section-title">
        By fund
      </h2>
      <ScrollArea label="Budget vs actual by fund">
        <table className="table bva-table bva-table--sticky" data-testid="bva-fund-totals">
          <caption className="visually-hidden">Budget vs actual by fund, every fund</caption>
          <TableHead
            cols={[
              'Fund',
              numCol('Budget (proposed)'),
              numCol('Revised budget'),
              numCol('Expended'),
              numCol('Encumbered'),
              numCol('Available'),
            ]}
          />
          <tbody>
            {report.fundTotals.map((f) => (
              <tr
                key={f.fundId}
                className={f.fundId === report.fund.fundId ? 'bva-row--chosen' : undefined}
                aria-current={f.fundId === report.fund.fundId ? 'true' : undefined}
              >
                <th scope="row" className="bva-name">
                  {f.name}
                  <small className="bva-counts">
                    Fund {f.code} · {f.accountCount} account{f.accountCount === 1 ? '' : 's'} · {f.lineCount}{' '}
                    line
                    {f.lineCount === 1 ? '' : 's'}
                  </small>
                </th>
                <td className="money">{amount(f.budget)}</td>
                <AmountCells x={f} />
              </tr>
            ))}
            {u.accountCount ? (
              <tr className="bva-row--flagged">
                <th scope="row" className="bva-name">
                  Unmatched fund segment
                  <small className="bva-counts">
                    {u.accountCount} account{u.accountCount === 1 ? '' : 's'} naming no fund
                  </small>
                </th>
                <td className="muted num">—</td>
                <AmountCells x={u} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}
