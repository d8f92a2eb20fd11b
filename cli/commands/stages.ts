import type { Command } from 'commander';
import { formatMoneyCents as formatMoney, formatNumber } from '@shared/money';
import {
  BUDGET_STAGES,
  STAGE_LABELS,
  advanceStageBody,
  reopenStageBody,
  snapshotParams,
  snapshotQuery,
  type StagesResponse,
} from '@shared/schemas/budget-stages';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { budgetStages as service } from '@server/domains/stages';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import type { Actor } from '@server/policies/index';
import { withCli } from '../context';
import { registerStageCompare } from './stage-compare';
import { budgetYearOrDefault, refuseUnplannedFiscalYear, yearsToRead } from '../lookups';
import { parseFlags, printJson, printRows } from '../output';

interface YearFlags {
  budgetYear?: string;
  fiscalYear: string;
  json?: boolean;
}

const readFlags = z.object({ fiscalYear: fiscalYearInput.optional() });

/**
 * A write's budget year: --budget-year, else --fiscal-year's home; a fiscal year no budget year
 * plans is refused naming the flag (refuseUnplannedFiscalYear), as `stage list` refuses it.
 */
async function budgetYearToWrite(app: AppContext, actor: Actor, opts: YearFlags) {
  const { fiscalYear } = parseFlags(
    z.object({ fiscalYear: fiscalYearInput }),
    { fiscalYear: opts.fiscalYear },
    { fiscalYear: '--fiscal-year' },
  );
  await refuseUnplannedFiscalYear(app, actor, fiscalYear);
  return budgetYearOrDefault(app, actor, opts.budgetYear, fiscalYear);
}

/**
 * --budget-year and --fiscal-year: a read (`stage list`, `stage compare`) defaults both to what
 * Budget Stages opens on (yearsToRead); a write (advance, reopen) names its fiscal year.
 */
function withYear(c: Command, read = false): Command {
  c.option(
    '--budget-year <label>',
    "budget year, e.g. FY27 (default: --fiscal-year's home, else the one the web app opens on)",
  );
  return (
    read
      ? c.option('--fiscal-year <year>', 'fiscal year, e.g. FY2027 (default: the budget year’s current one)')
      : c.requiredOption('--fiscal-year <year>', 'fiscal year, e.g. FY2027')
  ).option('--json', 'print JSON');
}

/** A stage's name as typed: its code, or its label as Budget Stages shows it, in any case, ’ or '. */
const spelled = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\s_-]+/g, ' ');

/**
 * --stage as the stage code the API takes: SCHOOL_COMMITTEE_ADOPTED, or the screen's words
 * ("School Committee Adopted", as `stage list` prints the next stage). Anything else goes to the
 * schema as typed, to be refused naming the flag.
 */
function stageFlag(text: string): string {
  const wanted = spelled(text);
  return BUDGET_STAGES.find((s) => spelled(s) === wanted || spelled(STAGE_LABELS[s]) === wanted) ?? text;
}

function printStages(res: StagesResponse, json: boolean): void {
  if (json) {
    printJson(res);
    return;
  }
  process.stdout.write(`${fiscalYearLabel(res.fiscalYear)}: ${res.current.caption}\n`);
  process.stdout.write(
    res.next.stage
      ? `Next stage: ${res.next.label} (stage advance --stage ${res.next.stage})\n`
      : `Next stage: none (${res.next.blocked})\n`,
  );
  printRows(
    res.events.map((e) => ({
      id: e.id,
      event: e.event,
      stage: e.stageLabel,
      date: e.date,
      by: e.createdBy,
      lines: e.lineCount ?? '',
      proposed: e.totals ? formatMoney(e.totals.proposedTotal) : '',
      note: e.note ?? '',
    })),
    false,
  );
}

/**
 * `stage list|advance|reopen|show`: a fiscal year's budget stages, through the service
 * the Budget Stages screen uses. Advancing and reopening are an administrator's (--as EMAIL, or the
 * system actor).
 */
