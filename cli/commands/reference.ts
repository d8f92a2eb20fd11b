import type { Command } from 'commander';
import { z } from 'zod';
import { LINES_ALL_YEARS } from '@shared/count-labels';
import { createBuildingBody } from '@shared/schemas/buildings';
import { linkBuildingsBody, deseCodesBody } from '@shared/schemas/bulk-update';
import { listBudgetCategories } from '@server/domains/budgets';
import { createBuilding, listBuildings } from '@server/domains/budgets';
import { linkEmployeesToBuildings, updateDeseCodes } from '@server/domains/line-items';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { noteLockedLines, parseFlags, printJson, printRows } from '../output';

const METHOD_LABELS = { code: 'location code', name: 'name', 'name-prefix': 'name prefix' } as const;

const count = (n: number) => n.toLocaleString('en-US');

function registerBuildings(program: Command): void {
  const cmd = program.command('buildings').description('Buildings (schools) employees and lines belong to');

  cmd
    .command('list')
    .description('List buildings with their employee counts and every year’s lines')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { buildings } = await listBuildings(app, actor);
        printRows(
          opts.json
            ? buildings
            : buildings.map((b) => ({
                id: b.id,
                code: b.code ?? '',
                name: b.name,
                type: b.buildingType ?? '',
                employees: b.employeeCount,
                // Every year's lines of any budget, employee and proposed: what keeps it from being
                // deleted (Manage Data disables Delete on the same counts).
                [LINES_ALL_YEARS.toLowerCase()]: b.employeeLineCount + b.lineItemCount,
                address: b.address ?? '',
              })),
          Boolean(opts.json),
        );
      });
    });

  cmd
    .command('add [name]')
    .description('Add a building (same rules as POST /api/buildings: a code in use is refused)')
    .option('--name <name>', 'building name (required, here or as the argument)')
    .option('--code <code>', 'location code, matched against payroll imports')
    .option('--address <address>', 'street address')
    .option('--type <type>', 'preschool, elementary, middle, high or special')
    .option('--dese-code <code>', 'the state’s eight-digit DESE school code, e.g. 00350020')
    .option('--json', 'print JSON')
    .action(
      async (
        name: string | undefined,
        opts: {
          name?: string;
          code?: string;
          address?: string;
          type?: string;
          deseCode?: string;
          json?: boolean;
        },
      ) => {
        const input = parseFlags(
          createBuildingBody,
          {
            name: name ?? opts.name ?? '',
            code: opts.code,
            address: opts.address,
            buildingType: opts.type,
            deseSchoolCode: opts.deseCode,
          },
          { buildingType: '--type', deseSchoolCode: '--dese-code' },
        );
        await withCli(program.opts().as, async ({ app, actor }) => {
          const { building } = await createBuilding(app, actor, input);
          if (opts.json) {
            printJson(building);
          } else {
            process.stdout.write(
              `Added building ${building.name}${building.code ? ` (${building.code})` : ''}, id ${building.id}.\n`,
            );
          }
        });
      },
    );
}

function registerCategories(program: Command): void {
  program
    .command('categories')
    .description('Budget categories')
    .command('list')
    .description('List budget categories in display order')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { categories } = await listBudgetCategories(app, actor);
        printRows(
          opts.json
            ? categories
            : categories.map((c) => ({
                id: c.id,
                name: c.name,
                code: c.code ?? '',
                dese: c.deseFunction ?? '',
                yoy: c.defaultYoYIncrease === null ? '' : `${c.defaultYoYIncrease}%`,
                personnel: c.isPersonnel ? 'yes' : 'no',
                // Every year's lines (what keeps a category from being deleted), in the web's words.
                [LINES_ALL_YEARS.toLowerCase()]: c.lineItemCount,
              })),
          Boolean(opts.json),
        );
      });
    });
}

interface BulkFlags {
  budgetYear: string;
  fiscalYear?: string;
  dryRun?: boolean;
  json?: boolean;
}

function registerBulkUpdate(program: Command): void {
  const cmd = program
    .command('bulk-update')
    .description('Fix employee data in bulk (as the Admin Panel does)');
  const flags = (c: Command) =>
    c
      .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
      .option('--fiscal-year <year>', 'only this fiscal year (e.g. 2026 or FY26); default: all of them')
      .option('--dry-run', 'report what would change and write nothing')
      .option('--json', 'print JSON');
  // The budget year id is resolved after parsing, so validate the rest with a placeholder id.
  const validate = <T>(schema: z.ZodType<T>, opts: BulkFlags) =>
    parseFlags(schema, { budgetYearId: 1, fiscalYear: opts.fiscalYear, dryRun: opts.dryRun });

  flags(cmd.command('buildings'))
    .description('Link employees without a building by location code or building name')
    .action(async (opts: BulkFlags) => {
      const input = validate(linkBuildingsBody, opts);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYearId = (await budgetYearNamed(app, actor, opts.budgetYear)).id;
        const result = await linkEmployeesToBuildings(app, actor, { ...input, budgetYearId });
        noteLockedLines(result);
        if (opts.json) {
          printJson(result);
          return;
        }
        printRows(
          result.results.map((r) => ({
            building: r.buildingName,
            code: r.buildingCode ?? '',
            linked: r.employeesLinked,
            matchedBy: METHOD_LABELS[r.method],
          })),
          false,
        );
        process.stdout.write(
          `${result.dryRun ? 'Would link' : 'Linked'} ${count(result.totalLinked)} employee(s); ${count(result.stillUnassigned)} without a building remain (District Wide).\n`,
        );
      });
    });

  flags(cmd.command('dese-codes'))
    .description('Fill missing DESE codes with the most common code of each job class')
    .action(async (opts: BulkFlags) => {
      const input = validate(deseCodesBody, opts);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYearId = (await budgetYearNamed(app, actor, opts.budgetYear)).id;
        const result = await updateDeseCodes(app, actor, { ...input, budgetYearId });
        noteLockedLines(result);
        if (opts.json) {
          printJson(result);
          return;
        }
        printRows(
          result.results.map((r) => ({
            jobClass: r.jobClass,
            deseCode: r.deseCode,
            function: r.deseName ?? '',
            updated: r.employeesUpdated,
          })),
          false,
        );
        process.stdout.write(
          `${result.dryRun ? 'Would update' : 'Updated'} ${count(result.totalUpdated)} employee(s).\n`,
        );
      });
    });
}

/** budget-cli buildings, categories and bulk-update: the reference data and bulk fixes. */
export function registerReferenceCommands(program: Command): void {
  registerBuildings(program);
  registerCategories(program);
  registerBulkUpdate(program);
}
