import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { insertAudit } from '@server/db/audit';
import { AppError, notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { claimFiscalYearHomes, deleteBudgetYear, releaseFiscalYearHome } from '@server/domains/budgets';
import { rollForwardLines } from '@server/domains/line-items';
import { removeCarriedStateRates } from '@server/domains/massachusetts';
import { deleteRolledSnapshot, stageIdsOf } from '@server/domains/stages';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { RollForwardUndoResponse } from '@shared/schemas/roll-forward';
import * as q from './queries/roll-forwards';
import * as roster from './roster';

/**
 * Undo of a roll forward (docs/ARCHITECTURE.md 'Roll forward'), while the year it started is still
 * the Draft it made and unedited: its lines, carried positions, copied rates, snapshot and the budget
 * year it created (or the home it claimed) removed in one transaction.
 */

/** A 409 naming the field it is about: the state of the district, not the input, stands in the way. */
const refused = (message: string) =>
  new AppError(409, 'CONFLICT', message, [{ path: 'toFiscalYear', message }]);

/** Why the roll forward into a year can no longer be undone, or null while it can. */
async function undoProblem(db: Db, row: q.RollForwardRow): Promise<string | null> {
  const to = fiscalYearLabel(row.to_fiscal_year);
  if (row.to_budget_year_id === null || row.stage_id === null) {
    return `${to}'s budget year is gone`;
  }
  const stages = await stageIdsOf(db, row.to_budget_year_id, row.to_fiscal_year);
  if (stages.length !== 1 || stages[0] !== Number(row.stage_id)) {
    return `${to} has moved on from the Draft the roll forward started`;
  }
  const t = row.totals as { employeesCarried: number; proposedCarried: number };
  const untouched = await rollForwardLines.rolledLinesUntouched(db, {
    budgetYearId: row.to_budget_year_id,
    fiscalYear: row.to_fiscal_year,
    rollForwardId: row.id,
    count: Number(t.employeesCarried) + Number(t.proposedCarried),
    since: new Date(row.created_at).toISOString(),
  });
  if (!untouched) {
    return `${to} has been edited since the roll forward`;
  }
  const target = {
    budgetYearId: row.to_budget_year_id,
    fiscalYear: row.to_fiscal_year,
    rollForwardId: row.id,
  };
  return (await roster.rolledPositionsUntouched(db, target))
    ? null
    : `${to}'s positions have been changed since the roll forward`;
}

/** Undoes the roll forward that started `toFiscalYear`, while that year is still Draft and unedited. */
export async function undoRollForward(
  app: AppContext,
  actor: Actor,
  input: { toFiscalYear: number },
): Promise<RollForwardUndoResponse> {
  authorize(actor, 'budgets.manage');
  return app.db.transaction(async (trx) => {
    const to = fiscalYearLabel(input.toFiscalYear);
    if (!(await q.tryLock(trx, input.toFiscalYear))) {
      throw refused(`Another administrator is rolling ${to} forward right now; look again in a moment`);
    }
    const row = await q.latestInto(trx, input.toFiscalYear);
    if (!row) {
      throw notFound(`A roll forward into ${to}`);
    }
    const problem = await undoProblem(trx, row);
    if (problem) {
      throw refused(`${problem}: the roll forward can no longer be undone`);
    }
    const byId = row.to_budget_year_id!;
    const label = await q.budgetYearLabel(trx, byId);
    await deleteRolledSnapshot(trx, Number(row.stage_id));
    // Before the lines: deleting a held line would vacate the carried positions and write history.
    const positionsRemoved = await roster.removeRolledPositions(trx, {
      budgetYearId: byId,
      fiscalYear: input.toFiscalYear,
      rollForwardId: row.id,
    });
    const linesRemoved = await rollForwardLines.removeRolledLines(trx, {
      budgetYearId: byId,
      fiscalYear: input.toFiscalYear,
      rollForwardId: row.id,
    });
    if (positionsRemoved) {
      await roster.followEmptiedRoster(trx, actor, { budgetYearId: byId, fiscalYear: input.toFiscalYear });
    }
    await removeCarriedStateRates(trx, input.toFiscalYear, row.carried);
    await q.markUndone(trx, row.id, actor.kind === 'user' ? actor.id : null);
    if (row.created_budget_year) {
      await deleteBudgetYear(trx, byId);
    } else if (row.carried.claimedHome) {
      await releaseFiscalYearHome(trx, byId, input.toFiscalYear);
    } else {
      // The year was this budget year's home before: emptying it gave the home up, so claim it back.
      await claimFiscalYearHomes(trx, { id: byId, fiscal_year: label }, [input.toFiscalYear], 'toFiscalYear');
    }
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: 'roll-forward',
      entityId: row.id,
      // The audit keeps its stored 'FY2028' value; only messages use the screens' 'FY28'.
      before: { to: `FY${input.toFiscalYear}`, budgetYear: label, totals: row.totals },
      after: {
        undone: true,
        linesRemoved,
        positionsRemoved,
        budgetYearRemoved: row.created_budget_year ? label : null,
      },
    });
    return {
      toFiscalYear: input.toFiscalYear,
      linesRemoved,
      positionsRemoved,
      budgetYearRemoved: row.created_budget_year ? label : null,
    };
  });
}

/** The standing roll forward into a year (for the screen after a reload), and whether undo is allowed. */
export async function latestRollForward(app: AppContext, actor: Actor, toFiscalYear: number) {
  authorize(actor, 'budgets.manage');
  const row = await q.latestInto(app.db, toFiscalYear);
  if (!row) {
    return { rollForward: null };
  }
  return {
    rollForward: { id: row.id, undoable: (await undoProblem(app.db, row)) === null, totals: row.totals },
  };
}
