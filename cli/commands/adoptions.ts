import type { Command } from 'commander';
import { z } from 'zod';
import { AppError } from '@server/errors';
import { formatMoneyCents as money, formatNumber } from '@shared/money';
import { idText } from '@shared/schemas/common';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  adoptBody,
  undoBody,
  type AdoptPreview,
  type Adoption,
  type UndoPreview,
} from '@shared/schemas/scenario-adoptions';
import { scenarioAdoptions as adoptions } from '@server/domains/stages';
import { scenarioAdoptionsUndo as undo } from '@server/domains/stages';
import { withCli } from '../context';
import { budgetYearOrDefault } from '../lookups';
import { parseFlags, printJson, printRows } from '../output';

/**
 * `scenarios adopt|undo-adoption|adoptions`: adopting a cut scenario into the budget through the
 * services the Scenario Builder uses. Without --yes a command prints what it
 * would change and writes nothing; with --yes it adopts (or undoes) exactly what it printed: the
 * preview's basis goes with the write, so a budget changed in between is refused, not overwritten.
 */

const idArg = (what: string, value: string) =>
  parseFlags(z.object({ id: idText }), { id: value }, { id: what }).id;

const printTotals = (p: { totalBefore: number; totalAfter: number }) =>
  process.stdout.write(
    `Proposed total before   ${money(p.totalBefore)}\nProposed total after    ${money(p.totalAfter)}\n`,
  );

function printAdoptPreview(p: AdoptPreview): void {
  process.stdout.write(
    `Adopting scenario '${p.scenario.name}' (#${p.scenario.id}) into ${fiscalYearLabel(p.scenario.fiscalYear)} (${p.stage.caption})\n`,
  );
  for (const e of p.earlier) {
    process.stdout.write(
      `Already adopted: '${e.scenarioName}' on ${e.adoptedAt.slice(0, 10)} by ${e.adoptedBy} (adoption #${e.id})\n`,
    );
  }
  printRows(
    p.lines.map((l) => ({
      id: l.id,
      description: l.description ?? '',
      category: l.category ?? '',
      building: l.building ?? 'District Wide',
      current: money(l.currentAmount),
      kept: `${l.percentKept}%`,
      new: money(l.newAmount),
      difference: money(l.difference),
    })),
    false,
  );
  if (p.positions.length) {
    process.stdout.write('Positions\n');
    printRows(
      p.positions.map((c) => ({
        change: c.kind === 'cut' ? `close #${c.positionId}` : 'create',
        title: c.title,
        building: c.building?.name ?? 'District Wide',
        fte: c.fte,
        holders: c.holders.join(', '),
        amount: c.amount === null ? 'unpriced' : money(c.kind === 'cut' ? -c.amount : c.amount),
      })),
      false,
    );
  }
  printTotals(p);
  process.stdout.write(`Cuts                    ${money(p.cutsTotal)}\n`);
}

function printUndoPreview(p: UndoPreview): void {
  const a = p.adoption;
  process.stdout.write(
    `Undoing adoption #${a.id} of '${a.scenarioName}' (${fiscalYearLabel(a.fiscalYear)}, ${a.adoptedAt.slice(0, 10)} by ${a.adoptedBy}): each line back to the amount it replaced\n`,
  );
  printRows(
    p.lines.map((l) => ({
      id: l.id,
      description: l.description ?? '',
      current: money(l.currentAmount),
      adopted: money(l.adoptedAmount),
      replaced: money(l.replacedAmount),
      'returns to': money(l.returnsTo),
      difference: money(l.difference),
      note: l.editedSince ? (p.overwriteEdited ? 'edited since: overwritten' : 'edited since: kept') : '',
    })),
    false,
  );
  printTotals(p);
  if (p.editedCount) {
    const n = `${formatNumber(p.editedCount)} line${p.editedCount === 1 ? ' was' : 's were'} edited since the adoption`;
    process.stdout.write(
      p.overwriteEdited
        ? `Warning: ${n}; --overwrite-edited returns ${p.editedCount === 1 ? 'it' : 'them'} to the amount replaced, losing those edits.\n`
        : `Warning: ${n} and ${p.editedCount === 1 ? 'stays as it is' : 'stay as they are'} (--overwrite-edited to return ${p.editedCount === 1 ? 'it' : 'them'} too).\n`,
    );
  }
}

const adoptionRow = (a: Adoption) => ({
  id: a.id,
  scenario: a.scenarioName,
  fy: fiscalYearLabel(a.fiscalYear),
  from: `${a.fromStage.label} ${a.fromStage.date}`,
  adopted: a.adoptedAt.slice(0, 10),
  by: a.adoptedBy,
  lines: a.lineCount,
  before: money(a.totalBefore),
  after: money(a.totalAfter),
  undone: a.undoneAt ? `${a.undoneAt.slice(0, 10)} by ${a.undoneBy}` : '',
});

