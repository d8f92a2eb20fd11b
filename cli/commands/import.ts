import type { Command } from 'commander';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { fiscalYearInput, fiscalYearLabel, parseFiscalYear } from '@shared/schemas/fiscal-year';
import { fieldsFor, importTypeSchema, SKIP } from '@shared/schemas/import';
import { importLocalFile } from '@server/domains/imports';
import type { ImportProgress } from '@server/domains/imports';
import { listVersions } from '@server/domains/budgets';
import { ALREADY_IMPORTED, importsInto, repeatImportText } from '@shared/import-words';
import { summaryLines } from './import-summary';
import { registerImportUndo } from './import-undo';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { forTheMapFlag } from '../map-refusal';
import { noteLockedLines, parseFlags, printJson } from '../output';
import { requireFile } from '@server/lib/files';

const flags = z.object({
  type: importTypeSchema,
  budgetYear: z.string().trim().min(1, 'Name a budget year, e.g. FY26'),
  version: z.string().trim().min(1).optional(),
  createVersion: z.boolean().optional(),
  /** The fiscal year of a version --create-version makes (default: the budget year's current one). */
  versionFiscalYear: fiscalYearInput.optional(),
  map: z
    .array(z.string().regex(/^[A-Za-z]+=/, "Use --map field=Column (e.g. --map currentSalary='TOTAL GROSS')"))
    .default([]),
  noteColumn: z.array(z.string()).optional(),
  dryRun: z.boolean().optional(),
  again: z.boolean().optional(),
  onlyDistrictBuildings: z.boolean().optional(),
  json: z.boolean().optional(),
});

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * A progress bar on a terminal; plain lines every 10% otherwise (logs, CI). The 100% line waits for
 * the end: the last bytes are read before the last rows are (a last line without a line break, the
 * rows of the last chunk in several batches), so its count is the final one.
 */
function progressReporter(enabled: boolean) {
  const tty = Boolean(process.stderr.isTTY);
  let lastDecile = -1;
  let last: ImportProgress | null = null;
  return {
    update(p: ImportProgress) {
      if (!enabled || !p.totalBytes) {
        return;
      }
      last = p;
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
      if (decile > lastDecile && decile < 10) {
        lastDecile = decile;
        process.stderr.write(`Read ${decile * 10}% (${p.rows.toLocaleString('en-US')} rows)\n`);
      }
    },
    end() {
      if (enabled && tty) {
        process.stderr.write('\n');
      } else if (last && last.bytesRead >= last.totalBytes) {
        process.stderr.write(`Read 100% (${last.rows.toLocaleString('en-US')} rows)\n`);
      }
    },
  };
}

async function resolveTargets(app: AppContext, actor: Actor, opts: z.infer<typeof flags>) {
  const budgetYear = await budgetYearNamed(app, actor, opts.budgetYear);
  if (!opts.version) {
    return { budgetYear, versionId: null, newVersion: undefined };
  }
  const { versions } = await listVersions(app, actor, { budgetYearId: budgetYear.id });
  const label = opts.version.toLowerCase();
  const matches = versions.filter((v) => v.label.toLowerCase() === label);
  const version = matches.find((v) => v.fiscalYear === budgetYear.currentFiscalYear) ?? matches[0];
  if (version) {
    return { budgetYear, versionId: version.id, newVersion: undefined };
  }
  if (!opts.createVersion) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `No version labelled "${opts.version}" for ${budgetYear.fiscalYear} (there are: ${versions.map((v) => `"${v.label}"`).join(', ') || 'none'}). Add --create-version to create it.`,
    );
  }
  // Created by the import, in its transaction: a dry run or a failed import leaves no empty version.
  const fiscalYear =
    opts.versionFiscalYear ?? budgetYear.currentFiscalYear ?? parseFiscalYear(budgetYear.fiscalYear)!;
  // A label naming another fiscal year ('FY28 Preliminary' into FY26) is almost surely a slip.
  const named = /\bFY\s?(\d{2}|\d{4})\b/i.exec(opts.version)?.[0];
  const namedYear = named ? parseFiscalYear(named.replace(/\s/, '')) : null;
  if (opts.versionFiscalYear === undefined && namedYear !== null && namedYear !== fiscalYear) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `The version "${opts.version}" names ${fiscalYearLabel(namedYear)} but would hold ${fiscalYearLabel(fiscalYear)} lines: add --version-fiscal-year ${fiscalYearLabel(namedYear)} (or ${fiscalYearLabel(fiscalYear)})`,
    );
  }
  const newVersion = { label: opts.version, fiscalYear };
  return { budgetYear, versionId: null, newVersion };
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

