import type { Command } from 'commander';
import { formatNumber } from '@shared/money';
import { z } from 'zod';
import { CONTRACT_STATUSES, idParams } from '@shared/schemas/common';
import {
  DEFAULT_CONTRACT_END_YEAR,
  DEFAULT_CONTRACT_START_YEAR,
  contractBody,
  contractStatusBody,
  type Contract,
} from '@shared/schemas/contracts';
import { fiscalYearInput, fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { contracts as contracts } from '@server/domains/planning';
import { withCli } from '../context';
import { workGroupNamed } from '../lookups';
import { noteLockedLines, parseFlags, printJson, printRows } from '../output';

/** A comma-separated list of percents ('3,2.5,2'): numbers where the text is one, else the text for the schema to refuse. */
const percents = (text: string) =>
  text.split(',').map((p) => (/^\s*\d+(\.\d+)?\s*$/.test(p) ? Number(p) : p.trim()));

/**
 * --supersedes as typed: a number where the text is one, else the text, for the schema to refuse
 * naming supersedesContractId ('' names no contract); absent stays absent.
 */
/** The flag of each contract field whose name differs from it, so a refusal names what was typed. */
const CONTRACT_FLAGS = {
  supersedesContractId: '--supersedes',
  yearlyIncreases: '--cola',
  startYear: '--start',
  endYear: '--end',
  workGroupId: '--work-group',
};

const supersedes = (text: string | undefined) =>
  text === undefined ? undefined : /^\s*\d+\s*$/.test(text) ? Number(text) : text;

const SUPERSEDES_HELP =
  'id of the settled contract of the same work group this one replaces where their years overlap (it is kept, marked superseded, and promises nothing)';

/** --status as the screens show it ('Settled') or as the API spells it ('SETTLED'). */
const statusFlag = (status: string | undefined) => status?.trim().toUpperCase();

const statusText = (c: Contract) =>
  c.supersededBy ? `${c.status} (superseded by #${c.supersededBy.id})` : c.status;

const rows = (list: Contract[]) =>
  list.map((c) => ({
    id: c.id,
    name: c.name,
    workGroup: c.workGroup ?? '',
    years: `${label(c.startYear)}-${label(c.endYear)}`,
    status: statusText(c),
    settled: c.settlementDate ?? '',
    cola: c.colaSettings.map((r) => `${label(r.fiscalYear)} ${r.colaPercentage}%`).join(', '),
  }));

function printSaved(
  verb: string,
  r: { contract: Contract; recomputedLines: number; salaryLines?: SalaryLinesLocked },
  json: boolean | undefined,
) {
  // The recomputed salaries move the roster's cost: a voted year's salary lines do not have it.
  noteLockedLines(r);
  if (json) {
    printJson(r);
    return;
  }
  printRows(rows([r.contract]), false);
  process.stdout.write(
    `${verb} contract #${r.contract.id}; ${formatNumber(r.recomputedLines)} automatic next-year salar${r.recomputedLines === 1 ? 'y' : 'ies'} recomputed.\n`,
  );
}

/** `contracts list|add|set-status|delete`: union contracts, as on COLA Management's Contracts tab. */
export function registerContractCommands(program: Command): void {
  const cmd = program.command('contracts').description('Union contracts and their yearly COLA');

  cmd
    .command('list')
    .description('List contracts with their COLA by fiscal year')
    .option('--work-group <name>', 'only this work group’s')
    .option('--status <status>', `only this status (${CONTRACT_STATUSES.join(', ')})`)
    .option('--json', 'print JSON')
    .action(async (opts: { workGroup?: string; status?: string; json?: boolean }) => {
      const { status } = parseFlags(
        z.object({ status: z.enum(CONTRACT_STATUSES).optional() }),
        { status: statusFlag(opts.status) },
        { status: '--status' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const workGroupId = opts.workGroup
          ? (await workGroupNamed(app, actor, opts.workGroup)).id
          : undefined;
        const list = (await contracts.listContracts(app, actor, { workGroupId, status })).contracts;
        printRows(opts.json ? list : rows(list), opts.json ?? false);
      });
    });

  cmd
    .command('add')
    .description('Add a contract; recomputes its work group’s automatic next-year salaries')
    .requiredOption('--name <name>', 'the contract’s name, e.g. "Teachers Association 2027-2029"')
    .requiredOption('--work-group <name>', 'the work group it covers, e.g. Teachers')
    .requiredOption('--cola <percents>', 'COLA percent for each fiscal year from start to end, e.g. 3,2.5,2')
    .option('--start <year>', 'first fiscal year, e.g. FY27 or 2027', label(DEFAULT_CONTRACT_START_YEAR))
    .option('--end <year>', 'last fiscal year, e.g. FY29 or 2029', label(DEFAULT_CONTRACT_END_YEAR))
    .option('--status <status>', CONTRACT_STATUSES.join(', '), 'NEGOTIATING')
    .option('--settlement-date <date>', 'YYYY-MM-DD, only with --status SETTLED')
    .option('--notes <text>', 'notes')
    .option('--supersedes <id>', SUPERSEDES_HELP)
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        supersedes?: string;
        name: string;
        workGroup: string;
        cola: string;
        start: string;
        end: string;
        status: string;
        settlementDate?: string;
        notes?: string;
        json?: boolean;
      }) => {
        // FY28, FY2028 and 2028 are one fiscal year, as `contracts list` writes it and every --fiscal-year reads it.
        const span = parseFlags(
          z.object({ start: fiscalYearInput, end: fiscalYearInput }),
          { start: opts.start, end: opts.end },
          { start: '--start', end: '--end' },
        );
        await withCli(program.opts().as, async ({ app, actor }) => {
          const group = await workGroupNamed(app, actor, opts.workGroup);
          const cola = percents(opts.cola);
          const input = parseFlags(
            contractBody,
            {
              name: opts.name,
              workGroupId: group.id,
              startYear: span.start,
              endYear: span.end,
              status: statusFlag(opts.status),
              settlementDate: opts.settlementDate ?? null,
              notes: opts.notes ?? null,
              supersedesContractId: supersedes(opts.supersedes),
              // One value per year from start to end; a count that disagrees is refused by the schema.
              yearlyIncreases: cola.map((colaPercentage, i) => ({
                fiscalYear: span.start + i,
                colaPercentage,
              })),
            },
            CONTRACT_FLAGS,
          );
          printSaved('Added', await contracts.createContract(app, actor, input), opts.json);
        });
      },
    );

  cmd
    .command('set-status')
    .description('Change a contract’s status (settle it, or let it expire); recomputes next-year salaries')
    .argument('<id>', 'contract id (see contracts list)')
    .requiredOption('--status <status>', CONTRACT_STATUSES.join(', '))
    .option('--settlement-date <date>', 'YYYY-MM-DD, only with --status SETTLED')
    .option('--supersedes <id>', SUPERSEDES_HELP)
    .option('--json', 'print JSON')
    .action(
      async (
        id: string,
        opts: { status: string; settlementDate?: string; supersedes?: string; json?: boolean },
      ) => {
        const params = parseFlags(idParams, { id });
        const input = parseFlags(
          contractStatusBody,
          {
            status: statusFlag(opts.status),
            settlementDate: opts.settlementDate ?? null,
            supersedesContractId: supersedes(opts.supersedes),
          },
          CONTRACT_FLAGS,
        );
        await withCli(program.opts().as, async ({ app, actor }) => {
          printSaved('Updated', await contracts.setContractStatus(app, actor, params.id, input), opts.json);
        });
      },
    );

  cmd
    .command('delete')
    .description('Delete a contract; recomputes its work group’s automatic next-year salaries')
    .argument('<id>', 'contract id')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const params = parseFlags(idParams, { id });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const r = await contracts.deleteContract(app, actor, params.id);
        noteLockedLines(r);
        if (opts.json) {
          printJson(r);
          return;
        }
        process.stdout.write(
          `${r.message}; ${formatNumber(r.recomputedLines)} automatic next-year salaries recomputed.\n`,
        );
      });
    });
}