/** Refuses, as the API would, what the preview says cannot be done (nothing is written). */
function refuseBlocked(blocked: string | null): void {
  if (blocked) {
    throw new AppError(409, 'CONFLICT', blocked);
  }
}

/** Registers the adoption commands on `scenarios` (cli/commands/scenarios.ts calls this). */
export function registerAdoptionCommands(cmd: Command, program: Command): void {
  cmd
    .command('adopt')
    .description(
      'Adopt a cut scenario into the budget (ADMIN): each line it cuts gets its new amount. Prints what changes; --yes adopts it',
    )
    .argument('<id>', 'the scenario’s id (see scenarios list)')
    .option('--reason <text>', 'why (at most 2,000 characters), kept with the adoption and each line’s audit')
    .option('--yes', 'adopt it (without: print what would change and write nothing)')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { reason?: string; yes?: boolean; json?: boolean }) => {
      const scenarioId = idArg('<id>', id);
      const { reason } = parseFlags(adoptBody, { basis: 'checked-below', reason: opts.reason });
      await withCli(program.opts().as, async ({ app, actor }) => {
        const preview = await adoptions.previewAdoption(app, actor, scenarioId, {});
        if (!opts.yes) {
          if (opts.json) {
            printJson(preview);
          } else {
            printAdoptPreview(preview);
            process.stdout.write(
              preview.blocked
                ? `Cannot adopt: ${preview.blocked}\n`
                : 'Nothing written: run again with --yes to adopt.\n',
            );
          }
          return;
        }
        refuseBlocked(preview.blocked);
        const result = await adoptions.adoptScenario(app, actor, scenarioId, {
          basis: preview.basis,
          reason,
        });
        if (opts.json) {
          printJson(result);
          return;
        }
        printAdoptPreview(preview);
        process.stdout.write(`${result.message} (adoption #${result.adoption.id}).\n`);
      });
    });

  cmd
    .command('undo-adoption')
    .description(
      'Undo an adoption (ADMIN): the lines still at the amounts it set return to the amounts it replaced; lines edited since stay unless --overwrite-edited. Prints what returns; --yes undoes it',
    )
    .argument('<adoptionId>', 'the adoption’s id (see scenarios adoptions)')
    .option('--reason <text>', 'why (at most 2,000 characters)')
    .option('--overwrite-edited', 'also return the lines edited since the adoption, overwriting those edits')
    .option('--yes', 'undo it (without: print what would return and write nothing)')
    .option('--json', 'print JSON')
    .action(
      async (
        id: string,
        opts: { reason?: string; overwriteEdited?: boolean; yes?: boolean; json?: boolean },
      ) => {
        const adoptionId = idArg('<adoptionId>', id);
        // The basis comes from the preview printed below, so only the person's flags are checked here.
        const { reason } = parseFlags(undoBody.omit({ basis: true }), { reason: opts.reason });
        const overwriteEdited = Boolean(opts.overwriteEdited);
        await withCli(program.opts().as, async ({ app, actor }) => {
          const preview = await undo.previewUndo(app, actor, adoptionId, { overwriteEdited });
          if (!opts.yes) {
            if (opts.json) {
              printJson(preview);
            } else {
              printUndoPreview(preview);
              process.stdout.write(
                preview.blocked
                  ? `Cannot undo: ${preview.blocked}\n`
                  : 'Nothing written: run again with --yes to undo.\n',
              );
            }
            return;
          }
          refuseBlocked(preview.blocked);
          const result = await undo.undoAdoption(app, actor, adoptionId, {
            basis: preview.basis,
            reason,
            overwriteEdited,
          });
          if (opts.json) {
            printJson(result);
            return;
          }
          process.stdout.write(`${result.message}.\n`);
        });
      },
    );

  cmd
    .command('adoptions')
    .description('Scenarios adopted into a budget year, newest first, with what each changed')
    .option('--budget-year <label>', 'budget year, e.g. FY27 (default: the one the web app opens on)')
    .option('--fiscal-year <year>', 'only this fiscal year’s')
    .option('--json', 'print JSON')
    .action(async (opts: { budgetYear?: string; fiscalYear?: string; json?: boolean }) => {
      const { fiscalYear } = parseFlags(
        z.object({ fiscalYear: fiscalYearInput.optional() }),
        { fiscalYear: opts.fiscalYear },
        { fiscalYear: '--fiscal-year' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const year = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
        const { adoptions: list } = await adoptions.listAdoptions(app, actor, {
          budgetYearId: year.id,
          fiscalYear,
        });
        printRows(opts.json ? list : list.map(adoptionRow), Boolean(opts.json));
      });
    });
}
