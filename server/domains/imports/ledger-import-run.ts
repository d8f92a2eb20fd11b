import type { Knex } from 'knex';
import type { AppContext } from '@server/context';
import { AppError, conflict, validationFailed } from '@server/errors';
import { compileAccountPattern } from '@server/lib/account-pattern';
import { headerSignature, type HeaderInfo } from '@server/lib/import/header';
import { openTable } from '@server/lib/import/read-table';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import * as accounts from './queries/ledger-accounts';
import * as q from './queries/ledger-imports';
import { LEDGER_IMPORT_TYPE, type LedgerImportResult } from '@shared/schemas/ledger-import';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { deseCodes } from '@server/domains/massachusetts';
import { requireUnclosedFiscalYear } from '@server/domains/stages';
import {
  checkFileYear,
  checkRows,
  listedRow,
  previewRows,
  readLedgerRows,
  type ReadRow,
} from './ledger-import-read';
import { refuseUnreadableAmounts, resolveMapping } from './import-mapping';
import { commitUnlessDryRun } from './dry-run';
import { saveMapping } from './queries/import';
import { requireValidPattern } from './ledger-account-pattern';
import { dataRows, headerOf, sampleRows } from './import-analyze';
import { oneLedgerImportAtATime, turnTaker } from './ledger-import-limits';
import { reconcile, sumFile } from './ledger-import-reconcile';
import { discardAfterFailure, dropReplacedRows, sweepLedgerLeftovers } from './ledger-import-pending';

export interface LedgerPlan {
  fiscalYear: number;
  period?: number;
  accountPattern?: string;
  columnMappings: Record<string, string | null>;
  replaceLaterPeriod?: boolean;
  dryRun?: boolean;
}

type LedgerFile = { path: string; originalName: string; sha256: string; header?: HeaderInfo };

const LISTED = 100;
/** Accounts quoted in the refusal of a file none of whose accounts the pattern reads. */
const EXAMPLES = 3;

function toInsert(
  importId: number,
  fiscalYear: number,
  { n, outcome }: ReadRow,
): accounts.LedgerAccountInsert | null {
  if (outcome.kind !== 'row') {
    return null;
  }
  const a = outcome.amounts;
  return {
    ledger_import_id: importId,
    fiscal_year: fiscalYear,
    row_number: n,
    account: outcome.account,
    description: outcome.description,
    fund_code: outcome.fundCode,
    function_code: outcome.functionCode,
    object_code: outcome.objectCode,
    location_code: outcome.locationCode,
    building_id: outcome.building?.id ?? null,
    original_budget: a.originalBudget.stored,
    transfers: a.transfers.stored,
    revised_budget: a.revisedBudget.stored,
    expended: a.expended.stored,
    encumbered: a.encumbered.stored,
    warnings: outcome.warnings,
    set_aside_reason: outcome.setAside,
  };
}

/** The rows to store (not the skipped ones), handing the event loop a turn every 20 ms. */
async function toInserts(importId: number, fiscalYear: number, rows: readonly ReadRow[]) {
  const inserts: accounts.LedgerAccountInsert[] = [];
  const turns = turnTaker();
  for (const row of rows) {
    if (turns.due()) {
      await turns.take();
    }
    const insert = toInsert(importId, fiscalYear, row);
    if (insert) {
      inserts.push(insert);
    }
  }
  return inserts;
}

/** 400 unless the rows hold at least one account the figures can use. */
function requireAccounts(rows: readonly ReadRow[], pattern: string): void {
  const ledger = rows.filter((r) => r.outcome.kind === 'row');
  if (!ledger.length) {
    throw new AppError(
      400,
      'NOTHING_IMPORTED',
      'The file has no ledger rows below its header: check the column mapping',
    );
  }
  if (ledger.every((r) => r.outcome.kind === 'row' && r.outcome.setAside)) {
    // Every row fails for the same reason: a few of its accounts say it, the details list more.
    const shown = ledger
      .slice(0, EXAMPLES)
      .map((r) => `row ${r.n}: '${r.outcome.kind === 'row' ? r.outcome.account : ''}'`);
    const rest = ledger.length - shown.length;
    throw new AppError(
      400,
      'NOTHING_IMPORTED',
      `No account can be read by the pattern ${pattern}, nothing was written: none of the ${ledger.length} ledger rows matches it (${shown.join('; ')}${rest > 0 ? `; and ${rest} more` : ''}). Check the account pattern and the Account Number column.`,
      ledger.slice(0, LISTED).map((r) => ({
        path: `row ${r.n}`,
        message: r.outcome.kind === 'row' ? (r.outcome.setAside ?? '') : '',
      })),
    );
  }
}

