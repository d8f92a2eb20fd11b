import type { Command } from 'commander';
import type { AppContext } from '@server/context';
import type { Actor } from '@server/policies/index';
import { formatMoneyCents as money } from '@shared/money';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { pickedWords } from '@shared/picked-words';
import {
  changeParams,
  positionAddBody,
  positionCutBody,
  type PositionCutResult,
  type ScenarioPositions,
} from '@shared/schemas/scenario-positions';
import { scenarioPositions as service } from '@server/domains/planning';
import { budgetYearOrDefault, workGroupNamed } from '../lookups';
import { withCli } from '../context';
import { countFlag, parseFlags, printJson, printRows, numberFlag } from '../output';
import { buildingId, categoryId, POSITION_FLAGS } from './positions-lookups';
import { fiscalYearFlag, scenarioNamed, unknownScenario } from './scenarios-flags';

/** `scenarios positions|cut-positions|add-position|remove-position`: cuts and adds by position. */

type Opts = Record<string, string | boolean | undefined>;
const FLAGS = { ...POSITION_FLAGS, count: '--count' };

async function scenarioId(app: AppContext, actor: Actor, name: string, o: Opts): Promise<number> {
  const fiscalYear = fiscalYearFlag(o.fiscalYear as string | undefined);
  const year = await budgetYearOrDefault(
    app,
    actor,
    o.budgetYear as string | undefined,
    o.fiscalYear as string,
  );
  const found = await scenarioNamed(app, actor, year, name, fiscalYear);
  if (!found) {
    throw await unknownScenario(app, actor, year, name, fiscalYear);
  }
  return found.id;
}

function printView(v: ScenarioPositions, json: boolean, headline?: string | null): void {
  if (json) {
    printJson(v);
    return;
  }
  if (headline) {
    process.stdout.write(`${headline}\n`);
  }
  if (!v.available) {
    process.stdout.write(`${v.message}\n`);
  }
  printRows(
    v.changes.map((c) => ({
      id: c.id,
      kind: c.kind,
      position: c.positionId ?? 'new',
      title: c.title,
      building: c.building?.name ?? 'District Wide',
      fte: c.fte,
      status: c.status,
      holders: c.holders.join(', '),
      amount: c.amount === null ? `unpriced: ${c.unpricedReason}` : money(c.amount),
      // Why the cut took it, as it said when saved: blank for an add and for a cut saved before; the
      // warning capitalised as the screen shows it (pickedWords).
      picked: pickedWords(c).why ?? '',
      warning: pickedWords(c).warning ?? '',
      note: c.stale ?? c.reason ?? '',
    })),
    false,
  );
  printTotals(v);
}

function printTotals(v: ScenarioPositions): void {
  const t = v.totals;
  process.stdout.write(
    `${fiscalYearLabel(v.rosterFiscalYear)} roster, budgeted in ${fiscalYearLabel(v.fiscalYear)}: ` +
      `${t.positionsCut} position${t.positionsCut === 1 ? '' : 's'} cut (${t.cutFte} FTE, saves ${money(t.savings)}), ` +
      `${t.positionsAdded} added (${t.addedFte} FTE, costs ${money(t.addedCost)}); net ${money(t.net)}\n`,
  );
}

/**
 * A cut's answer: the order it picks in (the server's words), then each picked position in that
 * order with what it saves, why it was picked and, when it saves $0, the warning; then the totals.
 */
function printCut(r: PositionCutResult, json: boolean): void {
  if (json) {
    printJson(r);
    return;
  }
  process.stdout.write(`${r.message ?? ''}\nOrder: ${r.pickOrder}\n`);
  printRows(
    r.picked.map((c) => ({
      position: c.positionId,
      title: c.title,
      fte: c.fte,
      status: c.status,
      holders: c.holders.join(', '),
      saves: c.amount === null ? `unpriced: ${c.unpricedReason}` : money(c.amount),
      picked: c.why,
      warning: pickedWords(c).warning ?? '',
    })),
    false,
  );
  printTotals(r);
}

const scenarioOptions = (c: Command) =>
  c
    .argument('<name>', 'the scenario’s name (case-insensitive)')
    .option('--budget-year <label>', 'budget year, e.g. FY26 (default: the one the web app opens on)')
    .option('--fiscal-year <year>', 'its fiscal year, when the name is used in more than one')
    .option('--json', 'print JSON');

