import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { parseFiscalYear } from '@server/schemas/fiscal-year';
import {
  importTypeSchema,
  RESULT_ERRORS_SHOWN,
  RESULT_WARNINGS_SHOWN,
  SKIP,
  type ImportResult,
} from '@server/schemas/import';
import { listBudgetYears } from '@server/services/budget-years';
import { importLocalFile } from '@server/services/import';
import type { ImportProgress } from '@server/services/import-run';
import { createVersion, listVersions } from '@server/services/versions';
import { withCli } from '../context';
import { parseFlags } from '../output';

const flags = z.object({
  type: importTypeSchema,
  budgetYear: z.string().trim().min(1, 'Name a budget year, e.g. FY26'),
  version: z.string().trim().min(1).optional(),
  createVersion: z.boolean().optional(),
  map: z
    .array(z.string().regex(/^[A-Za-z]+=/, "Use --map field=Column (e.g. --map currentSalary='TOTAL GROSS')"))
    .default([]),
  noteColumn: z.array(z.string()).optional(),
  dryRun: z.boolean().optional(),
  json: z.boolean().optional(),
});

const collect = (value: string, previous: string[] = []) => [...previous, value];
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** A progress bar on a terminal; plain lines every 10% otherwise (logs, CI). */
function progressReporter(enabled: boolean) {
  const tty = Boolean(process.stderr.isTTY);
  let lastDecile = -1;
  return {
    update(p: ImportProgress) {
      if (!enabled || !p.totalBytes) {
        return;
      }
      const share = Math.min(1, p.bytesRead / p.totalBytes);
      if (tty) {
        const width = 30;
        const done = Math.round(share * width);
        process.stderr.write(
          `\r[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${String(Math.round(share * 100)).padStart(3)}%  ${p.rows.toLocaleString('en-US')} rows`,
        );
        return;
      }
      const decile = Math.floor(share * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        process.stderr.write(`Read ${decile * 10}% (${p.rows.toLocaleString('en-US')} rows)\n`);
      }
    },
    end() {
      if (enabled && tty) {
        process.stderr.write('\n');
      }
    },
  };
}

async function resolveTargets(app: AppContext, actor: Actor, opts: z.infer<typeof flags>) {
  const { budgetYears } = await listBudgetYears(app, actor);
  const wanted = parseFiscalYear(opts.budgetYear);
  const budgetYear = budgetYears.find(
    (b) =>
      b.fiscalYear.toLowerCase() === opts.budgetYear.toLowerCase() ||
      (wanted !== null && parseFiscalYear(b.fiscalYear) === wanted),
  );
  if (!budgetYear) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `No budget year ${opts.budgetYear} (there are: ${budgetYears.map((b) => b.fiscalYear).join(', ') || 'none'})`,
    );
  }
  if (!opts.version) {
    return { budgetYear, versionId: null };
  }
  const { versions } = await listVersions(app, actor, { budgetYearId: budgetYear.id });
  const label = opts.version.toLowerCase();
  const matches = versions.filter((v) => v.label.toLowerCase() === label);
  const version = matches.find((v) => v.fiscalYear === budgetYear.currentFiscalYear) ?? matches[0];
  if (version) {
    return { budgetYear, versionId: version.id };
  }
  if (!opts.createVersion) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `No version labelled "${opts.version}" for ${budgetYear.fiscalYear} (there are: ${versions.map((v) => `"${v.label}"`).join(', ') || 'none'}). Add --create-version to create it.`,
    );
  }
  const created = await createVersion(app, actor, {
    fiscalYear: budgetYear.currentFiscalYear ?? parseFiscalYear(budgetYear.fiscalYear)!,
    label: opts.version,
    description: null,
    budgetYearId: budgetYear.id,
  });
  return { budgetYear, versionId: created.version.id };
}

function parseMaps(maps: readonly string[]): Record<string, string | null> {
  const overrides: Record<string, string | null> = {};
  for (const m of maps) {
    const at = m.indexOf('=');
    const column = m.slice(at + 1);
    overrides[m.slice(0, at)] = column === '' || column === SKIP ? null : column;
  }
  return overrides;
}

function printSummary(result: ImportResult, mapping: Record<string, string | null>, label: string): void {
  const out: string[] = [];
  out.push('Column mapping:');
  for (const [field, column] of Object.entries(mapping)) {
    if (column) {
      out.push(`  ${field.padEnd(20)} <- ${column}`);
    }
  }
  out.push('');
  out.push(
    `${result.dryRun ? 'Dry run (nothing saved): would import' : 'Imported'} ${result.imported.toLocaleString('en-US')} of ${result.rowCount.toLocaleString('en-US')} rows into ${label}` +
      (result.importRunId ? ` (import run ${result.importRunId})` : '') +
      ` in ${(result.durationMs / 1000).toFixed(1)} s.`,
  );
  out.push(
    `Total: ${money(result.totalAmount)}; fiscal year(s): ${result.fiscalYears.map((y) => `FY${String(y).slice(2)}`).join(', ')}`,
  );
  if (result.skipped) {
    const reasons = Object.entries(result.skippedReasons)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(', ');
    out.push(`Skipped ${result.skipped.toLocaleString('en-US')}: ${reasons}`);
    out.push(...result.errors.slice(0, RESULT_ERRORS_SHOWN).map((e) => `  ${e}`));
  }
  if (result.warningCount) {
    out.push(
      `${result.warningCount.toLocaleString('en-US')} row(s) ${result.dryRun ? 'would be ' : ''}imported with warnings (marked for review):`,
    );
    out.push(
      ...result.warnings
        .slice(0, RESULT_WARNINGS_SHOWN)
        .map((w) => `  Row ${w.row} ${w.name}: ${w.issues.join('; ')}`),
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

export function registerImportCommands(program: Command): void {
  program
    .command('import')
    .description(
      'Import a payroll (operating) or budget (proposed) file: .csv, .xlsx or .xls, in one transaction',
    )
    .argument('<file>', 'the file to import')
    .requiredOption('--type <type>', 'operating (one line per employee) or proposed (budget lines)')
    .requiredOption('--budget-year <label>', 'budget year to import into, e.g. FY26')
    .option('--version <label>', "budget version label (its fiscal year is the lines' fiscal year)")
    .option('--create-version', 'create the --version as DRAFT when it does not exist')
    .option(
      '--map <field=Column>',
      "override a suggested mapping; repeatable; 'field=' skips a field",
      collect,
    )
    .option('--note-column <Column>', "append a column to each line's notes; repeatable", collect)
    .option('--dry-run', 'check every row and report, then roll back')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, raw: Record<string, unknown>) => {
      const opts = parseFlags(flags, raw);
      if (!existsSync(file)) {
        throw new AppError(404, 'NOT_FOUND', `No such file: ${file}`);
      }
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { budgetYear, versionId } = await resolveTargets(app, actor, opts);
        const progress = progressReporter(!opts.json);
        let outcome;
        try {
          outcome = await importLocalFile(app, actor, file, {
            importType: opts.type,
            budgetYearId: budgetYear.id,
            versionId,
            overrides: parseMaps(opts.map),
            noteColumns: opts.noteColumn,
            dryRun: opts.dryRun,
            onProgress: progress.update,
          });
        } finally {
          progress.end();
        }
        if (opts.json) {
          process.stdout.write(
            `${JSON.stringify({ ...outcome.result, columnMappings: outcome.columnMappings, noteColumns: outcome.noteColumns }, null, 2)}\n`,
          );
          return;
        }
        printSummary(outcome.result, outcome.columnMappings, budgetYear.fiscalYear);
      });
    });
}
