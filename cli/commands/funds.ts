import type { Command } from 'commander';
import { funds as service } from '@server/domains/funds';
import { formatMoneyCents } from '@shared/money';
import { idParams } from '@shared/schemas/common';
import {
  FUND_KINDS,
  FUND_KIND_LABELS,
  createFundBody,
  updateFundBody,
  type Fund,
} from '@shared/schemas/funds';
import { withCli } from '../context';
import { numberFlag, parseFlags, printJson, printRows } from '../output';

const idOf = (rawId: string) => parseFlags(idParams, { id: rawId }).id;

interface FundFlags {
  code?: string;
  kind?: string;
  countsNss?: string;
  award?: string;
  start?: string;
  end?: string;
  note?: string;
  json?: boolean;
}

/** The flag each body field is typed as, for the refusals that name a field. */
const FLAGS = {
  countsTowardNss: '--counts-nss',
  awardAmount: '--award',
  periodStart: '--start',
  periodEnd: '--end',
};

/** yes/no (or true/false) as a boolean; anything else goes to the schema as typed, to be refused there. */
const yesNo = (v: string | undefined) =>
  v === undefined ? undefined : /^(yes|true)$/i.test(v) ? true : /^(no|false)$/i.test(v) ? false : v;
/** 'none' clears a grant's award or date (update only). */
const orNone = <T>(v: string | undefined, as: (s: string) => T) =>
  v === undefined ? undefined : v.toLowerCase() === 'none' ? null : as(v);

function body(opts: FundFlags) {
  return {
    code: opts.code,
    kind: opts.kind,
    countsTowardNss: yesNo(opts.countsNss),
    awardAmount: orNone(opts.award, numberFlag),
    periodStart: orNone(opts.start, String),
    periodEnd: orNone(opts.end, String),
    note: opts.note,
  };
}

function withOptions(cmd: Command): Command {
  return cmd
    .option('--code <code>', "the account string's fund segment, e.g. 0100")
    .option('--kind <kind>', FUND_KINDS.join(', '))
    .option('--counts-nss <yes|no>', "counts toward net school spending (default: the kind's rule)")
    .option('--award <dollars>', "a grant's award amount ('none' clears it)")
    .option('--start <date>', "a grant period's first day, YYYY-MM-DD ('none' clears it)")
    .option('--end <date>', "a grant period's last day, YYYY-MM-DD ('none' clears it)")
    .option('--note <text>', 'a note')
    .option('--json', 'print JSON');
}

function printFund(fund: Fund, verb: string, json: boolean | undefined) {
  if (json) {
    printJson(fund);
    return;
  }
  process.stdout.write(
    `${verb} fund ${fund.name} (${fund.code}, ${FUND_KIND_LABELS[fund.kind]}), id ${fund.id}: ` +
      `${fund.countsTowardNss ? 'counts' : 'does not count'} toward net school spending.\n`,
  );
}

/** budget-cli funds: the district's funds, as the Funds screen keeps them (ADMIN to change). */
export function registerFundCommands(program: Command): void {
  const cmd = program
    .command('funds')
    .description('Funds: general fund, grants, revolving funds, Circuit Breaker');

  cmd
    .command('list')
    .description('List the funds, the general fund first')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { funds } = await service.listFunds(app, actor);
        printRows(
          opts.json
            ? funds
            : funds.map((f) => ({
                id: f.id,
                code: f.code,
                name: f.name,
                kind: FUND_KIND_LABELS[f.kind],
                nss: `${f.countsTowardNss ? 'counts' : 'left out'}${f.nssDefault ? '' : ' (set for this fund)'}`,
                award: f.awardAmount === null ? '' : formatMoneyCents(f.awardAmount),
                period: f.periodStart || f.periodEnd ? `${f.periodStart ?? ''} to ${f.periodEnd ?? ''}` : '',
              })),
          Boolean(opts.json),
        );
      });
    });

  withOptions(cmd.command('add <name>'))
    .description('Add a fund (same rules as POST /api/funds)')
    .action(async (name: string, opts: FundFlags) => {
      const input = parseFlags(createFundBody, { name, ...body(opts) }, FLAGS);
      await withCli(program.opts().as, async ({ app, actor }) => {
        printFund((await service.createFund(app, actor, input)).fund, 'Added', opts.json);
      });
    });

  withOptions(cmd.command('update <id>'))
    .description('Change a fund (same rules as PUT /api/funds/:id)')
    .option('--name <name>', 'a new name')
    .action(async (id: string, opts: FundFlags & { name?: string }) => {
      const fundId = idOf(id);
      const input = parseFlags(updateFundBody, { name: opts.name, ...body(opts) }, FLAGS);
      await withCli(program.opts().as, async ({ app, actor }) => {
        printFund((await service.updateFund(app, actor, fundId, input)).fund, 'Updated', opts.json);
      });
    });

  cmd
    .command('delete <id>')
    .description('Delete a fund (never the general fund)')
    .action(async (id: string) => {
      const fundId = idOf(id);
      await withCli(program.opts().as, async ({ app, actor }) => {
        process.stdout.write(`${(await service.deleteFund(app, actor, fundId)).message}.\n`);
      });
    });
}