/**
 * --type and --budget-year are required of an import, checked here with commander's own words: as
 * required options commander would ask them of `import runs` and `import undo` too.
 */
function requireOptions(cmd: Command, raw: Record<string, unknown>): void {
  for (const [key, flags] of [
    ['type', '--type <type>'],
    ['budgetYear', '--budget-year <label>'],
  ]) {
    if (raw[key] === undefined) {
      cmd.error(`error: required option '${flags}' not specified`, {
        code: 'commander.missingMandatoryOptionValue',
      });
    }
  }
}

export function registerImportCommands(program: Command): void {
  const cmd = program
    .command('import')
    .description(
      'Import a payroll (operating) or budget (proposed) file: .csv, .xlsx or .xls, in one transaction',
    )
    .argument('<file>', 'the file to import')
    .option('--type <type>', 'operating (one line per employee) or proposed (budget lines); required')
    .option('--budget-year <label>', 'budget year to import into, e.g. FY26; required')
    .option('--version <label>', "budget version label (its fiscal year is the lines' fiscal year)")
    .option('--create-version', 'create the --version as DRAFT when it does not exist')
    .option(
      '--version-fiscal-year <FY>',
      "the fiscal year of the version --create-version makes (its lines' year)",
    )
    .option(
      '--map <field=Column>',
      "override a suggested mapping; repeatable; 'field=' skips a field",
      collect,
    )
    .option('--note-column <Column>', "append a column to each line's notes; repeatable", collect)
    .option(
      '--only-district-buildings',
      "leave out rows whose building names none of the district's buildings (a city's payroll)",
    )
    .option('--dry-run', 'check every row and report, then roll back')
    .option(
      '--again',
      'import a file already imported into this fiscal year of the budget year as this type (its lines are added a second time)',
    )
    .option('--json', 'print the result as JSON')
    .action(async (file: string, raw: Record<string, unknown>) => {
      requireOptions(cmd, raw);
      const opts = parseFlags(flags, raw, { columnMappings: '--map', noteColumns: '--note-column' });
      requireFile(file);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { budgetYear, versionId, newVersion } = await resolveTargets(app, actor, opts);
        const progress = progressReporter(!opts.json);
        let outcome;
        try {
          outcome = await importLocalFile(app, actor, file, {
            importType: opts.type,
            budgetYearId: budgetYear.id,
            versionId,
            newVersion,
            overrides: parseMaps(opts.map),
            noteColumns: opts.noteColumn,
            dryRun: opts.dryRun,
            allowRepeat: opts.again,
            onlyDistrictBuildings: opts.onlyDistrictBuildings,
            onProgress: progress.update,
          });
        } catch (err) {
          if (err instanceof AppError && err.code === ALREADY_IMPORTED) {
            throw new AppError(err.status, err.code, `${err.message} Add --again to import it anyway.`);
          }
          throw forTheMapFlag(
            err,
            fieldsFor(opts.type).map((f) => f.field),
          );
        } finally {
          progress.end();
        }
        // A repeat into this year (a dry run, or --again): the lines come twice, said on stderr.
        // The fiscal year the lines went to is the one the result's stored lines are counted in.
        const repeats = importsInto(
          outcome.analysis.previousImports,
          budgetYear.id,
          outcome.result.alreadyStored.fiscalYear,
        );
        const duplicateOf = repeats[0] ?? null;
        if (duplicateOf) {
          process.stderr.write(`Warning: ${repeatImportText(repeats)}\n`);
        }
        // Payroll moves its holders' positions' cost: a voted year's salary lines do not have it.
        noteLockedLines(outcome.result);
        if (opts.json) {
          const { columnMappings, noteColumns } = outcome;
          printJson({ ...outcome.result, columnMappings, noteColumns, duplicateOf });
          return;
        }
        const label = newVersion
          ? `${budgetYear.fiscalYear}, ${outcome.result.dryRun ? 'new' : 'created'} version "${newVersion.label}"`
          : budgetYear.fiscalYear;
        process.stdout.write(
          `${summaryLines(outcome.result, outcome.columnMappings, label, opts.type).join('\n')}\n`,
        );
      });
    });
  registerImportUndo(cmd, program);
}
