import { Fragment, useState } from 'react';
import { countOf } from '@shared/count-words';
import { LEDGER_GROUPING_LABELS } from '@shared/schemas/ledger';
import { fundParamOf, type LedgerReport } from '@web/api/ledger';
import { FigureCells, FigureHeads, inSentence } from './figures';
import { GroupAccounts } from './group-accounts';
import { GROUP_MONEY, wholeRows } from './whole-figures';
import { ScrollArea } from '@web/components/scroll-area';

/**
 * The chosen view, one row per group and the total; a group's button opens its accounts below it
 * (the drill-down), which the server lists by the same key it grouped by. On a phone the table
 * scrolls sideways with the groups' names kept in view, and the drill-down stays in view beneath
 * them, scrolling its accounts in its own box (budget-vs-actual.css). The groups' whole dollars add
 * up to the Total under them (whole-figures.ts); a year with no ledger shows its figures as such.
 */
export function GroupsTable({ report }: { report: LedgerReport }) {
  const [open, setOpen] = useState<string | null>(null);
  const heading = LEDGER_GROUPING_LABELS[report.by];
  const drills = report.by !== 'account';
  const noLedger = report.ledger === null;
  const shown = wholeRows(report.rows, report.totals, GROUP_MONEY);
  return (
    <ScrollArea label={`Budget vs actual by ${inSentence(heading)}`} className="bva-groups">
      <table className="table bva-table bva-table--sticky">
        <caption className="visually-hidden">Budget vs actual by {inSentence(heading)}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <FigureHeads />
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <td colSpan={9} className="muted">
                No budget lines or ledger accounts for this year yet.
              </td>
            </tr>
          ) : null}
          {report.rows.map((g, i) => {
            const isOpen = open === g.key;
            const flagged = g.overBudget || g.projectedOver;
            return (
              <Fragment key={g.key}>
                <tr className={flagged ? 'bva-row--flagged' : undefined}>
                  <th scope="row" className="bva-name">
                    {drills && g.accountCount > 0 ? (
                      <button
                        type="button"
                        className="bva-drill"
                        aria-expanded={isOpen}
                        aria-controls={`bva-accounts-${g.key}`}
                        onClick={() => setOpen(isOpen ? null : g.key)}
                        aria-label={`${g.label}: show its ${g.accountCount} ${g.accountCount === 1 ? 'account' : 'accounts'}`}
                      >
                        <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span> {g.label}
                      </button>
                    ) : (
                      g.label
                    )}
                    {/* Without a ledger every row had '0 accounts': the lines alone say something. */}
                    <small className="bva-counts">
                      {noLedger
                        ? countOf(g.lineCount, 'line')
                        : `${countOf(g.accountCount, 'account')} · ${countOf(g.lineCount, 'line')}`}
                    </small>
                  </th>
                  <FigureCells x={shown[i]} noLedger={noLedger} />
                </tr>
                {isOpen ? (
                  <tr className="bva-drill-row">
                    <td colSpan={9} id={`bva-accounts-${g.key}`}>
                      {/* As wide as the table shows, kept in view while it scrolls sideways. */}
                      <div className="bva-drill-box">
                        <GroupAccounts
                          fiscalYear={report.fiscalYear}
                          by={report.by}
                          fund={fundParamOf(report.fund)}
                          group={g}
                        />
                      </div>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <FigureCells x={report.totals} noLedger={noLedger} />
          </tr>
        </tfoot>
      </table>
    </ScrollArea>
  );
}
