import type { DeseReport } from '@web/api/function-codes';
import { amountOrWithheld, NOT_CURRENT_CODE } from '@shared/schemas/dese-report';
import { countOf, formatMoneyCents } from '@web/lib/format';
import { numCol, TableHead } from '@web/components/table-head';
import { ScrollArea } from '@web/components/scroll-area';

type Figures = Pick<DeseReport['totals'], 'salaries' | 'otherExpenses' | 'total'>;

/** A figure the server withheld from this reader (the pay of fewer than five people) says so. */
const amount = amountOrWithheld;

/** The three money cells of a row: salaries, other expenses, total. */
function Money({ f }: { f: Figures }) {
  return (
    <>
      <td className="num">{amount(f.salaries)}</td>
      <td className="num">{formatMoneyCents(f.otherExpenses)}</td>
      <td className="num">{amount(f.total)}</td>
    </>
  );
}

/**
 * Schedule 19's shape: each DESE function series (1000 Administration ... 9000 Programs with Other
 * Districts) as a heading row with its subtotal, its function codes beneath (a retired code lines
 * still carry marked as not a current DESE code), then lines without a code, then the total of the
 * school committee budget.
 */
export function ScheduleTable({ report, fy }: { report: DeseReport; fy: string }) {
  const unmapped = report.unmapped;
  return (
    // On a phone the table scrolls sideways: the area is then focusable and says so above it.
    <ScrollArea label={`${fy} budget by DESE function`}>
      <table className="table table--compact dese-table" data-testid="dese-schedule">
        <caption>
          {fy} school committee budget by DESE function (End-of-Year Report, Schedule 19 layout)
        </caption>
        <TableHead
          cols={['Function', 'Description', numCol('Salaries'), numCol('Other expenses'), numCol('Total')]}
        />
        {report.series.map((s) => (
          <tbody key={s.code} className="dese-series">
            <tr className="dese-series__head">
              <th scope="row">{s.code}</th>
              <th scope="row">{s.name}</th>
              <Money f={s} />
            </tr>
            {s.rows.map((r) => (
              <tr key={r.code}>
                <td className="dese-code">{r.code}</td>
                <td>
                  {r.name}
                  {r.current ? null : <span className="dese-not-current">{NOT_CURRENT_CODE}</span>}
                </td>
                <Money f={r} />
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          {unmapped.total !== 0 || unmapped.lineCount > 0 ? (
            <tr className="dese-unmapped">
              <th scope="row" colSpan={2}>
                No function code ({countOf(unmapped.lineCount, 'proposed line')})
              </th>
              <Money f={unmapped} />
            </tr>
          ) : null}
          <tr className="dese-total" data-testid="dese-total">
            <th scope="row" colSpan={2}>
              Total school committee budget
            </th>
            <Money f={report.totals} />
          </tr>
        </tfoot>
      </table>
    </ScrollArea>
  );
}
