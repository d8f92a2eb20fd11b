import type { Command } from 'commander';
import { AppError } from '@server/errors';
import { formatMoneyCents as money, formatNumber } from '@shared/money';
import { NO_LINES_YET, NO_TOWN_GOAL } from '@shared/budget-math';
import { staffGapText } from '@shared/gap-words';
import { fromCents, toCents } from '@shared/schemas/common';
import {
  createCutScenarioBody,
  quickCutBody,
  type CutScenario,
  type ScenarioSummary,
} from '@shared/schemas/cut-scenarios';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { listBudgetCategories } from '@server/domains/budgets';
import { budgetYearOrDefault, budgetYearToRead } from '../lookups';
import { cutScenarios as cuts } from '@server/domains/planning';
import { cutScenariosCalc as calc } from '@server/domains/planning';
import { withCli } from '../context';
import { registerAdoptionCommands } from './adoptions';
import { registerScenarioPositionCommands } from './scenario-positions';
import { fiscalYearFlag, parseCuts, scenarioNamed, unknownScenario } from './scenarios-flags';
import { parseFlags, printJson, printRows } from '../output';

const pct = (v: number) => `${v}%`;

/**
 * The scenario's gap in the words the dashboard says its gap (staffGapText: its gap, general fund
 * adjusted - goal, is the dashboard's negated), never a signed number; a year with no lines has not
 * started, a year with no town goal has no gap (null: scenarioStatus), never a gap against $0.
 */
const gapText = (s: ScenarioSummary) => {
  const fy = fiscalYearLabel(s.fiscalYear);
  if (s.lineCount === 0) {
    return `${NO_LINES_YET} in ${fy}: import the payroll or the proposed budget`;
  }
  if (s.gap === null) {
    return `${NO_TOWN_GOAL} for ${fy} (budget-cli town-goals set --fiscal-year ${fy})`;
  }
  return staffGapText(-s.gap, money);
};

/** Meets goal in the list: not started (no lines), no goal to meet, yes or no. */
const meetsText = (s: ScenarioSummary) =>
  s.lineCount === 0
    ? NO_LINES_YET.toLowerCase()
    : s.meetsGoal === null
      ? NO_TOWN_GOAL.toLowerCase()
      : s.meetsGoal
        ? 'yes'
        : 'no';

const summaryRow = (s: CutScenario) => ({
  id: s.id,
  name: s.name,
  fy: fiscalYearLabel(s.fiscalYear),
  active: s.isActive ? 'yes' : '',
  original: money(s.summary.originalTotal),
  cuts: money(s.summary.totalCuts),
  adjusted: money(s.summary.adjustedTotal),
  goal: s.summary.hasTownGoal ? money(s.summary.townGoal) : 'not set',
  gap: s.summary.gap === null ? NO_TOWN_GOAL.toLowerCase() : staffGapText(-s.summary.gap, money),
  meetsGoal: meetsText(s.summary),
  linesCut: formatNumber(s.summary.itemsModified),
});

function printSummary(s: CutScenario, budgetYear: string): void {
  const m = s.summary;
  process.stdout.write(
    `Scenario '${s.name}' (#${s.id}), ${budgetYear} budget, ${fiscalYearLabel(s.fiscalYear)}${s.isActive ? ', the active plan' : ''}\n` +
      `  Original total          ${money(m.originalTotal)} (${formatNumber(m.lineCount)} lines)\n` +
      `  Town goal               ${m.hasTownGoal ? money(m.townGoal) : 'not set'}\n` +
      `  Total cuts              ${money(m.totalCuts)} (${formatNumber(m.itemsModified)} line${m.itemsModified === 1 ? '' : 's'} cut)\n` +
      `  Adjusted total          ${money(m.adjustedTotal)}\n` +
      (m.positionChanges
        ? `  Positions cut, added    ${money(m.positionsNet)} (${formatNumber(m.positionChanges)} change${m.positionChanges === 1 ? '' : 's'}: what the cuts save less what the adds cost, in the totals above)\n`
        : '') +
      `  General fund adjusted   ${money(m.goalTotal)} (what the goal is compared with)\n` +
      `  Gap                     ${gapText(m)}\n`,
  );
}

