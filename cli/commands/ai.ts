import type { Command } from 'commander';
import { formatDateTime } from '@shared/day-words';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import { cutTargetCents } from '@shared/budget-math';
import type { Actor } from '@server/policies/index';
import { idParams } from '@shared/schemas/common';
import {
  AI_PRIORITIES,
  SUGGESTION_LISTS,
  analysesQuery,
  budgetCutsBody,
  type Analysis,
  type Suggestion,
} from '@shared/schemas/ai-analysis';
import { centsOf, centsText, formatMoneyCents as money, fromCents, formatNumber } from '@shared/money';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { analysedFundsNote } from '@shared/schemas/fund-words';
import { analyzeBudgetCuts, getAnalysis, listAnalyses } from '@server/domains/ai';
import { budgetSummary } from '@server/domains/budgets';
import { budgetYearOrDefault } from '../lookups';
import { withCli } from '../context';
import { parseFlags, printJson, printRows } from '../output';
import { registerAiKeyCommands } from './ai-key';

/**
 * `budget-cli ai cuts|list|show`: the AI budget-cut analysis of the web's AI Analysis screen, through the same
 * service, with the --as user's own stored Claude key (the system actor has none). The result is
 * saved like one run from the screen, and can be reopened there.
 */

const TITLES = { likelyNeeded: 'Likely needed', moderateNeed: 'Moderate need', deepCuts: 'Deep cuts' };

const drawsOn = (s: Suggestion) =>
  [
    ...s.lines.map((l) => `line ${l.id}`),
    ...s.groups.map((g) => `${g.position}${g.workGroup ? ` (${g.workGroup})` : ''} x${g.count}`),
  ].join(', ');

function printAnalysis(a: Analysis): void {
  const r = a.result;
  const fundsNote = analysedFundsNote(r.otherFunds, money);
  process.stdout.write(
    `AI analysis #${a.id}, ${a.budgetYear} budget, ${fiscalYearLabel(a.fiscalYear)}: target ${money(a.targetAmount)}\n` +
      `  Model ${a.model}, ${a.inputTokens} input and ${a.outputTokens} output tokens\n` +
      `  Analysed ${money(r.totalAnalyzed)}: ${r.lineCount} proposed lines; of it, personnel ${money(r.personnelTotal)} ` +
      `described in ${formatNumber(r.groupCount)} position groups (no names or individual salaries sent)\n` +
      `  Suggested savings ${money(r.totals.all)}\n` +
      (r.note ? `  Note: ${r.note}\n` : '') +
      (fundsNote ? `  ${fundsNote}\n` : ''),
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
      'Ask Claude for cuts reaching a target: the fiscal year’s proposed lines and its personnel by position and work group are sent (no names, no individual salaries); the answer is checked and saved',
    )
    .option('--budget-year <label>', 'budget year, e.g. FY26 (default: the one the web app opens on)')
    .option(
      '--fiscal-year <FY>',
      "the fiscal year to analyse, e.g. FY27 (default: the budget year's current one)",
    )
    .option(
      '--target <dollars>',
      "the reduction target, e.g. 1200000, 1,200,000 or 1.2M (default: what the year's budget is over its town goal)",
    )
    .option(
      '--priority <text>',
      `a priority to protect (repeat; default all three: ${AI_PRIORITIES.join('; ')})`,
      (value: string, list: string[]) => [...list, value],
      [] as string[],
    )
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        budgetYear?: string;
        fiscalYear?: string;
        target?: string;
        priority: string[];
        json?: boolean;
      }) => {
        // The API's own rules for the year, the target and the priorities; a refusal names the flag.
        const flags = parseFlags(
          z.object({
            fiscalYear: budgetCutsBody.shape.fiscalYear,
            target: budgetCutsBody.shape.targetAmount.optional(),
            priority: budgetCutsBody.shape.priorities,
          }),
          {
            fiscalYear: opts.fiscalYear,
            target: opts.target,
            priority: opts.priority.length ? opts.priority : undefined,
          },
        );
        await withCli(program.opts().as, async ({ app, actor }) => {
          const year = await budgetYearOrDefault(app, actor, opts.budgetYear);
          const fiscalYear = flags.fiscalYear ?? year.currentFiscalYear ?? undefined;
          const target = flags.target ?? (await yearTarget(app, actor, year.id, fiscalYear));
          const { analysis } = await analyzeBudgetCuts(
            app,
            actor,
            { budgetYearId: year.id, fiscalYear, targetAmount: target, priorities: flags.priority },
            {
              // Only once the key, the role and the year have passed: a refusal never says 'Asking'.
              onAsk: () =>
                process.stderr.write(
                  `Asking Claude (${app.config.anthropicModel}); this can take a minute or two…\n`,
                ),
            },
          );
          if (opts.json) {
            printJson(analysis);
            return;
          }
          printAnalysis(analysis);
        });
      },
    );

  cmd
    .command('list')
    .description('Recent saved analyses, newest first (of one budget year with --budget-year)')
    .option('--budget-year <label>', 'only this budget year, e.g. FY26')
    .option('--limit <n>', 'how many (at most 100)')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; limit?: string; json?: boolean }) => {
      const query = parseFlags(analysesQuery, { limit: opts.limit });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYearId = opts.budgetYear
          ? (await budgetYearOrDefault(app, actor, opts.budgetYear)).id
          : undefined;
        const { analyses } = await listAnalyses(app, actor, { ...query, budgetYearId });
        printRows(
          analyses.map((a) => ({
            id: a.id,
            when: formatDateTime(a.createdAt, ''),
            by: a.createdBy ?? '',
            budgetYear: a.budgetYear,
            fiscalYear: fiscalYearLabel(a.fiscalYear),
            target: opts.json ? a.targetAmount : money(a.targetAmount),
            savings: opts.json ? a.totalSavings : money(a.totalSavings),
          })),
          Boolean(opts.json),
        );
      });
    });

  cmd
    .command('show')
    .description(
      'One saved analysis, as `ai cuts` printed it (read from the record; Claude is not asked again)',
    )
    .argument('<id>', 'the analysis id (ai list)')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const params = parseFlags(idParams, { id }, { id: 'id' });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { analysis } = await getAnalysis(app, actor, params.id);
        if (opts.json) {
          printJson(analysis);
          return;
        }
        printAnalysis(analysis);
      });
    });

  registerAiKeyCommands(cmd, program);
}

/** What the year's budget is over its town goal (cutTargetCents), or a refusal asking for --target. */
async function yearTarget(
  app: AppContext,
  actor: Actor,
  budgetYearId: number,
  fiscalYear: number | undefined,
) {
  const summary = await budgetSummary(app, actor, { budgetYearId, fiscalYear: fiscalYear! });
  const gap = summary.guidanceGap;
  const cents = cutTargetCents(gap === null ? null : centsOf(gap), summary.hasTownGoal);
  const label = fiscalYearLabel(fiscalYear!);
  if (cents === null) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      summary.hasTownGoal
        ? `${label}'s budget is not over its town goal: give --target`
        : `${label} has no town goal: give --target`,
    );
  }
  process.stderr.write(`Target ${money(fromCents(cents))}: what ${label}'s budget is over its town goal\n`);
  return centsText(cents);
}
