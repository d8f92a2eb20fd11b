import type { Command } from 'commander';
import { z } from 'zod';
import { createWorkGroupBody } from '@shared/schemas/work-groups';
import { PUBLIC_DASHBOARD_MESSAGES, settingsFields } from '@shared/schemas/public-dashboard';
import { createBudgetYearBody, parseFiscalYearSpan, type SetupStatus } from '@shared/schemas/setup';
import { workGroups } from '@server/domains/budgets';
import { publicDashboard } from '@server/domains/public-dashboard';
import { createBudgetYear, seedDemoCategories, setupStatus } from '@server/domains/setup';
import { AppError } from '@server/errors';
import { withCli } from '../context';
import { registerBudgetYearClose } from './budget-year-close';
import { fiscalYearsSpan, registerBudgetYearEdit } from './budget-year-edit';
import { registerBudgetYearRollForward } from './budget-year-roll-forward';
import { parseFlags, printJson, printRows } from '../output';
import { allBudgetYears } from '../lookups';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

/** A refusal of the arguments, worded with the flag, before the database is opened (exit 2). */
const refuse = (flag: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', `Invalid input:\n  ${flag}: ${message}`, [{ path: flag, message }]);

/** What is done and what is still missing, one line a step. */
function printStatus(status: SetupStatus): void {
  for (const step of status.steps) {
    process.stdout.write(`${step.done ? '[x]' : '[ ]'} ${step.title}: ${step.summary}\n`);
  }
  const missing = status.steps.filter((s) => !s.done);
  if (!missing.length) {
    process.stdout.write('Setup complete.\n');
    return;
  }
  process.stdout.write(`\nStill missing (${missing.length}):\n`);
  for (const step of missing) {
    process.stdout.write(`  ${step.title}: ${step.command}\n`);
  }
}

const setupFlags = z.object({
  // The API's own rule for the name (trimmed, at most 200 characters), which takes a blank as null:
  // the Public Dashboard screen may clear it. Setup asks for a name, so a blank one is refused with
  // the setup screen's words rather than erase it.
  districtName: settingsFields.schoolName
    .refine((name) => name !== null, PUBLIC_DASHBOARD_MESSAGES.districtNameRequired)
    .optional(),
  logoUrl: settingsFields.schoolLogoUrl.optional(),
  workGroups: z.array(createWorkGroupBody.shape.name),
});

interface SetupOptions {
  districtName?: string;
  logoUrl?: string;
  demoCategories?: boolean;
  workGroup?: string[];
  json?: boolean;
}

/**
 * `budget-cli setup`: the first start of a district without the browser. Each flag does one step
 * (through the services the setup screen calls); with none it only reports. It always ends with
 * the status: what is done, and the command for what is still missing.
 */
function registerSetup(program: Command): void {
  program
    .command('setup')
    .description('First start of a district: name, categories, work groups; prints what is still missing')
    .option('--district-name <name>', 'the district’s name, as the public dashboard shows it')
    .option('--logo-url <url>', 'the district’s logo (a web address)')
    .option('--demo-categories', 'add the demo district’s budget categories as a start')
    .option('--work-group <name>', 'add a work group (repeat for more)', (v, all: string[] = []) => [
      ...all,
      v,
    ])
    .option('--json', 'print JSON')
    .action(async (opts: SetupOptions) => {
      const input = parseFlags(
        setupFlags,
        { districtName: opts.districtName, logoUrl: opts.logoUrl, workGroups: opts.workGroup ?? [] },
        { logoUrl: '--logo-url', workGroups: '--work-group' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        // Every step of one command or none: a refused work group must not leave the name saved
        // while the command reports a failure (exit 1).
        const done = await app.db.transaction(async (trx) => {
          const inTrx = { ...app, db: trx };
          const saved: string[] = [];
          if (input.districtName !== undefined || input.logoUrl !== undefined) {
            const { config } = await publicDashboard.getConfig(inTrx, actor);
            await publicDashboard.updateConfig(inTrx, actor, config.id, {
              ...(input.districtName === undefined ? {} : { schoolName: input.districtName }),
              ...(input.logoUrl === undefined ? {} : { schoolLogoUrl: input.logoUrl }),
            });
            saved.push('Saved the district name and logo.');
          }
          if (opts.demoCategories) {
            const { added } = await seedDemoCategories(inTrx, actor);
            saved.push(`Added ${added.length} budget categories.`);
          }
          for (const name of input.workGroups) {
            await workGroups.createWorkGroup(inTrx, actor, { name });
            saved.push(`Added work group ${name}.`);
          }
          return saved;
        });
        const status = await setupStatus(app, actor);
        if (opts.json) {
          printJson({ done, ...status });
          return;
        }
        for (const line of done) {
          process.stdout.write(`${line}\n`);
        }
        printStatus(status);
      });
    });
}

interface CreateOptions {
  fiscalYears?: string;
  current?: string;
  name?: string;
  notes?: string;
  json?: boolean;
}

/** 'FY27-FY32', or 'FY28' for a span of one year (it read 'FY28-FY28'). */
const spanText = (first: number, last: number) =>
  first === last ? fiscalYearLabel(first) : `${fiscalYearLabel(first)}-${fiscalYearLabel(last)}`;

/** `budget-cli budget-year create FY28 [--fiscal-years FY27-FY32] [--current FY28]`. */
function registerBudgetYear(program: Command): void {
  const cmd = program
    .command('budget-year')
    .description('Budget years: list, create, edit or delete one; close a past fiscal year as history');
  registerBudgetYearClose(cmd, program);
  registerBudgetYearRollForward(cmd, program);
  registerBudgetYearEdit(cmd, program);
  cmd
    .command('list')
    .description('The budget years: the fiscal years each plans, its current one, whether it holds lines')
    .option('--json', 'print JSON (as GET /api/budget-years)')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const res = await allBudgetYears(app, actor);
        if (opts.json) {
          printJson(res);
          return;
        }
        printRows(
          res.budgetYears.map((y) => {
            const planned = res.homes.filter((h) => h.budgetYearId === y.id).map((h) => h.fiscalYear);
            return {
              id: y.id,
              'budget year': y.fiscalYear,
              name: y.name ?? '',
              'fiscal years': planned.length ? spanText(planned[0], planned.at(-1)!) : 'none of its own',
              current: y.currentFiscalYear === null ? '' : fiscalYearLabel(y.currentFiscalYear),
              lines: res.budgetYearsWithLines.includes(y.id) ? 'yes' : 'none yet',
            };
          }),
          false,
        );
      });
    });
  cmd
    .command('create <label>')
    .description(
      'Create a budget year (FY2020-FY2034) with its fiscal years, current fiscal year, active operating and proposed budgets and settings',
    )
    .option('--fiscal-years <span>', 'the fiscal years it plans, e.g. FY27-FY32 (default: its own)')
    .option('--current <year>', 'the fiscal year its dashboard centres on (default: its own)')
    .option('--name <name>', 'its name (default: "<label> Budget", e.g. "FY28 Budget")')
    .option('--notes <text>', 'notes')
    .option('--json', 'print JSON')
    .action(async (label: string, opts: CreateOptions) => {
      let span: { first?: number; last?: number } = {};
      if (opts.fiscalYears !== undefined) {
        const parsed = parseFiscalYearSpan(opts.fiscalYears);
        if ('problem' in parsed) {
          throw refuse('--fiscal-years', parsed.problem);
        }
        span = parsed;
      }
      const input = parseFlags(
        createBudgetYearBody,
        {
          label,
          firstFiscalYear: span.first,
          lastFiscalYear: span.last,
          currentFiscalYear: opts.current,
          name: opts.name,
          notes: opts.notes,
        },
        {
          label: 'LABEL',
          firstFiscalYear: '--fiscal-years',
          lastFiscalYear: '--fiscal-years',
          currentFiscalYear: '--current',
        },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const made = await createBudgetYear(app, actor, input);
        if (opts.json) {
          printJson(made);
          return;
        }
        const years = made.fiscalYears;
        process.stdout.write(
          `Created budget year ${made.budgetYear.fiscalYear} (id ${made.budgetYear.id}): ${fiscalYearsSpan(years, made.budgetYear.currentFiscalYear)}, ${made.scenarios.map((s) => s.name).join(' and ')}, a Draft version per fiscal year.\n`,
        );
      });
    });
}

export function registerSetupCommands(program: Command): void {
  registerSetup(program);
  registerBudgetYear(program);
}
