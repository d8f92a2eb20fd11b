import type { LedgerReport } from '@web/api/ledger';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';
import { formatMoney } from '@web/lib/format';
import { WITHHELD } from '@shared/schemas/dese-report';

/** An account's amount, or 'Withheld' where the report withheld it from its reader. */
const amount = (v: number | null) => (v === null ? WITHHELD : formatMoney(v));

/** Accounts listed open; a longer list starts folded. */
const OPEN_UP_TO = 20;

/**
 * The ledger accounts whose fund segment names no fund, listed rather than dropped: a notice with
 * each segment, then the accounts with their file rows and amounts. They count in All funds only;
 * giving a fund that code (Admin, Funds) puts them in its figures.
 */
export function UnmatchedFund({ report }: { report: LedgerReport }) {
  const u = report.unmatchedFund;
  if (!u.accountCount) {
    return null;
  }
  const segments = u.segments.map((s) => `${s.fundCode ?? 'no fund segment'} (${s.accountCount})`).join(', ');
  const caption = 'Ledger accounts whose fund segment names no fund';
  return (
    <div
      className="alert alert--info bva-unmatched-fund"
      role="region"
      aria-labelledby="bva-unmatched-fund-title"
    >
      <strong className="alert__title" id="bva-unmatched-fund-title">
        Unmatched fund segment: {u.accountCount} ledger account{u.accountCount === 1 ? '' : 's'} name
        {u.accountCount === 1 ? 's' : ''} no fund
      </strong>
      <p>
        Segments {segments}: {amount(u.expended)} expended of {amount(u.revisedBudget)} revised. They are
        counted in All funds only; give a fund that code under Admin, Funds to count them in it.
      </p>
      {/* A long list starts folded so the rest of the report stays in reach; a short one is open. */}
      <details className="bva-unmatched-fund__list" open={u.accounts.length <= OPEN_UP_TO}>
        <summary>
          The {u.accounts.length === u.accountCount ? '' : `first ${u.accounts.length} of the `}
          {u.accountCount === 1 ? 'account' : 'accounts'}, with their rows
        </summary>
        <ScrollArea label={caption}>
          <table className="table bva-table">
            <caption className="visually-hidden">{caption}</caption>
            <TableHead
              cols={[
                numCol('Row'),
                'Account',
                'Fund segment',
                numCol('Revised budget'),
                numCol('Expended'),
                numCol('Encumbered'),
              ]}
            />
            <tbody>
              {u.accounts.map((a) => (
                <tr key={a.row}>
                  <td className="num">{a.row}</td>
                  <th scope="row" className="bva-name">
                    <span className="bva-account">{a.account}</span>
                    {a.description ? <small className="bva-counts">{a.description}</small> : null}
                  </th>
                  <td>{a.fundCode ?? '—'}</td>
                  <td className="money">{amount(a.revisedBudget)}</td>
                  <td className="money">{amount(a.expended)}</td>
                  <td className="money">{amount(a.encumbered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </details>
      {u.accountCount > u.accounts.length ? (
        <p className="muted">
          The first {u.accounts.length} of {u.accountCount.toLocaleString('en-US')} accounts; Export to Excel
          with All funds lists every account.
        </p>
      ) : null}
    </div>
  );
}
