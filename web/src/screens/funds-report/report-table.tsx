import { amountOrWithheld, WITHHELD } from '@shared/schemas/dese-report';
import { FUND_KIND_LABELS } from '@shared/schemas/funds';
import type { FundsReport } from '@web/api/funds-report';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';
import { formatMoneyCents as formatMoney } from '@web/lib/format';
import { signedText } from '@shared/signed-words';

/** A fund's figures, or All funds'; a fund's are null when withheld from the reader. */
type Figures = FundsReport['generalFund'];

/** A change reads as a change: '+$1,200.00' up, '−$1,200.00' down (signedText), '$0.00' none; null: 'Withheld'. */
export const signedMoney = (n: number | null) => (n === null ? WITHHELD : signedText(n, formatMoney));

/** Last year's actual spending, or 'No ledger' when none is imported for that year. */
export const actualText = (n: number | null) => (n === null ? 'No ledger' : formatMoney(n));

/**
 * This year's budget, last year's, the change, the line count and last year's actual spending. A
 * fund whose figures are withheld from the reader (budget null: the pay of 1 to 4 people, or a fund
 * that would give such a fund's back from All funds) reads 'Withheld' in each.
 */
function FigureCells({ f }: { f: Figures }) {
  const withheld = f.budget === null;
  return (
    <>
      <td className="money">{amountOrWithheld(f.budget)}</td>
      <td className="money">{amountOrWithheld(f.previousBudget)}</td>
      <td className="money">{signedMoney(f.change)}</td>
      <td className="num">{f.lineCount.toLocaleString('en-US')}</td>
      <td className={f.previousActual === null && !withheld ? 'num muted' : 'money'}>
        {withheld ? WITHHELD : actualText(f.previousActual)}
      </td>
    </>
  );
}

/**
 * Each fund (the general fund first, the server's order) with this year's budget beside last
 * year's and what last year's ledger says it spent, then every fund together. To the cent, as the
 * DESE Report and the stage comparison show theirs: rounded one by one, whole dollars left the
 * funds a dollar off their All funds row ($45,342,685 + $364,837 + $1,469,979 over $47,177,500).
 */
export function FundsReportTable({
  report,
  fy,
  previousFy,
}: {
  report: FundsReport;
  fy: string;
  previousFy: string;
}) {
  // The title stands above the box that scrolls: as the table's caption it was as wide as the
  // table, and a phone cut it off at the box's edge. It names the table all the same.
  return (
    <>
      <h2 id="funds-report-title" className="funds-report__title">
        {fy} budget of all funds, beside {previousFy}'s budget and actual spending
      </h2>
      <ScrollArea label="Budget of all funds" className="funds-report-wrap">
        <table
          className="table funds-report-table"
          data-testid="funds-report-table"
          aria-labelledby="funds-report-title"
        >
          <TableHead
            cols={[
              'Fund',
              'Kind',
              'Counts toward NSS',
              numCol(`${fy} budget`),
              numCol(`${previousFy} budget`),
              numCol('Change'),
              numCol('Lines'),
              numCol(`${previousFy} actual`),
            ]}
          />
          <tbody>
            {report.funds.map((f) => (
              <tr key={f.fundId} className={f.kind === 'general' ? 'funds-report__general' : undefined}>
                <th scope="row">
                  {f.name}
                  <span className="funds-report__code">Fund {f.code}</span>
                  {f.overAward ? <span className="funds-report__over">Over its award</span> : null}
                </th>
                <td>{FUND_KIND_LABELS[f.kind]}</td>
                <td>{f.countsTowardNss ? 'Yes' : 'No'}</td>
                <FigureCells f={f} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="funds-report__total" data-testid="funds-report-total">
              <th scope="row" colSpan={3}>
                All funds
              </th>
              <FigureCells f={report.allFunds} />
            </tr>
          </tfoot>
        </table>
      </ScrollArea>
    </>
  );
}