/** `scenarios list|show|apply`: the Scenario Builder's saved cut scenarios, through its services. */
export function registerScenarioCommands(program: Command): void {
  const cmd = program
    .command('scenarios')
    .description('Scenario Builder: cut scenarios against the town goal');

  cmd
    .command('list')
    .description('List the cut scenarios of a budget year with their summaries against the town goal')
    .option('--budget-year <label>', 'budget year, e.g. FY26 (default: the one the web app opens on)')
    .option('--fiscal-year <year>', 'only this fiscal year’s (default: every year’s)')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const fiscalYear = fiscalYearFlag(opts.fiscalYear);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await budgetYearToRead(app, actor, opts.budgetYear, fiscalYear);
        const { scenarios } = await cuts.listCutScenarios(app, actor, year.id, fiscalYear);
        printRows(opts.json ? scenarios : scenarios.map(summaryRow), Boolean(opts.json));
      });
    });

  cmd
    .command('show')
    .description('A cut scenario: its summary, its cuts by category and the lines it cuts')
    .argument('<name>', 'the scenario’s name (case-insensitive)')
    .option('--budget-year <label>', 'budget year, e.g. FY26 (default: the one the web app opens on)')
    .option('--fiscal-year <year>', 'its fiscal year, when the name is used in more than one')
    .option('--json', 'print JSON')
    .action(async (name: string, opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const fiscalYear = fiscalYearFlag(opts.fiscalYear);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
        const found = await scenarioNamed(app, actor, year, name, fiscalYear);
        if (!found) {
          throw await unknownScenario(app, actor, year, name, fiscalYear);
        }
        const base = await calc.baseline(app, actor, { budgetYearId: year.id, scenarioId: found.id });
        const byCategory = await calc.compare(app, actor, [found.id]);
        const scenario = base.scenario ?? found;
        const categories = byCategory.categories.map((c) => ({
          categoryId: c.categoryId,
          category: c.category,
          original: c.original,
          adjusted: c.scenarios[0].adjusted,
          // original - adjusted in cents (never '-$0.00').
          cut: fromCents(toCents(c.original)! - toCents(c.scenarios[0].adjusted)!),
        }));
        const cutLines = base.lines.filter((l) => l.percentKept < 100);
        if (opts.json) {
          printJson({ scenario, categories, lines: cutLines });
          return;
        }
        printSummary(scenario, year.fiscalYear);
        process.stdout.write('\nBy category\n');
        printRows(
          categories.map((c) => ({
            category: c.category,
            original: money(c.original),
            adjusted: money(c.adjusted),
            cut: money(c.cut),
          })),
          false,
        );
        process.stdout.write(`\nLines cut (${cutLines.length})\n`);
        printRows(
          cutLines.map((l) => ({
            id: l.id,
            description: l.accountDesc ?? '',
            category: l.category?.name ?? '',
            building: l.building?.name ?? '',
            amount: money(l.fy26ProposedV3),
            kept: pct(l.percentKept),
            floor: l.floorPercent ? pct(l.floorPercent) : '',
            adjusted: money(l.adjustedAmount),
            cut: money(l.cut),
          })),
          false,
        );
      });
    });

  cmd
    .command('apply')
    .description(
      'Cut whole categories in a scenario (as the quick cuts do): each line keeps 100 - PERCENT, or its floor when that is higher',
    )
    .argument('<name>', 'the scenario’s name (case-insensitive)')
    .option('--budget-year <label>', 'budget year, e.g. FY26 (default: the one the web app opens on)')
    .requiredOption(
      '--cut <category=percent>',
      'the percent of a category to CUT: Supplies=25 keeps 75% of each Supplies line; repeat for more categories; =0 restores one',
      (value: string, list: string[] = []) => [...list, value],
    )
    .option('--create', 'create the scenario first when none has this name')
    .option('--fiscal-year <year>', 'the scenario’s fiscal year (default: the budget year’s current one)')
    .option('--json', 'print JSON')
    .action(
      async (
        name: string,
        opts: { budgetYear?: string; cut: string[]; create?: boolean; fiscalYear?: string; json?: boolean },
      ) => {
        const fiscalYear = fiscalYearFlag(opts.fiscalYear);
        const wanted = parseCuts(opts.cut);
        await withCli(program.opts().as, async ({ app, actor }) => {
          const year = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
          // Everything is looked up and checked before the first write, so a refusal writes nothing.
          const { categories } = await listBudgetCategories(app, actor);
          const plan = wanted.map((c) => {
            const category = categories.find((k) => k.name.toLowerCase() === c.category.toLowerCase());
            if (!category) {
              throw new AppError(
                404,
                'NOT_FOUND',
                `No budget category ${c.category} (there are: ${categories.map((k) => k.name).join(', ') || 'none'})`,
              );
            }
            const keptHundredths = 10000n - c.cutHundredths;
            return {
              category,
              cutPercent: fromCents(c.cutHundredths),
              body: parseFlags(quickCutBody, { categoryId: category.id, percent: fromCents(keptHundredths) }),
            };
          });
          let scenario = await scenarioNamed(app, actor, year, name, fiscalYear);
          let created = false;
          if (!scenario) {
            if (!opts.create) {
              throw await unknownScenario(app, actor, year, name, fiscalYear);
            }
            const input = parseFlags(createCutScenarioBody, { budgetYearId: year.id, fiscalYear, name });
            scenario = (await cuts.createCutScenario(app, actor, input)).scenario;
            created = true;
          }
          const results = [];
          for (const p of plan) {
            const r = await cuts.quickCut(app, actor, scenario.id, p.body);
            scenario = r.scenario;
            results.push({
              categoryId: p.category.id,
              category: p.category.name,
              cutPercent: p.cutPercent,
              percentKept: p.body.percent,
              linesChanged: r.linesChanged,
              heldByFloor: r.heldByFloor,
              notCutByFloor: r.notCutByFloor,
            });
          }
          if (opts.json) {
            printJson({ created, scenario, cuts: results });
            return;
          }
          if (created) {
            process.stdout.write(`Created cut scenario '${scenario.name}' (#${scenario.id}).\n`);
          }
          for (const r of results) {
            process.stdout.write(
              `${r.category}: cut ${pct(r.cutPercent)} (each line keeps ${pct(r.percentKept)}); ${r.linesChanged} line${r.linesChanged === 1 ? '' : 's'} changed` +
                (r.heldByFloor
                  ? `; ${r.heldByFloor} held at their floor, ${money(r.notCutByFloor)} not cut`
                  : '') +
                '.\n',
            );
          }
          printSummary(scenario, year.fiscalYear);
        });
      },
    );
  registerAdoptionCommands(cmd, program);
  registerScenarioPositionCommands(cmd, program);
}
