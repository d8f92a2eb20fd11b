import type { Command } from 'commander';
import { formatDateTime } from '@shared/day-words';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import { countOf } from '@shared/count-words';
import { formatMoneyCents, formatNumber } from '@shared/money';
import { noSalaryLineText } from '@shared/salary-line-words';
import { ROSTER_PLACEMENT, rosterRateText } from '@shared/placement-words';
import * as s from '@shared/schemas/positions';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { Position, PositionDetail } from '@shared/schemas/positions';
import * as service from '@server/domains/positions';
import { withCli } from '../context';
import { budgetYearOrDefault, openingFiscalYearOf, fundNamed, workGroupNamed } from '../lookups';
import { parseFlags, printJson, printRows } from '../output';
import { buildingId, categoryId } from './positions-lookups';
import { registerPositionWriteCommands } from './positions-writes';

const cost = (p: Position) =>
  p.budgetedCost === null ? `unpriced: ${p.unpricedReason}` : formatMoneyCents(p.budgetedCost);

/** One position as a row of `positions list`. */
export const positionRow = (p: Position) => ({
  id: p.id,
  version: p.version,
  title: p.title,
  building: p.buildingName ?? 'District Wide',
  function: p.deseCode ?? '',
  category: p.categoryName ?? '',
  workGroup: p.workGroupName ?? '',
  fte: p.fte,
  status: p.status,
  holders: p.holders.map((h) => `${h.employeeName ?? `line ${h.lineItemId}`} (${h.fteShare})`).join('; '),
  cost: cost(p),
});

