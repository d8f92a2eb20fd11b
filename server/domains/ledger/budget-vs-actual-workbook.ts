import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import {
  accountSheet,
  ledgerFileName,
  groupSheet,
  type AccountSums,
  type SheetHead,
  type WorkbookPlan,
} from '@server/lib/budget-vs-actual-workbook';
import { unmatchedSheet } from '@server/lib/budget-vs-actual-unmatched';
import { sumDollars } from '@shared/money';
import type { XCell } from '@shared/workbook';
import { XlsxStream } from '@server/lib/xlsx-stream';
import type { Actor } from '@server/policies/index';
import * as bva from './queries/budget-vs-actual';
import * as acc from './queries/budget-vs-actual-accounts';
import { inChunks, setAsideStatement, type SetAsideRow } from './queries/budget-vs-actual-chunks';
import type { LedgerGrouping } from '@shared/schemas/ledger';
import type { LedgerFundChoice } from '@shared/schemas/ledger-fund';
import { accountOf, groupOf, readReport } from './budget-vs-actual';
import { shownAccount, shownGroup } from './budget-vs-actual-pay';
import { reportSource, type ReportSource } from './budget-vs-actual-source';

/**
 * Budget vs actual as an .xlsx file (GET /ledger/report.xlsx, the screen's Export Excel and
 * `budget-cli ledger report --xlsx FILE`): the sheets of server/lib/budget-vs-actual-workbook.ts with every
 * group, account and set-aside row. Rows come from the database a chunk at a time through cursors of
 * one repeatable-read transaction and are deflated into the file as they come
 * (server/lib/xlsx-stream.ts): the server holds a chunk of the ledger at a time, whatever its size.
 */

export interface WorkbookQuery {
  fiscalYear: number;
  by: LedgerGrouping;
  budgetYearId?: number;
  /** The fund the sheets read, as the report's (every fund unless told). */
  fund?: LedgerFundChoice;
}

interface Layout<T> {
  head: SheetHead;
  top: XCell[][];
  row: (item: T, i: number) => XCell[];
}

/** A sheet's rows in chunks: its top rows, each item of `body` laid out, then its bottom rows. */
async function* sheetRows<T>(
  layout: Layout<T>,
  body: AsyncIterable<T[]>,
  bottom: () => XCell[][],
): AsyncIterable<XCell[][]> {
  yield layout.top;
  let i = 0;
  for await (const chunk of body) {
    yield chunk.map((item) => layout.row(item, i++));
  }
  yield bottom();
}

async function* mapped<R, T>(chunks: AsyncIterable<R[]>, f: (r: R) => T): AsyncIterable<T[]> {
  for await (const chunk of chunks) {
    yield chunk.map(f);
  }
}

/** Streams one report's workbook into `xlsx`, reading every row through `trx`. */
async function writeBook(trx: Db, xlsx: XlsxStream, query: WorkbookQuery, source: ReportSource) {
  await bva.planForLedger(trx);
  // The head of the report (totals, lines with no account, counts) and its first group row only.
  const { report, scope, names, accountCount, hidden } = await readReport(
    trx,
    { ...query, rowsLimit: 1 },
    source,
  );
  const { rows: _rows, accounts: _accounts, ...head } = report;
  const plan: WorkbookPlan = { report: head, groupCount: report.rowsPage.total, accountCount };

  const g = groupSheet(plan);
  const groups = inChunks<bva.GroupRow>(trx, bva.groupsStatement(scope, query.by));
  await xlsx.sheet(
    g.head,
    sheetRows(
      g,
      mapped(groups, (row) => shownGroup(hidden, groupOf(query.by, row, names))),
      () => g.bottom,
    ),
  );

  // The Accounts sheet's total row: its value columns added up exactly as the rows go by.
  const sums: AccountSums = { budget: 0, originalBudget: 0, revisedBudget: 0, expended: 0, encumbered: 0 };
  const all = acc.accountsStatement(scope, { unmatchedOnly: false });
  const accounts = mapped(inChunks<acc.AccountRow>(trx, all.sql, all.bindings), (row) => {
    const a = shownAccount(hidden, query.by, accountOf(row));
    for (const key of Object.keys(sums) as (keyof AccountSums)[]) {
      sums[key] = sumDollars([sums[key], a[key] ?? 0]);
    }
    return a;
  });
  const a = accountSheet(plan);
  await xlsx.sheet(
    a.head,
    sheetRows(a, accounts, () => a.bottom(sums)),
  );

  const u = unmatchedSheet(plan);
  const aside = inChunks<SetAsideRow>(trx, setAsideStatement(query.fiscalYear));
  await xlsx.sheet(
    u.head,
    sheetRows(u, aside, () => u.bottom),
  );
  return { fileName: ledgerFileName(report), report, groupCount: plan.groupCount, accountCount };
}

/**
 * Writes the workbook to `file`. The database is read in one snapshot while the file is written (a
 * local file, so a slow download never keeps the transaction open).
 */
export async function writeBudgetVsActualWorkbook(
  app: AppContext,
  actor: Actor,
  query: WorkbookQuery,
  file: string,
) {
  const source = await reportSource(app, actor, query);
  const out = createWriteStream(file, { mode: 0o600 });
  const xlsx = new XlsxStream(out);
  try {
    const result = await app.db.transaction((trx) => writeBook(trx, xlsx, query, source), {
      isolationLevel: 'repeatable read',
    });
    await xlsx.finish();
    return result;
  } catch (err) {
    out.destroy();
    throw err;
  }
}

/**
 * The workbook as a stream of a private temporary file, removed once read (or abandoned), for the
 * route to send.
 */
export async function budgetVsActualWorkbookStream(app: AppContext, actor: Actor, query: WorkbookQuery) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bva-xlsx-'));
  const file = path.join(dir, 'report.xlsx');
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    const result = await writeBudgetVsActualWorkbook(app, actor, query, file);
    const stream = createReadStream(file);
    stream.once('close', cleanup);
    return { ...result, stream };
  } catch (err) {
    cleanup();
    throw err;
  }
}
