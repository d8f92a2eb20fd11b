import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { formatMoney } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { FLAG_LABELS, formatVariancePercent, isHighlighted } from './flags';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

function FlagBadge({ cell }: { cell: ComparisonCell }) {
  if (!cell.flag || !FLAG_LABELS[cell.flag].label) {
    return null;
  }
  const { label, badge } = FLAG_LABELS[cell.flag];
  return <span className={`badge ${badge}`}>{label}</span>;
}

/** Operating against proposed per category for one fiscal year; rows over 5% are highlighted. */
export function ComparisonTable({ data, yearIndex }: { data: BudgetComparison; yearIndex: number }) {
  const fy = fiscalYearLabel(data.fiscalYears[yearIndex]);
  const rows = data.rows.filter((r) => r.years[yearIndex].flag !== null);
  const total = data.totals[yearIndex];
  const personnel = data.personnelTotals[yearIndex];
  return (
    <ScrollArea label={`Operating against proposed by category, ${fy}`}>
      <table className="table comparison-table">
        <caption className="visually-hidden">Operating against proposed by category, {fy}</caption>
        <TableHead
          cols={[
            'Category',
            numCol('Operating'),
            numCol('Proposed'),
            numCol('Variance'),
            numCol('Variance %'),
            'Flag',
          ]}
        />
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                No operating or proposed lines in {fy}.
              </td>
            </tr>
          ) : null}
          {rows.map((row) => {
            const cell = row.years[yearIndex];
            return (
              <tr key={String(row.categoryId)} className={isHighlighted(cell) ? 'row--highlight' : undefined}>
                <th scope="row">
                  <span className="swatch" style={{ background: row.color }} aria-hidden="true" />
                  {row.category}
                  {row.isPersonnel ? <span className="muted"> (personnel)</span> : null}
                </th>
                <td className="money">{cell.operatingCount ? formatMoney(cell.operating) : '—'}</td>
                <td className="money">{cell.proposedCount ? formatMoney(cell.proposed) : '—'}</td>
                <td className="money">{formatMoney(cell.variance)}</td>
                <td className="num">{formatVariancePercent(cell.variancePercent)}</td>
                <td>
                  <FlagBadge cell={cell} />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Personnel subtotal</th>
            <td className="money">{formatMoney(personnel.operating)}</td>
            <td className="money">{formatMoney(personnel.proposed)}</td>
            <td className="money">{formatMoney(personnel.variance)}</td>
            <td className="num">{formatVariancePercent(personnel.variancePercent)}</td>
            <td>
              <FlagBadge cell={personnel} />
            </td>
          </tr>
          <tr>
            <th scope="row">Total (all categories)</th>
            <td className="money">{formatMoney(total.operating)}</td>
            <td className="money">{formatMoney(total.proposed)}</td>
            <td className="money">{formatMoney(total.variance)}</td>
            <td className="num">{formatVariancePercent(total.variancePercent)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </ScrollArea>
  );
}
