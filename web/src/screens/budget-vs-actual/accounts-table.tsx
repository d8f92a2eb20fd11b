import type { LedgerAccount } from '@web/api/ledger';
import { FigureCells, FigureHeads } from './figures';
import { ScrollArea } from '@web/components/scroll-area';

/** Ledger accounts with their codes and figures to the cent (a group's drill-down). */
export function AccountsTable({
  accounts,
  caption,
}: {
  accounts: readonly LedgerAccount[];
  caption: string;
}) {
  return (
    <ScrollArea label={caption} className="bva-accounts">
      <table className="table bva-table bva-table--sticky bva-table--accounts">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <FigureHeads />
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id} className={a.overBudget || a.projectedOver ? 'bva-row--flagged' : undefined}>
              <th scope="row" className="bva-name">
                <span className="bva-account">{a.account}</span>
                <small className="bva-counts">
                  {a.description ?? ''} · function {a.functionCode ?? '—'}
                  {a.objectCode ? `, object ${a.objectCode}` : ''}
                  {a.matchedLineCount
                    ? ` · ${a.matchedLineCount} budget line${a.matchedLineCount === 1 ? '' : 's'}`
                    : ' · no budget line'}
                  {a.warnings.length ? ` · ${a.warnings.join('; ')}` : ''}
                </small>
              </th>
              <FigureCells x={a} cents />
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
