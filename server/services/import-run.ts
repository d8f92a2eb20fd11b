import type { Knex } from 'knex';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { SourceRow } from '@server/lib/import/cells';
import { openCopy, type CopyWriter } from '@server/lib/import/copy';
import { headerSignature, type HeaderInfo } from '@server/lib/import/header';
import { BuildingMatcher, CategoryMatcher, WorkGroupMatcher } from '@server/lib/import/match';
import type { TableSource } from '@server/lib/import/read-table';
import { COPY_COLUMNS, copyLine, type RowOutcome, type TransformContext } from '@server/lib/import/transform';
import { transformEmployee } from '@server/lib/import/transform-employee';
import { proposedTransformer } from '@server/lib/import/transform-proposed';
import type { Actor } from '@server/policies/index';
import { insertAudit } from '@server/queries/audit';
import * as q from '@server/queries/import';
import type { VersionRow } from '@server/queries/versions';
import type { ImportResult, ImportWarning } from '@server/schemas/import';
import type { ImportPlan } from './import-execute';
import type { ResolvedMapping } from './import-mapping';

/** How far an import has got, for the CLI's progress bar. */
export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

/** Rows listed in a result; the counts cover every row. */
const LISTED = 100;

/** Thrown inside a dry run's transaction to roll it back while handing the result out. */
class DryRunDone extends Error {
  constructor(public result: ImportResult) {
    super('dry run');
  }
}

interface RunInput {
  table: TableSource;
  header: HeaderInfo;
  mapping: ResolvedMapping;
  file: { originalName: string; sha256: string };
  targets: { budgetYear: q.BudgetYearRef; version: VersionRow | null; fiscalYear: number };
  plan: ImportPlan;
}

class Tally {
  rowCount = 0;
  imported = 0;
  skipped = 0;
  warningCount = 0;
  warnings: ImportWarning[] = [];
  errors: string[] = [];
  reasons: Record<string, number> = {};

  add(n: number, outcome: RowOutcome): void {
    if (outcome.kind === 'blank') {
      return;
    }
    this.rowCount += 1;
    if (outcome.kind === 'skip') {
      this.skipped += 1;
      this.reasons[outcome.reason] = (this.reasons[outcome.reason] ?? 0) + 1;
      if (this.errors.length < LISTED) {
        this.errors.push(`Row ${n}: skipped, ${outcome.reason}`);
      }
      return;
    }
    this.imported += 1;
    if (outcome.warnings.length) {
      this.warningCount += 1;
      if (this.warnings.length < LISTED) {
        this.warnings.push({ row: n, name: outcome.name, issues: outcome.warnings });
      }
    }
  }
}

async function context(trx: Knex.Transaction, input: RunInput, runId: number): Promise<TransformContext> {
  const { plan, targets, mapping } = input;
  const scenarioId = await q.findActiveScenarioId(trx, targets.budgetYear.id, plan.importType);
  return {
    type: plan.importType,
    mapping: mapping.fields,
    labels: mapping.labels,
    noteColumns: mapping.noteColumns,
    headerNames: mapping.headerNames,
    fixed: {
      budgetYearId: String(targets.budgetYear.id),
      scenarioId: scenarioId === null ? null : String(scenarioId),
      versionId: targets.version ? String(targets.version.id) : null,
      importRunId: String(runId),
    },
    defaultFiscalYear: targets.fiscalYear,
    buildings: new BuildingMatcher(await q.listBuildingRefs(trx)),
    categories: new CategoryMatcher(await q.listCategoryRefs(trx)),
    workGroups: new WorkGroupMatcher(await q.listWorkGroupRefs(trx)),
  };
}

