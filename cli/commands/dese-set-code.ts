import type { Command } from 'commander';
import { formatNumber } from '@shared/money';
import { z } from 'zod';
import { AppError } from '@server/errors';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { bulkFunctionCodeBody } from '@shared/schemas/function-codes';
import type { AnyLineItem } from '@shared/schemas/line-items';
import { lineItems as items } from '@server/domains/line-items';
import { functionCodes } from '@server/domains/massachusetts';
import { withCli } from '../context';
import { budgetYearOrDefault } from '../lookups';
import { parseFlags, printJson } from '../output';

// The code is checked before the database opens, with the API's own field rule.
const setCodeFlags = bulkFunctionCodeBody.pick({ functionCode: true }).extend({
  fiscalYear: fiscalYearInput,
  type: z.enum(['operating', 'proposed', 'all'], { message: 'Use operating, proposed or all' }),
});

interface SetCodeOptions {
  budgetYear?: string;
  fiscalYear?: string;
  type: string;
  code: string;
  json?: boolean;
}

/**
 * `dese set-code --fiscal-year FY2025 --code 2305 [--type operating]`: the budget grid's 'Set
 * function code' over every line of the year still without a code, through the service
 * POST /line-items/bulk-function-code uses (one transaction, each line audited). The lines are the
 * grid's (the active budgets), found through the grid's own list.
 */
export function registerDeseSetCode(cmd: Command, program: Command): void {
  cmd
    .command('set-code')
    .description(
      'Give every line of a fiscal year without a DESE function code this code (as Set function code does)',
    )
    .option('--budget-year <label>', 'budget year, e.g. FY27 (default: the fiscal year’s home)')
    .requiredOption('--fiscal-year <year>', 'fiscal year, e.g. FY2027')
    .option('--type <type>', 'operating (employees), proposed or all', 'all')
    .requiredOption('--code <code>', 'the DESE function code, e.g. 2305')
    .option('--json', 'print JSON')
    .action(async (opts: SetCodeOptions) => {
      const flags = parseFlags(
        setCodeFlags,
        { fiscalYear: opts.fiscalYear, type: opts.type, functionCode: opts.code },
        { fiscalYear: '--fiscal-year', type: '--type', functionCode: '--code' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const by = await budgetYearOrDefault(app, actor, opts.budgetYear, flags.fiscalYear);
        const kinds = flags.type === 'all' ? [true, false] : [flags.type === 'operating'];
        const itemIds: number[] = [];
        for (const isOperating of kinds) {
          const query = { budgetYearId: by.id, fiscalYear: flags.fiscalYear, isOperating };
          const text = (await items.listBudgetLineItemsJson(app, actor, query)).toString('utf8');
          const { lineItems } = JSON.parse(text) as { lineItems: AnyLineItem[] };
          itemIds.push(...lineItems.filter((l) => l.deseCode === null).map((l) => l.id));
        }
        if (!itemIds.length) {
          throw new AppError(
            404,
            'NOT_FOUND',
            `Every line of ${fiscalYearLabel(flags.fiscalYear)} in budget year ${by.fiscalYear} has a function code already`,
          );
        }
        const body = parseFlags(
          bulkFunctionCodeBody,
          { itemIds, functionCode: flags.functionCode },
          { functionCode: '--code', itemIds: '--fiscal-year' },
        );
        const res = await functionCodes.bulkSetFunctionCode(app, actor, body);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(
          `Gave ${formatNumber(res.count)} lines of ${fiscalYearLabel(flags.fiscalYear)} function code ${body.functionCode}\n`,
        );
      });
    });
}