/** 409 when the fiscal year's current import is at a later period and replacing it was not asked for. */
function refuseEarlierPeriod(current: q.LedgerImportRow | undefined, plan: LedgerPlan, period: number) {
  if (current && current.period > period && !plan.replaceLaterPeriod) {
    throw conflict(
      `${fiscalYearLabel(plan.fiscalYear)} already holds the ledger at period ${current.period} (${current.file_name}); importing period ${period} would replace it with earlier figures. Import it with replaceLaterPeriod (the CLI's --replace-later-period) if that is what you mean.`,
    );
  }
}

/** Replaces the fiscal year's earlier import (or refuses to replace a later period). */
async function replaceCurrent(trx: Knex.Transaction, plan: LedgerPlan, period: number, importId: number) {
  const current = await q.findCurrentImport(trx, plan.fiscalYear, true);
  refuseEarlierPeriod(current, plan, period);
  if (!current) {
    return null;
  }
  await q.retireImport(trx, current.id, importId);
  return { importId: current.id, period: current.period, accountCount: current.account_count };
}

/**
 * Imports a ledger file with a confirmed mapping into a fiscal year, all or nothing: the rows are
 * read and checked first (a refusal writes nothing), then written under a pending import in short
 * transactions (the embedded database's one connection is handed to other requests between two),
 * then ONE short transaction replaces the year's earlier import by this one, makes it complete,
 * saves the mapping and (when another was given) the account pattern, and writes one audit row.
 * Nobody reads a pending import, so the figures change at that commit or not at all; on any failure
 * the pending rows are deleted. A dry run does all of it, rolls the last transaction back and
 * deletes its rows, so its figures are the import's.
 */
export function importLedgerFromPath(
  app: AppContext,
  actor: Actor,
  file: LedgerFile,
  plan: LedgerPlan,
): Promise<LedgerImportResult> {
  authorize(actor, 'import.run');
  return oneLedgerImportAtATime(app, actor, plan, () => runLedgerImport(app, actor, file, plan));
}