export function registerScenarioPositionCommands(cmd: Command, program: Command): void {
  const as = () => program.opts().as as string | undefined;

  scenarioOptions(
    cmd
      .command('positions')
      .description('A scenario’s cuts and adds by position, with what each saves or costs'),
  ).action(async (name: string, o: Opts) => {
    await withCli(as(), async ({ app, actor }) => {
      printView(
        await service.scenarioPositions(app, actor, await scenarioId(app, actor, name, o)),
        Boolean(o.json),
      );
    });
  });

  scenarioOptions(
    cmd
      .command('cut-positions')
      .description(
        'Cut FTE of a group (a title at a building) in a scenario: whole positions, vacancies first unless --filled-first, then the least senior',
      )
      .requiredOption('--title <title>', 'the positions’ title')
      .requiredOption('--building <name>', 'building (id, code or name; none: District Wide)')
      .requiredOption('--fte <fte>', 'FTE to cut, e.g. 2')
      .option('--filled-first', 'do not take the vacancies first')
      .option('--reason <text>', 'why (kept with the cut and, once adopted, in each position’s history)')
      .option('--dry-run', 'say which positions and what they save; save nothing'),
  ).action(async (name: string, o: Opts) => {
    await withCli(as(), async ({ app, actor }) => {
      const id = await scenarioId(app, actor, name, o);
      const body = parseFlags(
        positionCutBody,
        {
          title: o.title,
          buildingId: await buildingId(app, actor, String(o.building)),
          fte: countFlag(o.fte),
          vacanciesFirst: !o.filledFirst,
          reason: o.reason,
          dryRun: Boolean(o.dryRun),
        },
        FLAGS,
      );
      printCut(await service.cutPositions(app, actor, id, body), Boolean(o.json));
    });
  });

  scenarioOptions(
    cmd
      .command('add-position')
      .description('Add new vacant positions to a scenario, priced on their work group’s schedule')
      .requiredOption('--title <title>', 'the job title')
      .requiredOption('--building <name>', 'building (id, code or name; none: District Wide)')
      .requiredOption('--category <name>', 'personnel budget category (id or name)')
      .requiredOption('--fte <fte>', 'FTE of each, above 0 and at most 1.5')
      .option('--work-group <name>', 'work group (its schedule prices the vacancy)')
      .option('--function <code>', 'DESE function code, e.g. 2305')
      .option('--count <n>', 'how many such positions (default 1)')
      .option('--step <n>', 'the step it is budgeted at (with --lane)')
      .option('--lane <lane>', 'the lane it is budgeted at (with --step)')
      .option('--reason <text>', 'why'),
  ).action(async (name: string, o: Opts) => {
    await withCli(as(), async ({ app, actor }) => {
      const id = await scenarioId(app, actor, name, o);
      const body = parseFlags(
        positionAddBody,
        {
          title: o.title,
          buildingId: await buildingId(app, actor, String(o.building)),
          categoryId: await categoryId(app, actor, String(o.category)),
          workGroupId:
            o.workGroup === undefined
              ? undefined
              : (await workGroupNamed(app, actor, String(o.workGroup))).id,
          deseCode: o.function,
          fte: countFlag(o.fte),
          count: countFlag(o.count),
          vacancyStep: numberFlag(o.step),
          vacancyLane: o.lane,
          reason: o.reason,
        },
        FLAGS,
      );
      printView(await service.addPositions(app, actor, id, body), Boolean(o.json), 'Added');
    });
  });

  scenarioOptions(
    cmd
      .command('remove-position')
      .description('Take one cut or add by position out of a scenario (its id from `scenarios positions`)')
      .requiredOption('--change <id>', 'the change’s id'),
  ).action(async (name: string, o: Opts) => {
    await withCli(as(), async ({ app, actor }) => {
      const id = await scenarioId(app, actor, name, o);
      const { changeId } = parseFlags(
        changeParams,
        { id: String(id), changeId: o.change },
        { changeId: '--change' },
      );
      printView(await service.removePositionChange(app, actor, id, changeId), Boolean(o.json), 'Removed');
    });
  });
}
