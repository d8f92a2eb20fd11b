import { staffGapText } from '@shared/gap-words';
import type { Command } from 'commander';
import { formatMoneyCents as money, formatNumber } from '@shared/money';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { countedWord, staffSourceCaption } from '@shared/staff-words';
import { dashboardQuery } from '@shared/schemas/dashboard';
import { z } from 'zod';
import { DEFAULT_PROJECTION_YEARS, fixBaseYearBody } from '@shared/schemas/projections';
import { SCENARIO_TYPES } from '@shared/schemas/common';
import { saveTownGoalBody } from '@shared/schemas/town-goals';
import { dashboard as dashboard } from '@server/domains/budgets';
import { projections } from '@server/domains/planning';
import { townGoals as townGoals } from '@server/domains/budgets';
import { withCli } from '../context';
import { budgetYearNamed, yearsToRead } from '../lookups';
import { PROPOSED_BASE_FLAG, runProjections } from './projection-runs';
import { moneyFlag, parseFlags, printJson, printRows, numberFlag } from '../output';

/**
 * The summary's gap in the dashboard card's words (staffGapText), never a signed number; for a
 * year with no town goal (null), that it has none and how to set one, never a gap against 0.
 */
function gapLine(gap: number | null, fy: string): string {
  const words = staffGapText(gap, money);
  return gap === null ? `${words} (budget-cli town-goals set --fiscal-year ${fy})` : words;
}