function nothingImported(tally: Tally): AppError {
  const reasons = Object.entries(tally.reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ');
  return new AppError(
    400,
    'NOTHING_IMPORTED',
    tally.rowCount
      ? `No rows could be imported (${reasons}). Check the column mapping.`
      : 'The file has no data rows below its header',
    tally.errors.slice(0, 10).map((message) => ({ path: '', message })),
  );
}

/** Streams every data row through the transform into the COPY, one write per batch of rows. */
async function copyRows(
  input: RunInput,
  transform: (n: number, cells: SourceRow['cells']) => RowOutcome,
  tally: Tally,
  copy: CopyWriter,
): Promise<void> {
  const { table, header, plan } = input;
  let bytesRead = 0;
  for await (const batch of table.batches((b) => (bytesRead += b))) {
    // An await per row would cost more than the row itself.
    let lines = '';
    for (const row of batch) {
      if (row.n <= header.headerRow) {
        continue;
      }
      const outcome = transform(row.n, row.cells);
      tally.add(row.n, outcome);
      if (outcome.kind === 'line') {
        lines += copyLine(outcome.values);
      }
    }
    if (lines) {
      await copy.write(lines);
    }
    plan.onProgress?.({ bytesRead, totalBytes: table.size, rows: tally.rowCount });
  }
  await copy.finish();
}

/**
 * Imports every data row in ONE transaction: an import_runs row, then the lines through COPY on the
 * transaction's own connection (pg-copy-streams on a server, a blob on PGlite), then the run's
 * counts, the saved mapping for this layout and one audit row. All rows land or none do: a file
 * where no row can be imported, a dry run, or any failure rolls everything back.
 */
export async function runImport(app: AppContext, actor: Actor, input: RunInput): Promise<ImportResult> {
  const started = Date.now();
  const { header, mapping, plan, targets, file } = input;
  const tally = new Tally();
  try {
    return await app.db.transaction(async (trx) => {
      const runId = await q.insertImportRun(trx, {
        user_id: actor.id,
        file_name: file.originalName,
        import_type: plan.importType,
        budget_year_id: targets.budgetYear.id,
        version_id: targets.version?.id ?? null,
        column_mappings: {
          columnMappings: mapping.columnMappings,
          noteColumns: mapping.noteColumns.map((c) => c.name),
          fileSha256: file.sha256,
          headerRow: header.headerRow,
          actor: actor.email ?? actor.name,
        },
      });
      const ctx = await context(trx, input, runId);
      const transform =
        plan.importType === 'operating'
          ? (n: number, cells: SourceRow['cells']) => transformEmployee(ctx, n, cells)
          : proposedTransformer(ctx);
      const copy = await openCopy(trx, 'line_items', COPY_COLUMNS);
      try {
        await copyRows(input, transform, tally, copy);
      } catch (err) {
        await copy.abort(err as Error);
        throw err;
      }
      if (!tally.imported) {
        throw nothingImported(tally);
      }
      const totals = await q.importedTotals(trx, runId, plan.importType);
      await q.finishImportRun(trx, runId, {
        row_count: tally.rowCount,
        imported_count: tally.imported,
        skipped_count: tally.skipped,
        warning_count: tally.warningCount,
        error_count: tally.skipped,
      });
      await q.saveMapping(trx, plan.importType, headerSignature(header.columns), {
        columnMappings: mapping.columnMappings,
        noteColumns: mapping.noteColumns.map((c) => c.name),
      });
      const result: ImportResult = {
        success: true,
        dryRun: Boolean(plan.dryRun),
        importRunId: plan.dryRun ? null : runId,
        rowCount: tally.rowCount,
        imported: tally.imported,
        skipped: tally.skipped,
        warnings: tally.warnings,
        warningCount: tally.warningCount,
        errors: tally.errors,
        errorCount: tally.skipped,
        skippedReasons: tally.reasons,
        totalAmount: totals.total,
        fiscalYears: totals.fiscalYears,
        durationMs: Date.now() - started,
      };
      await insertAudit(trx, actor, {
        action: 'import',
        entity: 'import-run',
        entityId: runId,
        after: {
          fileName: file.originalName,
          importType: plan.importType,
          budgetYearId: targets.budgetYear.id,
          versionId: targets.version?.id ?? null,
          rowCount: tally.rowCount,
          imported: tally.imported,
          skipped: tally.skipped,
          warnings: tally.warningCount,
          totalAmount: totals.total,
          fiscalYears: totals.fiscalYears,
        },
      });
      if (plan.dryRun) {
        throw new DryRunDone(result);
      }
      return result;
    });
  } catch (err) {
    if (err instanceof DryRunDone) {
      return { ...err.result, durationMs: Date.now() - started };
    }
    throw err;
  }
}