/** A position, the funds that pay it, its holders and its history, as `positions show` and every write print it. */
export function printPosition(p: PositionDetail, json: boolean): void {
  if (json) {
    printJson({ position: p });
    return;
  }
  const out = [
    `Position ${p.id} (version ${p.version}): ${p.title}, ${p.buildingName ?? 'District Wide'}, ${p.fte} FTE, ${p.status}`,
    `  Function ${p.deseCode ?? 'none'}; category ${p.categoryName ?? 'none'}; work group ${p.workGroupName ?? 'none'}`,
    `  Budgeted for ${fiscalYearLabel(p.costFiscalYear)}: ${cost(p)}` +
      (p.budgetedStep !== null
        ? ` (step ${p.budgetedStep}, lane ${p.budgetedLane}, from the ${p.placementSource === 'position' ? 'position' : 'work group'})`
        : p.placementSource === 'roster'
          ? ` (${ROSTER_PLACEMENT.toLowerCase()})`
          : ''),
    ...(p.vacancyRate === null
      ? []
      : [
          `  Roster rate: ${rosterRateText(p.vacancyRate)} (edit --clear-roster-rate to price it by step and lane)`,
        ]),
    // The funds that pay it by FTE share (the general fund's whole when none is set).
    ...p.fundShares.map(
      (f) =>
        `  Paid by ${f.fundName} (${f.fundCode}): ${f.fte} FTE, ${f.budgetedCost === null ? 'unpriced' : formatMoneyCents(f.budgetedCost)}`,
    ),
    ...p.holderDetails.map(
      (h) =>
        `  Held by ${h.employeeName ?? `line ${h.lineItemId}`} (line ${h.lineItemId}): ${h.fteShare} FTE, ${formatMoneyCents(h.budgetedCost)}`,
    ),
    ...p.history.map(
      (h) =>
        `  ${formatDateTime(h.createdAt)} ${h.actorName ?? ''}: ${h.action}${h.reason ? ` (${h.reason})` : ''}`,
    ),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

const listFlags = z.object({
  fiscalYear: z.string().min(1, 'Name the fiscal year, e.g. --fiscal-year FY26').optional(),
  budgetYear: z.string().optional(),
  fund: z.string().optional(),
  overFilled: z.boolean().optional(),
  unpriced: z.boolean().optional(),
  building: z.string().optional(),
  function: z.string().optional(),
  category: z.string().optional(),
  status: z.string().optional(),
  workGroup: z.string().optional(),
  search: z.string().optional(),
  limit: z.string().optional(),
  json: z.boolean().optional(),
});

/** `positions`: the roster of positions apart from the people who fill them. */
export function registerPositionCommands(program: Command): void {
  const cmd = program.command('positions').description('Positions: budgeted jobs, filled and vacant');

  cmd
    .command('list')
    .description("A fiscal year's positions, filtered as on the Positions screen, with totals")
    .option(
      '--fiscal-year <year>',
      "the roster's fiscal year, e.g. FY26 (default: the budget year's current one)",
    )
    .option(
      '--budget-year <label>',
      "the budget year (default: --fiscal-year's home, else the one the web app opens on)",
    )
    .option('--building <name>', 'a building (id, code or name; none: District Wide)')
    .option('--function <code>', 'a DESE function code, e.g. 2305')
    .option('--category <name>', 'a budget category (id or name; none: no salary line)')
    .option('--status <list>', 'statuses, comma separated: filled, vacant, posted, frozen, closed')
    .option('--over-filled', "only positions whose holders hold more FTE than the position's")
    .option('--unpriced', 'only vacancies with no budgeted cost (no schedule cell, or no step and lane)')
    .option('--fund <code>', 'only positions a fund pays a share of (its code or name)')
    .option('--work-group <name>', 'a work group')
    .option('--search <text>', 'title or holder name contains')
    .option('--limit <n>', 'the first N positions only')
    .option('--json', 'print JSON')
    .action(async (raw: Record<string, unknown>) => {
      const opts = parseFlags(listFlags, raw);
      await withCli(program.opts().as, async ({ app, actor }) => {
        const building =
          opts.building === undefined ? undefined : await buildingId(app, actor, opts.building);
        // Without --fiscal-year the roster the Positions screen opens on (openingFiscalYearOf); the
        // API needs the year, and finds its home itself when --budget-year is not given.
        const named =
          opts.budgetYear !== undefined || opts.fiscalYear === undefined
            ? await budgetYearOrDefault(app, actor, opts.budgetYear)
            : undefined;
        const fiscalYear = opts.fiscalYear ?? (named && (await openingFiscalYearOf(app, actor, named)));
        const query = parseFlags(
          s.positionListQuery,
          {
            fiscalYear,
            budgetYearId: named ? String(named.id) : undefined,
            fundId: opts.fund === undefined ? undefined : String(await fundNamed(app, actor, opts.fund)),
            overFilled: opts.overFilled ? 'true' : undefined,
            unpriced: opts.unpriced ? 'true' : undefined,
            buildingId: building === undefined ? undefined : building === null ? 'none' : String(building),
            deseCode: opts.function,
            categoryId: !opts.category
              ? undefined
              : opts.category === 'none'
                ? 'none'
                : String(await categoryId(app, actor, opts.category)),
            workGroupId: opts.workGroup
              ? String((await workGroupNamed(app, actor, opts.workGroup)).id)
              : undefined,
            status: opts.status,
            search: opts.search,
            limit: opts.limit,
          },
          { fiscalYear: '--fiscal-year', deseCode: '--function', status: '--status', limit: '--limit' },
        );
        const result = await service.listPositions(app, actor, query);
        if (opts.json) {
          printJson(result);
          return;
        }
        printRows(result.positions.map(positionRow), false);
        const t = result.totals;
        process.stdout.write(
          `${countOf(t.positions, 'position')}, ${formatNumber(t.fte)} FTE (${formatNumber(t.filledFte)} filled, ${formatNumber(t.vacantFte)} vacant or posted, ${formatNumber(t.frozenFte)} frozen); budgeted ${formatMoneyCents(t.budgetedCost)}${t.unpricedCount ? `, ${formatNumber(t.unpricedCount)} unpriced` : ''}${t.overFilledCount ? `, ${formatNumber(t.overFilledCount)} over-filled` : ''}\n`,
        );
        if (t.noSalaryLineCount) {
          // Cost the proposed budget leaves out: the salary lines' rule (server/sql/salary-line.ts).
          process.stdout.write(`Warning: ${noSalaryLineText(t)} (list them: --category none)\n`);
        }
        // The roster's cost that its budgeted year's locked salary lines do not hold: what every
        // position write says, said to whoever lists the roster (the server's words, whatever the filter).
        const { salaryLines } = await service.rosterSalaryLines(app, actor, {
          fiscalYear: result.fiscalYear,
          budgetYearId: result.budgetYearId,
        });
        if (salaryLines) {
          process.stdout.write(`Warning: ${salaryLines.message}\n`);
        }
      });
    });

  cmd
    .command('show')
    .description('A position with its holders and history')
    .argument('<id>', 'position id')
    .option('--json', 'print JSON')
    .action(async (rawId: string, opts: { json?: boolean }) => {
      const { id } = parseFlags(idParams, { id: rawId });
      await withCli(program.opts().as, async ({ app, actor }) => {
        printPosition((await service.getPosition(app, actor, id)).position, Boolean(opts.json));
      });
    });

  registerPositionWriteCommands(program, cmd);
}
