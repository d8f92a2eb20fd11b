import type { Command } from 'commander';
import { idParams } from '@shared/schemas/common';
import * as s from '@shared/schemas/positions';
import * as service from '@server/domains/positions';
import { withCli, type CliRun } from '../context';
import { workGroupNamed } from '../lookups';
import { countFlag, noteLockedLines, parseFlags, printJson, printRows, numberFlag } from '../output';
import { printPosition } from './positions';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import {
  buildingId,
  categoryId,
  fundSharesOf,
  POSITION_FLAGS,
  versionOf,
  writeAtVersion,
} from './positions-lookups';

const FLAGS = {
  ...POSITION_FLAGS,
  fiscalYear: '--fiscal-year',
  lineItemId: '--line',
  fteShare: '--share',
  version: '--version',
  vacancyRate: '--clear-roster-rate',
};
const idOf = (rawId: string) => parseFlags(idParams, { id: rawId }).id;
/** What a write of a position answers: the position, and the locked salary lines' note if any. */
type PositionWritten = { position: s.PositionDetail; salaryLines?: SalaryLinesLocked };
/** The flags as commander gives them: --fund-share, repeatable, is a list. */
type Opts = Record<string, string | boolean | undefined> & { fundShare?: string[] };
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The flags `add` and `edit` share (placeOptions' but --building), looked up by name or code. */
async function placeFlags(app: CliRun['app'], actor: CliRun['actor'], o: Opts) {
  return {
    deseCode: o.function,
    categoryId: o.category === undefined ? undefined : await categoryId(app, actor, String(o.category)),
    workGroupId:
      o.workGroup === undefined ? undefined : (await workGroupNamed(app, actor, String(o.workGroup))).id,
    fte: countFlag(o.fte),
    vacancyStep: numberFlag(o.step),
    vacancyLane: o.lane,
    fundShares: await fundSharesOf(app, actor, o.fundShare),
    notes: o.notes,
    reason: o.reason,
  };
}

/** The write commands of `positions`: add, edit (with the funds that pay it), fill, vacate, close, delete, vacancy-placement. */
export function registerPositionWriteCommands(program: Command, cmd: Command): void {
  const as = () => program.opts().as as string | undefined;
  /**
   * A command that writes position <id> at the version the user read (--version, default the
   * current one): a stale version refused in the command line's words (writeAtVersion), then the
   * position printed and the locked salary lines' note said.
   */
  const atVersion =
    (write: (run: CliRun, id: number, version: number, o: Opts) => Promise<PositionWritten>) =>
    async (rawId: string, o: Opts) => {
      const id = idOf(rawId);
      await withCli(as(), async (run) => {
        const { app, actor } = run;
        const version = await versionOf(app, actor, id, numberFlag(o.version) as number | undefined);
        const written = await writeAtVersion(app, actor, id, version, () => write(run, id, version, o));
        printPosition(written.position, Boolean(o.json));
        noteLockedLines(written);
      });
    };
  const placeOptions = (c: Command, fteDefault?: string) =>
    c
      .option('--building <name>', 'building (id, code or name; none: District Wide)')
      .option('--function <code>', 'DESE function code, e.g. 2305')
      .option('--category <name>', 'personnel budget category (id or name)')
      .option('--work-group <name>', 'work group (bargaining unit)')
      .option('--fte <fte>', 'FTE, above 0 and at most 1.5, to the thousandth', fteDefault)
      .option('--step <n>', 'the step a vacancy is budgeted at (with --lane)')
      .option('--lane <lane>', 'the lane a vacancy is budgeted at (with --step)')
      .option(
        '--fund-share <fund=fte>',
        'a fund (code or name) and the FTE it pays, e.g. 2401=0.5; repeat for each fund (together exactly the FTE)',
        collect,
      )
      .option('--notes <text>', 'notes')
      .option('--reason <text>', 'why (kept in the position’s history)')
      .option('--json', 'print JSON');

  placeOptions(
    cmd
      .command('add')
      .description("Add a position to a fiscal year's roster (vacant unless --status says posted or frozen)")
      .requiredOption('--fiscal-year <year>', 'the roster’s fiscal year, e.g. FY26')
      .requiredOption('--title <title>', 'the job title')
      .option('--status <status>', 'vacant (default), posted or frozen'),
    // A new position is one full-time job unless --fte says otherwise, as on the Positions screen.
    '1',
  ).action(async (o: Opts) => {
    await withCli(as(), async ({ app, actor }) => {
      const body = parseFlags(
        s.createPositionBody,
        {
          fiscalYear: o.fiscalYear,
          title: o.title,
          buildingId: o.building === undefined ? null : await buildingId(app, actor, String(o.building)),
          status: o.status,
          ...(await placeFlags(app, actor, o)),
        },
        FLAGS,
      );
      const written = await service.createPosition(app, actor, body);
      printPosition(written.position, Boolean(o.json));
      noteLockedLines(written);
    });
  });

  placeOptions(
    cmd
      .command('edit')
      .description('Change a position (refused when someone changed it since --version)')
      .argument('<id>', 'position id')
      .option('--version <n>', 'the version you read (default: the current one)')
      .option('--title <title>', 'the job title')
      .option(
        '--clear-roster-rate',
        'clear the rate of the roster it was imported from, so its step and lane price the vacancy',
      ),
  ).action(
    atVersion(async ({ app, actor }, id, version, o) =>
      service.updatePosition(
        app,
        actor,
        id,
        parseFlags(
          s.updatePositionBody,
          {
            version,
            title: o.title,
            buildingId:
              o.building === undefined ? undefined : await buildingId(app, actor, String(o.building)),
            ...(await placeFlags(app, actor, o)),
            vacancyRate: o.clearRosterRate ? null : undefined,
          },
          FLAGS,
        ),
      ),
    ),
  );

  cmd
    .command('fill')
    .description(
      "An employee (their payroll line) fills the position or a share of it, within their FTE and the position's",
    )
    .argument('<id>', 'position id')
    .requiredOption('--line <id>', 'the employee’s line item id')
    .option('--share <fte>', 'their FTE share (default: what nobody holds yet)')
    .option('--version <n>', 'the version you read (default: the current one)')
    .option('--reason <text>', 'why')
    .option('--json', 'print JSON')
    .action(
      atVersion(({ app, actor }, id, version, o) =>
        service.fillPosition(
          app,
          actor,
          id,
          parseFlags(
            s.fillPositionBody,
            { version, lineItemId: numberFlag(o.line), fteShare: countFlag(o.share), reason: o.reason },
            FLAGS,
          ),
        ),
      ),
    );

  cmd
    .command('vacate')
    .description('A holder leaves; the position stays (vacant unless --status says posted, frozen or closed)')
    .argument('<id>', 'position id')
    .option('--line <id>', 'the holder who leaves (needed when several hold it)')
    .option('--status <status>', 'the status once nobody holds it')
    .option('--version <n>', 'the version you read (default: the current one)')
    .option('--reason <text>', 'why')
    .option('--json', 'print JSON')
    .action(
      atVersion(({ app, actor }, id, version, o) =>
        service.vacatePosition(
          app,
          actor,
          id,
          parseFlags(
            s.vacatePositionBody,
            { version, lineItemId: numberFlag(o.line), status: o.status, reason: o.reason },
            FLAGS,
          ),
        ),
      ),
    );

  cmd
    .command('close')
    .description('Close a position nobody holds (it stays in the history, costing nothing)')
    .argument('<id>', 'position id')
    .option('--version <n>', 'the version you read (default: the current one)')
    .option('--reason <text>', 'why')
    .option('--json', 'print JSON')
    .action(
      atVersion(({ app, actor }, id, version, o) =>
        service.setPositionStatus(
          app,
          actor,
          id,
          parseFlags(s.setPositionStatusBody, { version, status: 'closed', reason: o.reason }),
        ),
      ),
    );

  cmd
    .command('delete')
    .description('Delete a position made by mistake (refused while somebody holds it)')
    .argument('<id>', 'position id')
    .option('--version <n>', 'the version you read (default: the current one)')
    .option('--json', 'print JSON')
    .action(async (rawId: string, o: Opts) => {
      const id = idOf(rawId);
      await withCli(as(), async ({ app, actor }) => {
        const version = await versionOf(app, actor, id, numberFlag(o.version) as number | undefined);
        const result = await writeAtVersion(app, actor, id, version, () =>
          service.deletePosition(app, actor, id, version),
        );
        if (o.json) {
          printJson(result);
        } else {
          process.stdout.write(`Deleted position ${id}\n`);
        }
        noteLockedLines(result);
      });
    });

  cmd
    .command('vacancy-placement')
    .description("The step and lane each work group's vacancies are budgeted at; with --work-group, set it")
    .option('--work-group <name>', 'the work group to set')
    .option('--step <n>', 'the step')
    .option('--lane <lane>', 'the lane')
    .option('--clear', 'clear the work group’s setting')
    .option('--reason <text>', 'why')
    .option('--json', 'print JSON')
    .action(async (o: Opts) => {
      await withCli(as(), async ({ app, actor }) => {
        if (o.workGroup !== undefined) {
          const group = await workGroupNamed(app, actor, String(o.workGroup));
          const body = parseFlags(
            s.vacancyPlacementBody,
            {
              step: o.clear ? null : (numberFlag(o.step) ?? null),
              lane: o.clear ? null : (o.lane ?? null),
              reason: o.reason,
            },
            { step: '--step', lane: '--lane' },
          );
          noteLockedLines(await service.setVacancyPlacement(app, actor, group.id, body));
        }
        const { placements } = await service.listVacancyPlacements(app, actor);
        if (o.json) {
          printJson({ placements });
          return;
        }
        printRows(
          placements.map((p) => ({
            workGroup: p.workGroupName,
            schedule: p.scheduleName ?? '',
            step: p.step ?? '',
            lane: p.lane ?? '',
            note: p.step === null ? 'none set: vacancies need their own step and lane' : '',
          })),
          false,
        );
      });
    });
}
