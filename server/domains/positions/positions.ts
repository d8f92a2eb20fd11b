import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import type { PositionDetail, PositionListQuery, PositionListResponse } from '@shared/schemas/positions';
import { presentFundShares } from './fund-shares';
import { rosterBudgetYear } from './guards';
import { presentDetail, presentPosition } from './present';
import * as q from './queries/positions';

/** The totals row as the API sends it. */
export function presentTotals(t: q.TotalsRow): PositionListResponse['totals'] {
  return {
    positions: Number(t.positions),
    fte: Number(t.fte),
    filledFte: Number(t.filled_fte),
    vacantFte: Number(t.vacant_fte),
    unheldFte: Number(t.unheld_fte),
    vacantCount: Number(t.vacant_count),
    frozenFte: Number(t.frozen_fte),
    budgetedCost: Number(t.budgeted_cost),
    unpricedCount: Number(t.unpriced_count),
    overFilledCount: Number(t.over_filled_count),
    noSalaryLineCount: Number(t.no_salary_line_count),
    noSalaryLineCost: Number(t.no_salary_line_cost),
  };
}

/**
 * GET /positions: a fiscal year's positions (its home budget year's unless one is named), filtered
 * in SQL, with the totals of everything matching; limit and offset page through them.
 */
export async function listPositions(
  app: AppContext,
  actor: Actor,
  query: PositionListQuery,
): Promise<PositionListResponse> {
  authorize(actor, 'positions.read');
  const budgetYearId = await rosterBudgetYear(app.db, query.fiscalYear, query.budgetYearId);
  const { rows, totals } = await q.listPositions(app.db, budgetYearId, query);
  return {
    budgetYearId,
    fiscalYear: query.fiscalYear,
    total: Number(totals.positions),
    totals: presentTotals(totals),
    positions: rows.map(presentPosition),
  };
}

/** One position with its holders (pay, shares) and its history, newest first. */
export async function readPosition(db: Db, id: number): Promise<PositionDetail> {
  const [row] = await q.positionsById(db, [id]);
  if (!row) {
    throw notFound(`Position ${id}`);
  }
  // One after the other: inside a write's transaction they share one connection, and queries sent
  // to a busy pg client at once are deprecated (pg prints a warning the CLI would show).
  const holders = await q.holdersOf(db, id);
  const history = await q.historyOf(db, id);
  const fundShares = await presentFundShares(db, id);
  return { ...presentDetail(row, holders, history), fundShares };
}

export async function getPosition(
  app: AppContext,
  actor: Actor,
  id: number,
): Promise<{ position: PositionDetail }> {
  authorize(actor, 'positions.read');
  return { position: await readPosition(app.db, id) };
}
