import type { Command } from 'commander';
import { z } from 'zod';
import {
  AI_PRIORITIES,
  SUGGESTION_LISTS,
  budgetCutsBody,
  type Analysis,
  type Suggestion,
} from '@server/schemas/ai-analysis';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';
import { analyzeBudgetCuts } from '@server/services/ai-analysis';
import { findBudgetYearByLabel } from '@server/services/budget-years';
import { withCli } from '../context';
import { parseFlags, printJson, printRows } from '../output';

/**
 * `budget-cli ai cuts`: the AI budget-cut analysis of the web's AI Analysis screen, through the same
 * service, with the --as user's own stored Claude key (the system actor has none). The result is
 * saved like one run from the screen, and can be reopened there.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Decimal text to the screen's currency format (display only; the figures stay exact text). */
const money = (text: string) => usd.format(Number(text));

const TITLES = { likelyNeeded: 'Likely needed', moderateNeed: 'Moderate need', deepCuts: 'Deep cuts' };

const drawsOn = (s: Suggestion) =>
  [
    ...s.lines.map((l) => `line ${l.id}`),
    ...s.groups.map((g) => `${g.position}${g.workGroup ? ` (${g.workGroup})` : ''} x${g.count}`),
  ].join(', ');

function printAnalysis(a: Analysis): void {
  const r = a.result;
  process.stdout.write(
    `AI analysis #${a.id}, ${a.budgetYear} budget, ${fiscalYearLabel(a.fiscalYear)}: target ${money(a.targetAmount)}\n` +
      `  Model ${a.model}, ${a.inputTokens} input and ${a.outputTokens} output tokens\n` +
      `  Analysed ${money(r.totalAnalyzed)}: proposed lines ${money(r.proposedTotal)} (${r.lineCount}), ` +
      `personnel ${money(r.personnelTotal)} (${r.groupCount} position groups; no names or individual salaries sent)\n` +
      `  Suggested savings ${money(r.totals.all)}\n` +
      (r.note ? `  Note: ${r.note}\n` : ''),
  );
  for (const list of SUGGESTION_LISTS) {
    process.stdout.write(`\n${TITLES[list]}: ${money(r.totals[list])}\n`);
    printRows(
      r[list].map((s) => ({
        key: s.key,
        savings: money(s.savings),
        description: s.description,
        'draws on': drawsOn(s),
        impact: s.impact,
      })),
      false,
    );
  }
  process.stdout.write(`\nDropped by the checks (${r.dropped.length})\n`);
  printRows(
    r.dropped.map((d) => ({ list: d.list ?? '', description: d.description, reason: d.reason })),
    false,
  );
}

export function registerAiCommands(program: Command): void {
  const cmd = program
    .command('ai')
    .description('AI budget-cut analysis with your own Claude API key (--as EMAIL)');

  cmd
    .command('cuts')
    .description(
      'Ask Claude for cuts reaching a target: the budget year’s proposed lines and its personnel by position and work group are sent (no names, no individual salaries); the answer is checked and saved',
    )
    .requiredOption('--budget-year <label>', 'budget year, e.g. FY26')
    .requiredOption('--target <dollars>', 'the reduction target in dollars, e.g. 1200000')
    .option(
      '--priority <text>',
      `a priority to protect (repeat; default all three: ${AI_PRIORITIES.join('; ')})`,
      (value: string, list: string[]) => [...list, value],
      [] as string[],
    )
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear: string; target: string; priority: string[]; json?: boolean }) => {
      // The API's own rules for the target and the priorities; a refusal names the flag.
      const flags = parseFlags(
        z.object({ target: budgetCutsBody.shape.targetAmount, priority: budgetCutsBody.shape.priorities }),
        { target: opts.target, priority: opts.priority.length ? opts.priority : undefined },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await findBudgetYearByLabel(app, actor, opts.budgetYear);
        process.stderr.write(
          `Asking Claude (${app.config.anthropicModel}); this can take a minute or two…\n`,
        );
        const { analysis } = await analyzeBudgetCuts(app, actor, {
          budgetYearId: year.id,
          targetAmount: flags.target,
          priorities: flags.priority,
        });
        if (opts.json) {
          printJson(analysis);
          return;
        }
        printAnalysis(analysis);
      });
    });
}
