import type { Command } from 'commander';
import { formatNumber } from '@shared/money';
import { fiscalYearsText } from '@shared/schemas/fiscal-year';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import { createScenarioBody } from '@shared/schemas/scenarios';
import { scenarios as scenarios } from '@server/domains/stages';
import { withCli } from '../context';
import { allBudgetYears, budgetYearNamed, budgetYearOrDefault } from '../lookups';
import { parseFlags, printJson, printRows } from '../output';

const budgetYearFlag = z.string().trim().min(1, 'Give a budget year such as FY26');

/** `budgets`: the budgets (scenarios) of a budget year, as on the Budget Management tab. */
export function registerBudgetCommands(program: Command): void {
  const cmd = program.command('budgets').description('Budgets (scenarios) of a budget year');

  cmd
    .command('list')
    .description('List the operating and proposed budgets of a budget year')
    .option('--budget-year <label>', 'budget year, e.g. FY26 (default: the one the web app opens on)')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; json?: boolean }) => {
      const label = parseFlags(z.object({ 'budget-year': budgetYearFlag.optional() }), {
        'budget-year': opts.budgetYear,
      })['budget-year'];
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await budgetYearOrDefault(app, actor, label);
        const { scenarios: list } = await scenarios.listScenarios(app, actor, { budgetYearId: year.id });
        if (opts.json) {
          printJson(list);
          return;
        }
        printRows(
          list.map((s) => ({
            id: s.id,
            type: s.scenarioType,
            name: s.name,
            active: s.isActive ? 'Active' : '',
            lines: s.lineItemCount,
            updated: s.updatedAt.slice(0, 10),
          })),
          false,
        );
        // A budget holds every fiscal year its budget year plans, so its count is several years'
        // lines (Budget Management's too), far more than one year's employees: say which years.
        const { homes } = await allBudgetYears(app, actor);
        const planned = homes
          .filter((h) => h.budgetYearId === year.id)
          .map((h) => h.fiscalYear)
          .sort((a, b) => a - b);
        const span = planned.length ? fiscalYearsText(planned[0], planned.at(-1)!) : '';
        if (list.length) {
          process.stdout.write(
            planned.length
              ? `Lines: each budget's own, in every fiscal year ${year.fiscalYear} plans (${span}), projected years included; \`line-items list --fiscal-year\` lists one year's.\n`
              : `Lines: ${year.fiscalYear} plans no fiscal year of its own, so its budgets hold none (\`budget-year list\` shows which budget year plans each).\n`,
          );
        }
      });
    });

  cmd
    .command('create')
    .description('Create a budget (inactive), empty or as a copy of the lines of a budget of the same type')
    .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
    .requiredOption('--type <type>', 'operating or proposed')
    .requiredOption('--name <name>', 'name of the new budget')
    .option('--description <text>', 'description')
    .option('--copy-from <id>', 'budget (scenario) id whose lines the new budget starts with')
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        budgetYear: string;
        type: string;
        name: string;
        description?: string;
        copyFrom?: string;
        json?: boolean;
      }) => {
        // The body's own field rules, under the flags' names, checked before the database opens.
        const body = createScenarioBody.shape;
        const flags = parseFlags(
          z.object({
            'budget-year': budgetYearFlag,
            type: body.scenarioType,
            name: body.name,
            description: body.description,
            'copy-from': idParams.shape.id.optional(),
          }),
          {
            'budget-year': opts.budgetYear,
            type: opts.type,
            name: opts.name,
            description: opts.description,
            'copy-from': opts.copyFrom,
          },
        );
        await withCli(program.opts().as, async ({ app, actor }) => {
          const year = await budgetYearNamed(app, actor, flags['budget-year']);
          // The API's own body schema: the CLI refuses what POST /scenarios refuses.
          const input = parseFlags(
            createScenarioBody,
            {
              budgetYearId: year.id,
              name: flags.name,
              description: flags.description,
              scenarioType: flags.type,
              copyFromScenarioId: flags['copy-from'],
            },
            { copyFromScenarioId: '--copy-from', scenarioType: '--type', budgetYearId: '--budget-year' },
          );
          const result = await scenarios.createScenario(app, actor, input);
          if (opts.json) {
            printJson(result);
            return;
          }
          const { scenario, copiedLineCount } = result;
          process.stdout.write(
            `Created the ${scenario.scenarioType} budget ${scenario.name} (id ${scenario.id}, inactive)` +
              `${input.copyFromScenarioId ? ` with ${formatNumber(copiedLineCount)} line${copiedLineCount === 1 ? '' : 's'} copied from budget ${input.copyFromScenarioId}` : ', empty'}.\n`,
          );
        });
      },
    );

  cmd
    .command('set-active')
    .description('Make a budget active; the active budget of the same type and budget year is deactivated')
    .argument('<id>', 'budget (scenario) id')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const params = parseFlags(idParams, { id });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const result = await scenarios.setActiveScenario(app, actor, params.id);
        if (opts.json) {
          printJson(result);
          return;
        }
        const { scenario, deactivatedId } = result;
        process.stdout.write(
          `${scenario.name} (id ${scenario.id}) is now the active ${scenario.scenarioType} budget` +
            `${deactivatedId === null ? '' : `; budget ${deactivatedId} was deactivated`}.\n`,
        );
      });
    });
}
