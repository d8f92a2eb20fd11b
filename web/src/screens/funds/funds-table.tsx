import { FUND_KIND_LABELS } from '@shared/schemas/funds';
import type { Fund } from '@web/api/funds';
import { RowAction } from '@web/components/form/button';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead, unseen } from '@web/components/table-head';
import { formatDay, formatMoneyCents } from '@web/lib/format';

interface FundsTableProps {
  funds: readonly Fund[];
  /** Whether a grant's lines are more than its award in `overIn`, the selected budget year's own year. */
  isOver(fundId: number): boolean;
  overIn: string | null;
  onEdit(fund: Fund): void;
  onDelete(fund: Fund): void;
}

/** A grant's period; either end may be unknown yet. */
function period(fund: Fund): string {
  if (!fund.periodStart && !fund.periodEnd) {
    return '';
  }
  return `${formatDay(fund.periodStart, '…')} – ${formatDay(fund.periodEnd, '…')}`;
}

/** The funds, the general fund first (the server's order), with Edit and Delete on each. */
export function FundsTable({ funds, isOver, overIn, onEdit, onDelete }: FundsTableProps) {
  return (
    <ScrollArea label="Funds" className="funds-table-wrap">
      <table className="table funds-table">
        <caption className="visually-hidden">Funds</caption>
        <TableHead
          cols={[
            'Name',
            'Code',
            'Kind',
            'Counts toward NSS',
            'On resident page',
            numCol('Award'),
            'Period',
            unseen('Actions'),
          ]}
        />
        <tbody>
          {funds.map((f) => (
            <tr key={f.id}>
              <th scope="row">
                {f.name}
                {f.note ? <div className="muted funds-note">{f.note}</div> : null}
              </th>
              <td>{f.code}</td>
              <td>{FUND_KIND_LABELS[f.kind]}</td>
              <td>
                {f.countsTowardNss ? 'Yes' : 'No'}
                {f.nssDefault ? null : <span className="muted"> (set for this fund)</span>}
              </td>
              <td>{f.showToResidents ? 'Named' : 'Other funds'}</td>
              <td className="num">
                {/* To the cent, as its editor takes it: an award of $640,000.50 is not '$640,001'. */}
                {formatMoneyCents(f.awardAmount)}
                {overIn && isOver(f.id) ? <div className="funds-over">Over in {overIn}</div> : null}
              </td>
              <td className="funds-period">{period(f)}</td>
              <td>
                <div className="actions">
                  <RowAction action="Edit" name={f.name} onClick={() => onEdit(f)} />
                  {/* The general fund stays: lines and positions without a fund go to it. */}
                  {f.kind === 'general' ? null : (
                    <RowAction action="Delete" name={f.name} variant="danger" onClick={() => onDelete(f)} />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
