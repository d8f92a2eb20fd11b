import type { LedgerReport } from '@shared/schemas/ledger';
import { noLedgerToMatch } from '@shared/schemas/ledger-import';
import type { XCell } from '@shared/workbook';
import {
  bold,
  fy,
  HEAD_ROWS,
  int,
  money,
  title,
  type SheetHead,
  type WorkbookPlan,
} from './budget-vs-actual-workbook';

/**
 * The Budget vs Actual workbook's 'Not matched' sheet (the screen's 'What does not match'), beside
 * the figure sheets of ./budget-vs-actual-workbook.ts whose title rows and cell helpers it shares.
 */

/** The budget lines that name no ledger account, under their heading. */
const unmatchedLines = (r: WorkbookPlan['report']): XCell[][] => [
  [bold('Budget lines with no ledger account')],
  ['Description', 'Account number', 'DESE', 'Category', 'Building', 'Amount', 'Why'].map(bold),
  ...r.linesWithoutAccount.map((l) => [
    l.description,
    l.accountLine,
    l.deseCode,
    l.categoryName ?? 'No category',
    l.buildingName ?? 'District Wide',
    money(l.amount),
    l.reason,
  ]),
];

/** What matched nothing: lines with no account, then the rows set aside at import, then a count. */
export function unmatchedSheet(p: WorkbookPlan) {
  const r = p.report;
  return {
    head: {
      name: 'Not matched',
      headRows: HEAD_ROWS,
      widths: [36, 34, 10, 24, 22, 16, 50],
    } satisfies SheetHead,
    // With no ledger every line would be listed as matching nothing: one line says why instead.
    top:
      r.ledger === null
        ? [...title(r, 'what matched nothing'), [noLedgerToMatch(fy(r))]]
        : [
            ...title(r, 'what matched nothing'),
            ...unmatchedLines(r),
            [],
            [bold('Ledger rows set aside at import')],
            [bold('Account'), bold('Description'), bold('Row'), bold('Reason'), null, bold('Expended'), null],
          ],
    row: (s: LedgerReport['setAside'][number]): XCell[] => [
      s.account,
      s.description,
      int(s.row),
      s.reason,
      null,
      money(s.expended),
      `revised ${s.revisedBudget}, encumbered ${s.encumbered}`,
    ],
    bottom:
      r.ledger === null
        ? []
        : [
            [],
            [
              `Ledger accounts no proposed line names: ${r.unmatchedAccountCount} (listed on Accounts with 0 budget).`,
            ],
          ],
  };
}