export function registerStageCommands(program: Command): void {
  const cmd = program
    .command('stage')
    .description('Budget stages: recommended, adopted, appropriated, revised');
  withYear(
    cmd.command('list').description('Where a fiscal year stands, and every stage it went through'),
    true,
  ).action(async (opts: Partial<YearFlags>) => {
    const flags = parseFlags(readFlags, { fiscalYear: opts.fiscalYear }, { fiscalYear: '--fiscal-year' });
    await withCli(program.opts().as, async ({ app, actor }) => {
      const { year, fiscalYear } = await yearsToRead(app, actor, opts.budgetYear, flags.fiscalYear, 'lines');
      printStages(
        await service.listStages(app, actor, { budgetYearId: year.id, fiscalYear }),
        Boolean(opts.json),
      );
    });
  });

  withYear(cmd.command('advance').description('Move the fiscal year to its next stage, freezing a snapshot'))
    .requiredOption(
      '--stage <stage>',
      `the next stage, by its name or code: ${BUDGET_STAGES.filter((s) => s !== 'DRAFT')
        .map((s) => `"${STAGE_LABELS[s]}" (${s})`)
        .join(', ')}`,
    )
    .requiredOption('--date <date>', 'date of the vote or meeting, YYYY-MM-DD')
    .option('--note <text>', 'the vote, the meeting')
    .action(async (opts: YearFlags & { stage: string; date: string; note?: string }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const by = await budgetYearToWrite(app, actor, opts);
        const body = parseFlags(
          advanceStageBody,
          {
            budgetYearId: by.id,
            fiscalYear: opts.fiscalYear,
            stage: stageFlag(opts.stage),
            date: opts.date,
            note: opts.note,
          },
          { fiscalYear: '--fiscal-year', stage: '--stage', date: '--date', note: '--note' },
        );
        printStages(await service.advanceStage(app, actor, body), Boolean(opts.json));
      });
    });

  withYear(cmd.command('reopen').description('Reopen a voted fiscal year for changes, with a reason'))
    .requiredOption('--reason <text>', 'why (recorded in the audit and security logs)')
    .action(async (opts: YearFlags & { reason: string }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const by = await budgetYearToWrite(app, actor, opts);
        const body = parseFlags(
          reopenStageBody,
          { budgetYearId: by.id, fiscalYear: opts.fiscalYear, reason: opts.reason },
          { fiscalYear: '--fiscal-year', reason: '--reason' },
        );
        printStages(await service.reopenStage(app, actor, body), Boolean(opts.json));
      });
    });

  cmd
    .command('show')
    .description('The lines and totals a stage froze (its id from `stage list`)')
    .argument('<id>', 'stage id')
    .option('--kind <kind>', 'employee, proposed or all', 'all')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { kind: string; json?: boolean }) => {
      const { kind } = parseFlags(snapshotQuery, { kind: opts.kind }, { kind: '--kind' });
      const stageId = parseFlags(snapshotParams, { id }, { id: '<id>' }).id;
      await withCli(program.opts().as, async ({ app, actor }) => {
        const snap = await service.showSnapshot(app, actor, stageId, kind);
        if (opts.json) {
          printJson(snap);
          return;
        }
        const t = snap.stage.totals!;
        process.stdout.write(
          `${snap.stage.stageLabel}, ${fiscalYearLabel(snap.fiscalYear)}, ${snap.stage.date} (recorded by ${snap.stage.createdBy})\n` +
            `Proposed budget ${formatMoney(t.proposedTotal)} in ${formatNumber(t.proposedCount)} lines; ` +
            `${formatNumber(t.employeeCount)} employees, salaries ${formatMoney(t.salaryTotal)}\n`,
        );
        printRows(
          snap.lines.map((l) => ({
            line: l.lineId,
            kind: l.isOperating ? 'employee' : 'proposed',
            name: l.isOperating
              ? `${l.lastName ?? ''}, ${l.firstName ?? ''}`
              : (l.accountDescription ?? l.name ?? ''),
            category: l.categoryName ?? '',
            building: l.buildingName ?? 'District Wide',
            amount: formatMoney((l.isOperating ? l.currentSalary : l.amount) ?? 0),
          })),
          false,
        );
      });
    });

  registerStageCompare(program, cmd, withYear);
}
