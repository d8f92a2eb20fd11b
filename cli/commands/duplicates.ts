import type { Command } from 'commander';
import { formatNumber } from '@shared/money';
import { z } from 'zod';
import { MERGE_RULES, type RuleRecord } from '@shared/schemas/duplicates';
import { fiscalYearInput } from '@shared/schemas/fiscal-year';
import { mergeByRule } from '@server/domains/line-items';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { parseFlags, printJson, printRows } from '../output';

const mergeFlags = z.object({
  'budget-year': z.string().trim().min(1, 'Give a budget year such as FY26'),
  'fiscal-year': fiscalYearInput.optional(),
  rule: z.enum(MERGE_RULES, { message: `Use one of ${MERGE_RULES.join(', ')}` }),
});

/** 'Last, First (#12, imported)'. */
const describe = (r: RuleRecord) =>
  `${[r.lastName, r.firstName].filter(Boolean).join(', ')} (#${r.id}, ${r.source})`;

/** `duplicates`: the Duplicate Checker's merge by rule, for the hundreds of groups an import can leave. */
export function registerDuplicateCommands(program: Command): void {
  const cmd = program
    .command('duplicates')
    .description('Merge likely duplicate employee records by a rule (Data Quality)');

  cmd
    .command('merge')
    .description(
      'Merge every duplicate group the rule decides, in one transaction; groups it cannot decide are listed and left alone',
    )
    .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
    .requiredOption('--rule <rule>', `which record to keep: ${MERGE_RULES.join(', ')}`)
    .option('--fiscal-year <year>', 'only this fiscal year (default: each fiscal year separately)')
    .option('--dry-run', 'show what would be merged, and change nothing')
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        budgetYear: string;
        rule: string;
        fiscalYear?: string;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        const flags = parseFlags(mergeFlags, {
          'budget-year': opts.budgetYear,
          'fiscal-year': opts.fiscalYear,
          rule: opts.rule,
        });
        await withCli(program.opts().as, async ({ app, actor }) => {
          const year = await budgetYearNamed(app, actor, flags['budget-year']);
          const result = await mergeByRule(app, actor, {
            budgetYearId: year.id,
            fiscalYear: flags['fiscal-year'],
            rule: flags.rule,
            dryRun: Boolean(opts.dryRun),
          });
          if (opts.json) {
            printJson(result);
            return;
          }
          printRows(
            [
              ...result.merges.map((m) => ({
                fy: m.fiscalYear,
                keep: describe(m.records[0]),
                remove: m.records.slice(1).map(describe).join('; '),
                skipped: '',
              })),
              ...result.skipped.map((s) => ({
                fy: s.fiscalYear,
                keep: '',
                remove: s.records.map(describe).join('; '),
                skipped: s.reason,
              })),
            ],
            false,
          );
          const verb = result.dryRun ? 'Would merge' : 'Merged';
          process.stdout.write(
            `${verb} ${formatNumber(result.mergedGroupCount)} of ${formatNumber(result.groupCount)} group(s), removing ` +
              `${formatNumber(result.removedRecordCount)} record(s); ${formatNumber(result.skippedGroupCount)} skipped.` +
              `${result.dryRun ? ' Nothing was changed (dry run).' : ''}\n`,
          );
        });
      },
    );
}