/** `budget-cli dashboard`, `town-goals` and `projections`: the dashboard's figures and actions. */
export function registerDashboardCommands(program: Command): void {
  program
    .command('dashboard')
    .description('Budget Dashboard figures')
    .command('summary')
    .description('Proposed budget against town guidance, employees, and the budget by category')
    .option(
      '--budget-year <label>',
      "budget year, e.g. FY26 (default: --fiscal-year's home, else the one the web app opens on)",
    )
    .option('--fiscal-year <year>', 'fiscal year (default: the budget year’s current fiscal year)')
    .option('--funds <which>', 'all: every fund; general: the general fund alone', 'all')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; funds: string; json?: boolean }) => {
      const { funds } = parseFlags(
        dashboardQuery.pick({ funds: true }),
        { funds: opts.funds },
        { funds: '--funds' },
      );
      const chosen =
        opts.fiscalYear === undefined
          ? undefined
          : parseFlags(
              z.object({ fiscalYear: fiscalYearInput }),
              { fiscalYear: opts.fiscalYear },
              { fiscalYear: '--fiscal-year' },
            ).fiscalYear;
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { year, fiscalYear } = await yearsToRead(app, actor, opts.budgetYear, chosen);
        const scope = { budgetYearId: year.id, fiscalYear, funds };
        const summary = await dashboard.budgetSummary(app, actor, scope);
        const stats = await dashboard.budgetStats(app, actor, scope);
        const categories = await dashboard.summaryByCategory(app, actor, scope);
        const goal = await townGoals.totalForYear(app, actor, fiscalYear);
        // The server's gap (goal - budget): the same figure the dashboard shows; null without a goal.
        const gap = summary.guidanceGap;
        if (opts.json) {
          printJson({ summary, townGoal: goal, gap, employees: stats, categories });
          return;
        }
        const fy = fiscalYearLabel(fiscalYear);
        // Positions for a year planned from the roster before it, as the dashboard's card says.
        const staff = countedWord(stats).padEnd(19);
        const source = staffSourceCaption(stats, fiscalYear);
        process.stdout.write(
          `${year.fiscalYear} budget, ${fy}, ${summary.fundsLabel}\n` +
            `  Proposed budget     ${money(summary.proposedBudget)} (${formatNumber(summary.proposedCount)} lines, ${formatNumber(summary.breakdown.proposed.projected.count)} projected)\n` +
            (summary.funds === 'general'
              ? ''
              : `  General fund        ${money(summary.guidanceBudget)} (what the goal is compared with)\n`) +
            `  Town guidance goal  ${goal.hasTownGoal ? money(goal.total) : 'not set'}\n` +
            `  Gap                 ${gapLine(gap, fy)}\n` +
            `  ${staff} ${formatNumber(stats.totalEmployees, 0)} (${formatNumber(stats.totalFte)} FTE), salaries ${stats.totalSalary === null ? 'withheld' : money(stats.totalSalary)}\n` +
            (source ? `  ${source}\n` : '') +
            '\n',
        );
        printRows(
          categories.categories.map((c) => ({
            category: c.category,
            lines: formatNumber(c.count),
            amount: money(c.total),
          })),
          false,
        );
      });
    });

  const goals = program.command('town-goals').description('Town budget goals (guidance)');
  goals
    .command('list')
    .description('List town goals')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { goals: list } = await townGoals.listTownGoals(app, actor);
        printRows(
          opts.json
            ? list
            : list.map((g) => ({
                fiscalYear: fiscalYearLabel(g.fiscalYear),
                type: g.goalType,
                dollarGoal: money(g.dollarGoal),
                percent: g.percentGoal ?? '',
                baseline: money(g.baselineAmount),
                // Which baseline: the baseline year's goal as it stands now, or an amount entered.
                baselineOf: g.baselineFromGoal
                  ? `${g.baselineYear === null ? '' : fiscalYearLabel(g.baselineYear)} goal`
                  : g.baselineAmount === null
                    ? ''
                    : 'entered',
                notes: g.notes ?? '',
              })),
          Boolean(opts.json),
        );
      });
    });
  goals
    .command('set')
    .description('Create or replace the goal of a fiscal year (same rules as POST /api/town-goals)')
    .requiredOption('--fiscal-year <year>', 'fiscal year, e.g. FY27')
    .option('--dollar <amount>', 'dollar goal (required unless --percent; both may be given)')
    .option(
      '--percent <percent>',
      'percent over the baseline (the previous year’s goal unless --baseline; required unless --dollar)',
    )
    .option('--baseline <amount>', 'baseline amount for a percent goal')
    .option('--notes <text>', 'notes')
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        fiscalYear: string;
        dollar?: string;
        percent?: string;
        baseline?: string;
        notes?: string;
        json?: boolean;
      }) => {
        const goalType =
          opts.dollar !== undefined && opts.percent !== undefined
            ? 'BOTH'
            : opts.percent !== undefined
              ? 'PERCENT'
              : 'DOLLAR';
        const input = parseFlags(
          saveTownGoalBody,
          {
            fiscalYear: opts.fiscalYear,
            goalType,
            dollarGoal: moneyFlag(opts.dollar),
            percentGoal: numberFlag(opts.percent),
            baselineAmount: moneyFlag(opts.baseline),
            notes: opts.notes,
          },
          { dollarGoal: '--dollar', percentGoal: '--percent', baselineAmount: '--baseline' },
        );
        await withCli(program.opts().as, async ({ app, actor }) => {
          const saved = await townGoals.saveTownGoal(app, actor, input);
          if (opts.json) {
            printJson(saved);
            return;
          }
          const { goal, created } = saved;
          process.stdout.write(
            `${created ? 'Created' : 'Saved'} the ${fiscalYearLabel(goal.fiscalYear)} goal: ${money(goal.dollarGoal)}` +
              `${goal.percentGoal !== null ? ` (${goal.percentGoal}% over ${money(goal.baselineAmount)})` : ''}.\n`,
          );
        });
      },
    );

  /** Which kind of lines a base year fix moves: its --type. */
  const kindFlag = z.object({
    type: z.enum(SCENARIO_TYPES, { message: "must be 'operating' or 'proposed'" }),
  });
  const projectionsCommand = program.command('projections').description('Multi-year projections');
  projectionsCommand
    .command('generate')
    .description('Project the base year’s lines of one kind forward (replacing earlier projections)')
    .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
    .requiredOption('--type <type>', 'proposed or operating')
    .option('--to <year>', `last fiscal year to project (default: base year + ${DEFAULT_PROJECTION_YEARS})`)
    .option(...PROPOSED_BASE_FLAG)
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        budgetYear: string;
        type: string;
        to?: string;
        proposedBase?: string;
        json?: boolean;
      }) => {
        // This command always replaces earlier projections: `project` without --force refuses.
        await runProjections(program.opts().as, opts, true);
      },
    );
  projectionsCommand
    .command('fix-base-year')
    .description(
      'Move one kind of imported lines filed under the wrong fiscal year to the base year (later years and the roster move with them)',
    )
    .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
    .requiredOption('--type <type>', 'proposed or operating')
    .requiredOption('--to <year>', 'the correct base year, e.g. FY26')
    .option('--json', 'print the result as JSON')
    .action(async (opts: { budgetYear: string; type: string; to: string; json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { type } = parseFlags(kindFlag, { type: opts.type }, { type: '--type' });
        const year = await budgetYearNamed(app, actor, opts.budgetYear);
        const input = parseFlags(
          fixBaseYearBody,
          { budgetYearId: year.id, correctBaseYear: opts.to, isOperating: type === 'operating' },
          { correctBaseYear: '--to' },
        );
        const r = await projections.fixBaseYear(app, actor, input);
        if (opts.json) {
          printJson(r);
          return;
        }
        process.stdout.write(
          r.fromYear === r.toYear
            ? `The ${opts.type} lines are in ${fiscalYearLabel(r.toYear)} already: nothing moved; the base year is ${fiscalYearLabel(r.toYear)}.\n`
            : `Moved ${formatNumber(r.baseYearUpdated)} ${opts.type} lines from ${fiscalYearLabel(r.fromYear)} to ${fiscalYearLabel(r.toYear)}, ` +
                `${formatNumber(r.futureYearsUpdated)} later lines and ${formatNumber(r.positionsMoved)} positions with them.\n`,
        );
      });
    });
}
