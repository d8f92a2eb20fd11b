import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { insertAudit } from '@server/db/audit';
import { AppError, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { importUndoLines, reconciliation } from '@server/domains/line-items';
import { positionsImportUndo } from '@server/domains/positions';
import { stageStateOf } from '@server/domains/stages';
import { stageCaption } from '@shared/schemas/budget-stages';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { countOf } from '@shared/count-words';
import type { ImportUndoResponse, ImportUndoStatus } from '@shared/schemas/import-undo';
import * as q from './queries/import-undo';

/**
 * Undo of a payroll or budget import (docs/ARCHITECTURE.md 'Import undo'), as a roll forward is
 * undone: while the year it went into still takes edits (stageStateOf, the year's one lock rule),
 * it is the latest line import into that budget year and fiscal year, and nothing it made was
 * changed since, its lines (through the line writer's delete), the positions it made and the
 * fills of waiting positions go in one transaction, and the run is marked undone. Anything it
 * cannot take back exactly (projected lines it replaced, positions changed since) refuses the whole.
 */

const refused = (message: string) => new AppError(409, 'CONFLICT', message, [{ path: 'id', message }]);

type Plan = {
  run: q.UndoRunRow & { budget_year_id: number; fiscal_year: number };
  lines: number;
  positions: positionsImportUndo.ImportPositions | null;
};

/** What undoing the run would do, or why it cannot (the refusal's words). */
async function undoPlan(
  db: Db,
  run: q.UndoRunRow,
): Promise<{ plan?: Plan; problem: string | null; lines: number }> {
  const since = run.created_text;
  const lines = await importUndoLines.importedLinesState(db, run.id, since);
  const say = (problem: string) => ({ problem, lines: lines.stored });
  if (run.undone_at) {
    return say('This import was already undone');
  }
  if (run.import_type !== 'operating' && run.import_type !== 'proposed') {
    return say('Only a payroll or budget import can be undone');
  }
  if (run.budget_year_id === null) {
    return say('The budget year this import went into is gone: it can no longer be undone');
  }
  // A run from before fiscal years were recorded (the demo's) is its lines' one year.
  const years = await q.linesYears(db, run.id);
  const fiscalYear = run.fiscal_year ?? (years.length === 1 ? years[0] : null);
  if (fiscalYear === null) {
    return say('This import recorded no fiscal year: it cannot be undone');
  }
  const fy = fiscalYearLabel(fiscalYear);
  for (const year of new Set([fiscalYear, ...years])) {
    const state = await stageStateOf(db, run.budget_year_id, year);
    if (state.locked) {
      return say(`${fiscalYearLabel(year)} is ${stageCaption(state)}: its imports can no longer be undone`);
    }
  }
  const later = await q.laterRun(db, run, fiscalYear);
  if (later) {
    return say(
      `A later import into ${fy} (#${later.id}, ${later.file_name}) came after this one: undo that one first`,
    );
  }
  if (run.replaced_projected_count > 0) {
    const n = countOf(run.replaced_projected_count, 'projected line', 'projected lines');
    return say(`This import replaced ${n}, which undo cannot bring back`);
  }
  if (lines.edited) {
    const n = countOf(lines.edited, 'line of this import was', 'lines of this import were');
    return say(`${n} edited since: undo would lose those edits`);
  }
  const vacancies = run.import_type === 'operating' ? await q.vacanciesRecorded(db, run.id) : 0;
  const deleted = run.imported_count - vacancies - lines.stored;
  if (deleted > 0) {
    const n = countOf(deleted, 'line of this import was', 'lines of this import were');
    return say(`${n} deleted since: undo would remove only part of it`);
  }
  let positions: Plan['positions'] = null;
  if (run.import_type === 'operating') {
    positions = await positionsImportUndo.importPositions(db, {
      id: run.id,
      fileName: run.file_name,
      budgetYearId: run.budget_year_id,
      fiscalYear,
      since,
      until: await q.nextRunStart(db, run),
    });
    if (positions.changed) {
      const n = countOf(
        positions.changed,
        'position this import made or filled was',
        'positions this import made or filled were',
      );
      return say(`${n} changed since: undo would lose those changes`);
    }
    if (positions.vacancies !== vacancies) {
      return say(
        `The ${countOf(vacancies, 'vacant position', 'vacant positions')} this import made from its open-position rows can no longer be told apart: it cannot be undone`,
      );
    }
  }
  const resolved = { ...run, budget_year_id: run.budget_year_id, fiscal_year: fiscalYear };
  return { plan: { run: resolved, lines: lines.stored, positions }, problem: null, lines: lines.stored };
}

/** Whether a run can be undone and what it would remove (GET /import/runs/:id/undo). */
export async function importUndoStatus(app: AppContext, actor: Actor, id: number): Promise<ImportUndoStatus> {
  authorize(actor, 'import.run');
  const run = await q.findRun(app.db, id);
  if (!run) {
    throw notFound(`Import run #${id}`);
  }
  const { plan, problem, lines } = await undoPlan(app.db, run);
  return {
    importRunId: id,
    fiscalYear: plan?.run.fiscal_year ?? run.fiscal_year,
    lines,
    positions: plan?.positions?.made.length ?? 0,
    undoable: problem === null,
    reason: problem,
  };
}

/** Undoes a payroll or budget import: everything it added, in one transaction, or a 409 and nothing. */
export async function undoImport(app: AppContext, actor: Actor, id: number): Promise<ImportUndoResponse> {
  authorize(actor, 'import.run');
  return app.db.transaction(async (trx) => {
    const run = await q.findRun(trx, id, true);
    if (!run) {
      throw notFound(`Import run #${id}`);
    }
    const { plan, problem } = await undoPlan(trx, run);
    if (!plan || problem) {
      throw refused(problem ?? 'This import cannot be undone');
    }
    const fy = fiscalYearLabel(plan.run.fiscal_year);
    const reason = `Import #${id} of ${run.file_name} into ${fy} undone`;
    // Before the lines: deleting a held line would vacate the positions it made and write history.
    const positionsRemoved = await positionsImportUndo.removeImportPositions(trx, plan.positions?.made ?? []);
    const linesRemoved = await importUndoLines.removeImportedLines(trx, actor, id, reason);
    const reopened = plan.positions?.filled ?? [];
    await positionsImportUndo.restorePostedPositions(trx, reopened);
    if (positionsRemoved) {
      // A roster emptied by the undo is followed no more at the commit: its salary lines follow here.
      const year = { budgetYearId: plan.run.budget_year_id, fiscalYear: plan.run.fiscal_year };
      await reconciliation.followRoster(trx, actor, year);
    }
    await q.markUndone(trx, id, actor.kind === 'user' ? actor.id : null);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: 'import-run',
      entityId: id,
      before: { fileName: run.file_name, importType: run.import_type, fiscalYear: plan.run.fiscal_year },
      after: { undone: true, linesRemoved, positionsRemoved, positionsReopened: reopened.length },
    });
    return {
      importRunId: id,
      fiscalYear: plan.run.fiscal_year,
      linesRemoved,
      positionsRemoved,
      positionsReopened: reopened.length,
    };
  });
}
