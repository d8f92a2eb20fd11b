import { countOf } from '@shared/count-words';
import type { LedgerReport } from '@web/api/ledger';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';
import { formatMoney } from '@web/lib/format';
import { sumDollars } from '@shared/money';
import { WITHHELD } from '@shared/schemas/dese-report';
import { NoLedger } from './figures';
import { wholeRows } from './whole-figures';

type Amounts = Record<'revisedBudget' | 'expended' | 'encumbered' | 'available', number | null>;
type Figures = Amounts & { budget: number | null };
/** An amount, or 'Withheld' where the report withheld it from its reader (its payWithheld). */
const amount = (v: number | null) => (v === null ? WITHHELD : formatMoney(v));

const LEDGER_COLUMNS = ['revisedBudget', 'expended', 'encumbered', 'available'] as const;

function AmountCells({ x, noLedger }: { x: Amounts; noLedger: boolean }) {
  return (
    <>
      {LEDGER_COLUMNS.map((k) => (
        <td key={k} className="money">
          {noLedger ? <NoLedger /> : amount(x[k])}
        </td>
      ))}
    </>
  );
}

/** The sum of a column's amounts, or null (withheld) when one of them is. */
function sumOf(values: readonly (number | null)[]): number | null {
  if (values.some((v) => v === null)) {
    return null;
  }
  return sumDollars(values as number[]);
}

/**
 * The fund rows (and the unmatched fund segment's, when it has accounts) in whole dollars that add
 * up to the Total under them (whole-figures.ts). Every fund's total is the report's own when it
 * reads every fund (the KPI cards' and the groups' Total: the funds and the unmatched segment are
 * every account and line); else the sum of the rows, withheld when one of them is.
 */
export function fundFigures(report: LedgerReport) {
  const u = report.unmatchedFund;
  const rows: Figures[] = [...report.fundTotals];
  const unmatched = u.accountCount ? [{ ...u, budget: 0 }] : [];
  const all = [...rows, ...unmatched];
  const total = {} as Figures;
  for (const k of ['budget', ...LEDGER_COLUMNS] as const) {
    total[k] = report.fund.scope === 'all' ? report.totals[k] : sumOf(all.map((r) => r[k]));
  }
  const whole = wholeRows(all, total, ['budget', ...LEDGER_COLUMNS]);
  return { rows: whole.slice(0, rows.length), unmatched: whole[rows.length] ?? null, total };
}

/**
 * Every fund's totals whatever fund the screen reads: its proposed lines, and its ledger accounts'
 * revised budget, expended, encumbered and available; then the accounts whose fund segment names no
 * fund, and every fund's Total. The row of the fund read is marked. With no ledger for the year,
 * only the proposed lines are figures.
 */
export function FundTotals({ report }: { report: LedgerReport }) {
  const u = report.unmatchedFund;
  const noLedger = report.ledger === null;
  const shown = fundFigures(report);
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
            {report.fundTotals.map((f, i) => (
              <tr
                key={f.fundId}
                className={f.fundId === report.fund.fundId ? 'bva-row--chosen' : undefined}
                aria-current={f.fundId === report.fund.fundId ? 'true' : undefined}
              >
                <th scope="row" className="bva-name">
                  {f.name}
                  <small className="bva-counts">
                    Fund {f.code} ·{' '}
                    {noLedger
                      ? countOf(f.lineCount, 'line')
                      : `${countOf(f.accountCount, 'account')} · ${countOf(f.lineCount, 'line')}`}
                  </small>
                </th>
                <td className="money">{amount(shown.rows[i].budget)}</td>
                <AmountCells x={shown.rows[i]} noLedger={noLedger} />
              </tr>
            ))}
            {shown.unmatched ? (
              <tr className="bva-row--flagged">
                <th scope="row" className="bva-name">
                  Unmatched fund segment
                  <small className="bva-counts">
                    {u.accountCount} account{u.accountCount === 1 ? '' : 's'} naming no fund
                  </small>
                </th>
                <td className="muted num">—</td>
                <AmountCells x={shown.unmatched} noLedger={noLedger} />
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total, every fund</th>
              <td className="money">{amount(shown.total.budget)}</td>
              <AmountCells x={shown.total} noLedger={noLedger} />
            </tr>
          </tfoot>
        </table>
      </ScrollArea>
    </section>
  );
}
