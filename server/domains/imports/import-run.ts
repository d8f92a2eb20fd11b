import type { Knex } from 'knex';
import { FundMatcher } from '@server/lib/import/fund-match';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { SourceRow } from '@server/lib/import/cells';
import type { CopyWriter } from '@server/lib/import/copy';
import { headerSignature, type HeaderInfo } from '@server/lib/import/header';
import { BuildingMatcher, CategoryMatcher, WorkGroupMatcher } from '@server/lib/import/match';
import type { TableSource } from '@server/lib/import/read-table';
import { Tally } from '@server/lib/import/tally';
import { copyLine, type RowOutcome, type TransformContext } from '@server/lib/import/transform';
import { transformEmployee } from '@server/lib/import/transform-employee';
import { proposedTransformer } from '@server/lib/import/transform-proposed';
import { LoopSlices } from '@server/lib/loop-slices';
import type { Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import type { BudgetYearRow } from '@server/domains/budgets';
import * as q from './queries/import';
import { findVersionById, type VersionRow } from '@server/domains/budgets';
import type { ImportResult } from '@shared/schemas/import';
import { answerWithSalaryLines, copyImportedLines } from '@server/domains/line-items';
import { settle } from './import-settle';
import { routedRun } from './import-repeat';
import { commitUnlessDryRun } from './dry-run';
import { createVersionIn } from '@server/domains/budgets';
import { crosswalkImport } from '@server/domains/massachusetts';
import type { ImportPlan } from './import-execute';
import type { ResolvedMapping } from './import-mapping';

/** How far an import has got, for the CLI's progress bar. */
export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface RunInput {
  table: TableSource;
  header: HeaderInfo;
  mapping: ResolvedMapping;
  file: { originalName: string; sha256: string };
  targets: { budgetYear: BudgetYearRow; version: VersionRow | null; fiscalYear: number };
  plan: ImportPlan;
}

async function context(
  trx: Knex.Transaction,
  input: RunInput,
  runId: number,
  version: VersionRow | null,
): Promise<TransformContext> {
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
      versionId: version ? String(version.id) : null,
      importRunId: String(runId),
    },
    defaultFiscalYear: targets.fiscalYear,
    buildings: new BuildingMatcher(await q.listBuildingRefs(trx)),
    categories: new CategoryMatcher(await q.listCategoryRefs(trx)),
    workGroups: new WorkGroupMatcher(await q.listWorkGroupRefs(trx)),
    funds: new FundMatcher(await q.listFundRefs(trx)),
    ...(plan.importType === 'operating' ? { crosswalk: await crosswalkImport(trx) } : {}),
    onlyDistrictBuildings: Boolean(plan.onlyDistrictBuildings),
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

/** COPY text sent to PostgreSQL at a time. */
const COPY_WRITE_CHARS = 256 * 1024;

/** Streams every data row through the transform into the COPY, a write per 256 KB of lines. */
async function copyRows(
  input: RunInput,
  transform: (n: number, cells: SourceRow['cells']) => RowOutcome,
  tally: Tally,
  copy: CopyWriter,
  years: Set<number>,
): Promise<void> {
  const { table, header, plan } = input;
  let bytesRead = 0;
  // Short slices: each statement that moves a part (about seven round trips) waits for the loop's
  // next turn, and PostgreSQL, the slower side, idled up to a slice at each.
  const slices = new LoopSlices(5);
  for await (const batch of table.batches((b) => (bytesRead += b))) {
    // An await per row would cost more than the row itself: the loop hands the event loop a turn
    // only once a slice of work has run (a batch of rows against many crosswalk rules can be long).
    let lines = '';
    for (const row of batch) {
      if (row.n <= header.headerRow) {
        continue;
      }
      if (slices.due()) {
        await slices.turn();
      }
      const outcome = transform(row.n, row.cells);
      tally.add(row.n, outcome, row.cells);
      if (outcome.kind === 'line') {
        years.add(outcome.fiscalYear);
        lines += copyLine(outcome.values);
        // A read batch (512 KB of the file) is about 800 KB of COPY: sent in quarters, PostgreSQL
        // starts on the first part sooner.
        if (lines.length >= COPY_WRITE_CHARS) {
          await copy.write(lines);
          lines = '';
        }
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
 * The version the lines go to: the chosen one, or the one the plan asks to create, created here in
 * the import's transaction so a dry run or a failed import leaves no empty version behind.
 */
async function targetVersion(
  trx: Knex.Transaction,
  actor: Actor,
  input: RunInput,
): Promise<VersionRow | null> {
  const { plan, targets } = input;
  if (!plan.newVersion) {
    return targets.version;
  }
  const { version } = await createVersionIn(trx, actor, {
    fiscalYear: plan.newVersion.fiscalYear,
    label: plan.newVersion.label,
    description: null,
    budgetYearId: targets.budgetYear.id,
  });
  return (await findVersionById(trx, version.id))!;
}

/**
 * Imports every data row in ONE transaction: an import_runs row, then the lines through COPY on the
 * transaction's own connection (pg-copy-streams on a server, a blob on PGlite), then the projected
 * lines they replace and their next-year salaries (settle), the run's counts, the saved mapping for
 * this layout and one audit row. All rows land or none do: a file where no row can be imported, a
 * dry run, or any failure rolls everything back (a version created for the import included).
 */
export async function runImport(app: AppContext, actor: Actor, input: RunInput): Promise<ImportResult> {
  const started = Date.now();
  const { header, mapping, plan, targets, file } = input;
  const moneyField = plan.importType === 'operating' ? 'currentSalary' : 'amount';
  const tally = new Tally(moneyField, mapping.columnMappings[moneyField] ?? '');
  const { result, committed } = await commitUnlessDryRun(app.db, plan.dryRun, async (trx) => {
    const version = await targetVersion(trx, actor, input);
    const runId = await q.insertImportRun(trx, {
      user_id: actor.id,
      file_name: file.originalName,
      import_type: plan.importType,
      budget_year_id: targets.budgetYear.id,
      version_id: version?.id ?? null,
      fiscal_year: targets.fiscalYear,
      file_sha256: file.sha256,
      column_mappings: {
        columnMappings: mapping.columnMappings,
        noteColumns: mapping.noteColumns.map((c) => c.name),
        headerRow: header.headerRow,
        actor: actor.email ?? actor.name,
      },
    });
    const ctx = await context(trx, input, runId, version);
    const transform =
      plan.importType === 'operating'
        ? (n: number, cells: SourceRow['cells']) => transformEmployee(ctx, n, cells)
        : proposedTransformer(ctx);
    // What the year holds before this import's lines join it (they are added, not in its place).
    const alreadyStored = await q.storedLinesInScope(trx, {
      budgetYearId: targets.budgetYear.id,
      fiscalYear: targets.fiscalYear,
      type: plan.importType,
    });
    const years = new Set<number>();
    await copyImportedLines(trx, (copy) => copyRows(input, transform, tally, copy, years));
    if (!tally.imported) {
      throw nothingImported(tally);
    }
    // A Fiscal Year column sent the rows where it says: the run is recorded, and a repeat found, there.
    await routedRun(trx, input, runId, years);
    const { replaced, nextYearSalaries, codes, funds, fromRules, positions, reviewCount, totals } =
      await settle(trx, actor, input, runId, years);
    const reconciliation = tally.reconciler.result(totals.totalText);
    await q.finishImportRun(trx, runId, {
      row_count: tally.rowCount,
      imported_count: tally.imported,
      skipped_count: tally.skipped,
      // The count the import says it marked for review, which Import History shows.
      warning_count: reviewCount,
      error_count: tally.skipped,
      replaced_projected_count: replaced,
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
      reviewCount,
      errors: tally.errors,
      errorCount: tally.skipped,
      skippedReasons: tally.reasons,
      ...(plan.onlyDistrictBuildings ? { leftOut: tally.leftOut() } : {}),
      totalAmount: totals.total,
      fiscalYears: totals.fiscalYears,
      replacedProjected: replaced,
      alreadyStored,
      nextYearSalaries,
      reconciliation,
      preview: tally.preview.result(ctx),
      ...(ctx.crosswalk ? { crosswalk: ctx.crosswalk.summary() } : {}),
      ...(positions ? { positions } : {}),
      fromRules,
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
        versionId: version?.id ?? null,
        rowCount: tally.rowCount,
        imported: tally.imported,
        skipped: tally.skipped,
        ...(result.leftOut ? { leftOutForBuilding: result.leftOut.rows } : {}),
        warnings: tally.warningCount,
        totalAmount: totals.totalText,
        fiscalYears: totals.fiscalYears,
        replacedProjected: replaced,
        functionCodesFromRules: codes.coded,
        openPositionCodesFromRules: codes.openPositions, // vacant positions, not lines
        functionCodeRuleConflicts: codes.conflicts,
        openPositionCodeRuleConflicts: codes.openPositionConflicts,
        fundsFromRules: funds.funded,
        fundRuleConflicts: funds.conflicts,
        ...(positions
          ? {
              positionsFilled: positions.filled,
              positionsCreated: positions.created,
              positionsGrantFunded: positions.grantFunded,
              positionsVacantFromRows: positions.vacant,
            }
          : {}),
        fileSum: reconciliation.fileSum,
        differenceTotal: reconciliation.differenceTotal,
        differenceCount: reconciliation.differenceCount,
      },
    });
    // Payroll moves its holders' positions' cost: a voted year's salary lines keep theirs, and the
    // answer says so. A dry run writes nothing, so it is not followed at all.
    return plan.dryRun ? result : answerWithSalaryLines(trx, actor, result);
  });
  // A dry run's time includes its rollback.
  return committed ? result : { ...result, durationMs: Date.now() - started };
}
