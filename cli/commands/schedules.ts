import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { suggestPlacementsBody, type PlacementCounts, type Schedule } from '@shared/schemas/salary-schedules';
import { suggestPlacements } from '@server/domains/planning';
import { placementCountsText } from '@shared/placement-counts-words';
import { importSchedule, listSchedules } from '@server/domains/planning';
import { withCli } from '../context';
import { budgetYearNamed, workGroupNamed } from '../lookups';
import { noteLockedLines, parseFlags, printJson, printRows } from '../output';
import { requireFile } from '@server/lib/files';

const importFlags = z.object({
  workGroup: z.string().trim().min(1, 'Name the work group the schedule is for, e.g. --work-group Teachers'),
  name: z.string().trim().min(1).max(200).optional(),
  replace: z.boolean().optional(),
  budgetYear: z.string().trim().min(1).optional(),
  json: z.boolean().optional(),
});

const years = (s: Schedule) =>
  s.fiscalYears.length
    ? `${fiscalYearLabel(s.fiscalYears[0])}-${fiscalYearLabel(s.fiscalYears.at(-1)!)}`
    : '';

// The Schedules tab's words (shared/placement-counts-words.ts), a pay cut a suggestion makes included.
const placementLine = (p: PlacementCounts) => `Placements: ${placementCountsText(p)}`;

/** `schedules`: step-and-lane salary schedules, as on COLA Management's Salary Schedules tab. */
export function registerScheduleCommands(program: Command): void {
  const cmd = program.command('schedules').description('Step-and-lane salary schedules');

  cmd
    .command('import')
    .description(
      'Import a schedule (.csv or .xlsx: fiscal_year, cola, step, one column per lane) for a work group, and suggest where its employees sit',
    )
    .argument('<file>', 'the schedule file')
    .requiredOption('--work-group <name>', 'the work group it is bargained for, e.g. Teachers')
    .option('--name <name>', 'the schedule’s name (default: the file name)')
    .option('--replace', 'replace the work group’s schedule if it has one')
    .option(
      '--budget-year <label>',
      'budget year whose current fiscal year is placed (default: the newest with the group’s employees)',
    )
    .option('--json', 'print JSON')
    .action(async (file: string, raw: Record<string, unknown>) => {
      const opts = parseFlags(importFlags, raw);
      requireFile(file);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const group = await workGroupNamed(app, actor, opts.workGroup);
        const budgetYear = opts.budgetYear ? await budgetYearNamed(app, actor, opts.budgetYear) : null;
        const result = await importSchedule(
          app,
          actor,
          { buffer: await readFile(file), originalName: file },
          {
            workGroupId: group.id,
            name: opts.name,
            replace: opts.replace ?? false,
            budgetYearId: budgetYear?.id,
          },
        );
        // New amounts re-price the roster: a voted year's salary lines do not have them (stderr).
        noteLockedLines(result);
        if (opts.json) {
          printJson(result);
          return;
        }
        const s = result.schedule;
        process.stdout.write(
          `Imported salary schedule ${s.id} '${s.name}' for ${s.workGroup}: ${years(s)}, ${s.steps} steps x ${s.lanes.length} lanes (${s.lanes.join(', ')})\n${placementLine(result.placements)}\n`,
        );
      });
    });

  cmd
    .command('list')
    .description('List the salary schedules')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { schedules } = await listSchedules(app, actor);
        printRows(
          opts.json
            ? schedules
            : schedules.map((s) => ({
                id: s.id,
                name: s.name,
                workGroup: s.workGroup ?? '',
                years: years(s),
                steps: s.steps,
                lanes: s.lanes.length,
                placed: s.placedCount,
                confirmed: s.confirmedCount,
              })),
          Boolean(opts.json),
        );
      });
    });

  cmd
    .command('suggest')
    .description('Place the work group’s unconfirmed employees on the cell nearest their salary (suggested)')
    .argument('<id>', 'schedule id')
    .option('--budget-year <label>', 'budget year whose employees are placed')
    .option('--fiscal-year <year>', "fiscal year placed, e.g. FY27 (default: the budget year's current one)")
    .option('--json', 'print JSON')
    .action(async (rawId: string, opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const { id } = parseFlags(idParams, { id: rawId });
      const { fiscalYear } = parseFlags(
        suggestPlacementsBody.pick({ fiscalYear: true }),
        { fiscalYear: opts.fiscalYear },
        { fiscalYear: '--fiscal-year' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYear = opts.budgetYear ? await budgetYearNamed(app, actor, opts.budgetYear) : null;
        const counts = await suggestPlacements(app, actor, id, { budgetYearId: budgetYear?.id, fiscalYear });
        noteLockedLines(counts);
        if (opts.json) {
          printJson(counts);
          return;
        }
        process.stdout.write(`${placementLine(counts)}\n`);
      });
    });
}
