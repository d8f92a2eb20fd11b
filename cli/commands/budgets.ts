import type { Command } from 'commander';
import { z } from 'zod';
import { idParams } from '@server/schemas/common';
import { findBudgetYearByLabel } from '@server/services/budget-years';
import * as scenarios from '@server/services/scenarios';
import { withCli } from '../context';
import { parseFlags, printRows } from '../output';

const budgetYearFlag = z.string().trim().min(1, 'Give a budget year such as FY26');

/** `budgets`: the budgets (scenarios) of a budget year, as on the Budget Management tab. */
export function registerBudgetCommands(program: Command): void {
  const cmd = program.command('budgets').description('Budgets (scenarios) of a budget year');

  cmd
    .command('list')
    .description('List the operating and proposed budgets of a budget year')
    .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear: string; json?: boolean }) => {
      const label = parseFlags(z.object({ 'budget-year': budgetYearFlag }), {
        'budget-year': opts.budgetYear,
      })['budget-year'];
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await findBudgetYearByLabel(app, actor, label);
        const { scenarios: list } = await scenarios.listScenarios(app, actor, { budgetYearId: year.id });
        printRows(
          opts.json
            ? list
            : list.map((s) => ({
                id: s.id,
                type: s.scenarioType,
                name: s.name,
                active: s.isActive ? 'Active' : '',
                lines: s.lineItemCount,
                updated: s.updatedAt.slice(0, 10),
              })),
          Boolean(opts.json),
        );
      });
    });

  cmd
    .command('set-active')
    .description('Make a budget active; the active budget of the same type and budget year is deactivated')
    .argument('<id>', 'budget (scenario) id')
    .action(async (id: string) => {
      const params = parseFlags(idParams, { id });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { scenario, deactivatedId } = await scenarios.setActiveScenario(app, actor, params.id);
        process.stdout.write(
          `${scenario.name} (id ${scenario.id}) is now the active ${scenario.scenarioType} budget` +
            `${deactivatedId === null ? '' : `; budget ${deactivatedId} was deactivated`}.\n`,
        );
      });
    });
}
