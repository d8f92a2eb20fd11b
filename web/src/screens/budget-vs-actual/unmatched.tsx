import { useState } from 'react';
import { fundParamOf, type LedgerReport } from '@web/api/ledger';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { noLedgerToMatch } from '@shared/schemas/ledger-import';
import { formatMoney } from '@web/lib/format';
import { WITHHELD } from '@shared/schemas/dese-report';
import { UnmatchedAccounts } from './group-accounts';
import { ScrollArea } from '@web/components/scroll-area';

/**
 * What matched nothing, listed rather than dropped: ledger accounts no proposed line names, budget
 * lines that name no ledger account, and the rows set aside at import with their reasons. With no
 * ledger for the year nothing can match (every line would be listed): one line says so instead.
 */
export function Unmatched({ report }: { report: LedgerReport }) {
  // The report carries their count; the accounts themselves are read once their list is opened.
  const [accountsOpened, setAccountsOpened] = useState(false);
  const unmatched = report.unmatchedAccountCount;
  if (report.ledger === null) {
    return (
      <section className="bva-unmatched" aria-labelledby="bva-unmatched-title">
        <h2 id="bva-unmatched-title">What does not match</h2>
        <p className="muted" data-testid="bva-unmatched-no-ledger">
          {noLedgerToMatch(fiscalYearLabel(report.fiscalYear))}
        </p>
      </section>
    );
  }
  return (
    <section className="bva-unmatched" aria-labelledby="bva-unmatched-title">
      <h2 id="bva-unmatched-title">What does not match</h2>
      <details className="card bva-details">
        <summary>
          Budget lines with no ledger account: <strong>{report.linesWithoutAccount.length}</strong>
        </summary>
        {report.linesWithoutAccount.length ? (
          <ScrollArea label="Budget lines with no ledger account">
            <table className="table">
              <caption className="visually-hidden">Budget lines with no ledger account</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Account number</th>
                  <th scope="col">Category</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {report.linesWithoutAccount.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">{l.description ?? `Line ${l.id}`}</th>
                    <td>{l.accountLine ?? '—'}</td>
                    <td>{l.categoryName ?? 'No category'}</td>
                    <td className="money">{l.amount === null ? WITHHELD : formatMoney(l.amount)}</td>
                    <td>{l.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        ) : (
          <p className="muted">Every proposed line of the year names a ledger account.</p>
        )}
      </details>
      <details
        className="card bva-details"
        onToggle={(e) => {
          if (e.currentTarget.open) {
            setAccountsOpened(true);
          }
        }}
      >
        <summary>
          Ledger accounts no budget line names: <strong>{unmatched}</strong>
        </summary>
        {unmatched === 0 ? (
          <p className="muted">Every ledger account has a budget line.</p>
        ) : accountsOpened ? (
          <UnmatchedAccounts fiscalYear={report.fiscalYear} fund={fundParamOf(report.fund)} />
        ) : null}
      </details>
      <details className="card bva-details" open={report.setAsideCount > 0}>
        <summary>
          Ledger rows set aside at import: <strong>{report.setAsideCount}</strong>
        </summary>
        {report.setAside.length ? (
          <ScrollArea label="Ledger rows set aside at import">
            <table className="table">
              <caption className="visually-hidden">Ledger rows set aside at import, with why</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Row
                  </th>
                  <th scope="col">Account</th>
                  <th scope="col">Why</th>
                  <th scope="col" className="num">
                    Expended
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.setAside.map((s) => (
                  <tr key={s.row}>
                    <td className="num">{s.row}</td>
                    <th scope="row">{s.account || s.description || '(blank)'}</th>
                    <td>{s.reason}</td>
                    <td className="money">{formatMoney(s.expended)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        ) : (
          <p className="muted">Every ledger row was read by the account pattern.</p>
        )}
        {report.setAsideCount > report.setAside.length ? (
          <p className="muted">
            The first {report.setAside.length} of {report.setAsideCount.toLocaleString('en-US')} rows; Export
            to Excel lists every one.
          </p>
        ) : null}
      </details>
    </section>
  );
}
