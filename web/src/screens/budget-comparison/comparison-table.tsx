import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { formatMoney } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { FLAG_LABELS, varianceDollars, formatVariancePercent, isHighlighted } from './flags';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';
import { isEmpty } from './missing-lines';
import type { ComparisonDollars, ShownLine } from './whole-dollars';

function FlagBadge({ cell }: { cell: ComparisonCell }) {
  if (!cell.flag || !FLAG_LABELS[cell.flag].label) {
    return null;
  }
  const { label, badge } = FLAG_LABELS[cell.flag];
  return <span className={`badge ${badge}`}>{label}</span>;
}

/**
 * A line's whole dollars (comparisonDollars: the rows add up to the subtotal and the total); a side
 * `counts` says has no line reads '—', and with neither side the variance too.
 */
function Figures({ line, counts }: { line: ShownLine; counts?: ComparisonCell }) {
  return (
    <>
      <td className="money">{!counts || counts.operatingCount ? formatMoney(line.operating) : '—'}</td>
      <td className="money">{!counts || counts.proposedCount ? formatMoney(line.proposed) : '—'}</td>
      <td className="money">{!counts || !isEmpty(counts) ? varianceDollars(line.variance) : '—'}</td>
    </>
  );
}

interface ComparisonTableProps {
  data: BudgetComparison;
  yearIndex: number;
  /** The year's figures in whole dollars (comparisonDollars of data and yearIndex). */
  dollars: ComparisonDollars;
}

/** Operating against proposed per category for one fiscal year; rows over 5% are highlighted. */
export function ComparisonTable({ data, yearIndex, dollars }: ComparisonTableProps) {
  const fy = fiscalYearLabel(data.fiscalYears[yearIndex]);
  const rows = data.rows
    .map((row, i) => ({ row, shown: dollars.rows[i] }))
    .filter(({ row }) => row.years[yearIndex].flag !== null);
  const total = data.totals[yearIndex];
  const personnel = data.personnelTotals[yearIndex];
  // A year with no line has no totals either: '—', not $0 (the cards above say what is missing).
  const empty = isEmpty(total);
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
          {rows.map(({ row, shown }) => {
            const cell = row.years[yearIndex];
            return (
              <tr key={String(row.categoryId)} className={isHighlighted(cell) ? 'row--highlight' : undefined}>
                <th scope="row">
                  <span className="swatch" style={{ background: row.color }} aria-hidden="true" />
                  {row.category}
                  {row.isPersonnel ? <span className="muted"> (personnel)</span> : null}
                </th>
                <Figures line={shown} counts={cell} />
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
            <Figures line={dollars.personnel} counts={empty ? personnel : undefined} />
            <td className="num">{formatVariancePercent(personnel.variancePercent)}</td>
            <td>
              <FlagBadge cell={personnel} />
            </td>
          </tr>
          <tr>
            <th scope="row">Total (all categories)</th>
            <Figures line={dollars.total} counts={empty ? total : undefined} />
            <td className="num">{formatVariancePercent(total.variancePercent)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </ScrollArea>
  );
}
