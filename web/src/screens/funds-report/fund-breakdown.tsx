import type { FundsReport, FundsReportRow } from '@web/api/funds-report';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';
import { countOf } from '@web/lib/format';
import { amountOrWithheld } from '@shared/schemas/dese-report';
import { fundStaffingText } from '@shared/fund-staffing-words';

/**
 * One breakdown of a fund's budget: a row per function or category, the fund's total beneath. A
 * row's budget the reader may not see (null: pay of fewer than five people, or a row that would give
 * it back) reads 'Withheld', as the DESE report's does.
 */
function BreakdownTable({
  caption,
  first,
  rows,
  fund,
}: {
  caption: string;
  first: string;
  rows: { key: string; label: string; budget: number | null; lineCount: number }[];
  fund: FundsReportRow;
}) {
  return (
    <ScrollArea label={caption}>
      <table className="table funds-breakdown__table">
        <caption className="visually-hidden">{caption}</caption>
        <TableHead cols={[first, numCol('Budget'), numCol('Lines')]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td className="money">{amountOrWithheld(r.budget)}</td>
              <td className="num">{r.lineCount.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{fund.name}</th>
            <td className="money">{amountOrWithheld(fund.budget)}</td>
            <td className="num">{fund.lineCount.toLocaleString('en-US')}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollArea>
  );
}

/**
 * Within each fund that pays lines this year: its budget by DESE function (a line's own code, else
 * its category's) and by budget category, each adding up to the fund's budget, and the staffing it
 * pays of what the year's salary lines follow (fundStaffingText). Collapsed at first: the committee
 * reads the table above, and opens a fund to see where its money goes.
 */
export function FundBreakdown({ report, fy }: { report: FundsReport; fy: string }) {
  const paying = report.funds.filter((f) => f.lineCount > 0);
  if (!paying.length) {
    return null;
  }
  return (
    <section className="funds-breakdown" aria-labelledby="funds-breakdown-title">
      <h2 id="funds-breakdown-title">Each fund by DESE function and category</h2>
      {paying.map((f) => {
        const staffing = fundStaffingText(report, f);
        return (
          <details
            key={f.fundId}
            className="card funds-breakdown__fund"
            data-testid={`funds-breakdown-${f.code}`}
          >
            <summary>
              {f.name} ({f.code}): <strong>{amountOrWithheld(f.budget)}</strong> in{' '}
              {countOf(f.lineCount, 'line')}
              {staffing ? `; ${staffing}` : null}
            </summary>
            <div className="funds-breakdown__tables">
              <BreakdownTable
                caption={`${f.name}, ${fy} budget by DESE function`}
                first="DESE function"
                fund={f}
                rows={f.byFunction.map((r) => ({
                  key: r.code ?? 'none',
                  label: r.code === null ? 'No function code' : `${r.code} ${r.name ?? '(not in the chart)'}`,
                  budget: r.budget,
                  lineCount: r.lineCount,
                }))}
              />
              <BreakdownTable
                caption={`${f.name}, ${fy} budget by category`}
                first="Category"
                fund={f}
                rows={f.byCategory.map((r) => ({
                  key: String(r.categoryId ?? 'none'),
                  label: r.name,
                  budget: r.budget,
                  lineCount: r.lineCount,
                }))}
              />
            </div>
          </details>
        );
      })}
    </section>
  );
}