async function runLedgerImport(
  app: AppContext,
  actor: Actor,
  file: LedgerFile,
  plan: LedgerPlan,
): Promise<LedgerImportResult> {
  const started = Date.now();
  if (!(await q.fiscalYearExists(app.db, plan.fiscalYear))) {
    throw validationFailed([
      {
        path: 'fiscalYear',
        message: `${fiscalYearLabel(plan.fiscalYear)} does not exist: no budget year is named for it or holds lines of it. Create its budget year first.`,
      },
    ]);
  }
  const settings = await q.findLedgerSettings(app.db);
  const patternText = plan.accountPattern
    ? requireValidPattern(plan.accountPattern, 'accountPattern')
    : requireValidPattern(settings.account_pattern, 'accountPattern');
  const pattern = compileAccountPattern(patternText);
  const table = await openTable(file.path, file.originalName);
  const sample = await sampleRows(table);
  const header = file.header ?? headerOf(sample).header;
  const mapping = resolveMapping(LEDGER_IMPORT_TYPE, header.columns, plan.columnMappings);
  refuseUnreadableAmounts(LEDGER_IMPORT_TYPE, mapping, header.columns, dataRows(sample, header));
  checkFileYear(file.originalName, mapping.fields, plan.fiscalYear);
  const buildings = await accounts.listBuildingCodes(app.db);
  const { rows } = await readLedgerRows(table, header, {
    fields: mapping.fields,
    pattern,
    fiscalYear: plan.fiscalYear,
    buildings,
  });
  const period = checkRows(rows, plan.period);
  requireAccounts(rows, patternText);
  const fileSums = await sumFile(rows);
  // Refused before writing anything (and checked again under the year's lock at the end).
  refuseEarlierPeriod(await q.findCurrentImport(app.db, plan.fiscalYear), plan, period);
  await requireUnclosedFiscalYear(app.db, plan.fiscalYear); // a closed year's actuals are history too
  await sweepLedgerLeftovers(app.db);
  const importId = await q.insertLedgerImport(app.db, {
    fiscal_year: plan.fiscalYear,
    period,
    file_name: file.originalName,
    file_sha256: file.sha256,
    account_pattern: patternText,
    column_mappings: {
      columnMappings: mapping.columnMappings,
      headerRow: header.headerRow,
      actor: actor.email ?? actor.name,
    },
    user_id: actor.id,
  });
  let completed = false;
  try {
    const inserts = await toInserts(importId, plan.fiscalYear, rows);
    await accounts.insertLedgerAccounts(app.db, inserts);
    const setAsideCount = inserts.filter((r) => r.set_aside_reason).length;
    const warningCount = inserts.filter((r) => !r.set_aside_reason && r.warnings.length).length;
    const sums = await accounts.ledgerImportSums(app.db, importId);
    const functionCodes = await accounts.functionCodeCounts(app.db, importId);
    const { result, committed } = await commitUnlessDryRun(app.db, plan.dryRun, async (trx) => {
      await q.lockLedgerYear(trx, plan.fiscalYear);
      const replaced = await replaceCurrent(trx, plan, period, importId);
      const finished = await q.finishLedgerImport(trx, importId, {
        row_count: rows.length,
        account_count: inserts.length - setAsideCount,
        set_aside_count: setAsideCount,
        warning_count: warningCount,
      });
      if (!finished) {
        throw conflict(
          'The import was interrupted (its rows were cleared while it ran): import the file again',
        );
      }
      await saveMapping(trx, LEDGER_IMPORT_TYPE, headerSignature(header.columns), {
        columnMappings: mapping.columnMappings,
        noteColumns: [],
      });
      if (patternText !== settings.account_pattern) {
        await q.saveAccountPattern(trx, patternText, actor.id);
      }
      const reconciliation = reconcile(rows, fileSums, mapping.columnMappings, sums);
      const names = deseCodes();
      const result: LedgerImportResult = {
        success: true,
        dryRun: Boolean(plan.dryRun),
        importId: plan.dryRun ? null : importId,
        fiscalYear: plan.fiscalYear,
        period,
        accountPattern: patternText,
        rowCount: rows.length,
        imported: inserts.length - setAsideCount,
        setAsideCount,
        skippedCount: rows.length - inserts.length,
        warningCount,
        functionCodes: functionCodes.map((f) => ({
          ...f,
          name: names.get(f.code)?.name ?? null,
        })),
        rows: rows
          .filter((r) => r.outcome.kind === 'skip' || r.outcome.setAside || r.outcome.warnings.length)
          .slice(0, LISTED)
          .map(listedRow),
        preview: previewRows(rows),
        reconciliation,
        replaced,
        encodingNotice: table.legacyNotice(),
        durationMs: Date.now() - started,
      };
      await insertAudit(trx, actor, {
        action: 'import',
        entity: 'ledger-import',
        entityId: importId,
        after: {
          fileName: file.originalName,
          fiscalYear: plan.fiscalYear,
          period,
          accountPattern: patternText,
          accounts: result.imported,
          setAside: setAsideCount,
          replacedImportId: replaced?.importId ?? null,
          expended: reconciliation.columns.find((c) => c.field === 'expended')?.stored,
          revisedBudget: reconciliation.columns.find((c) => c.field === 'revisedBudget')?.stored,
        },
      });
      return result;
    });
    // A dry run's pending rows are deleted as a failed import's are (finally).
    completed = committed;
    if (committed && result.replaced) {
      await dropReplacedRows(app, result.replaced.importId);
    }
    return { ...result, durationMs: Date.now() - started };
  } finally {
    if (!completed) {
      await discardAfterFailure(app, importId);
    }
  }
}
