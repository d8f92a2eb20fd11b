import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import { fiscalYearLabel } from '@shared/budget-math';
import { lineFundColumn } from '@server/domains/funds';
import type { PositionFundShare } from '@shared/schemas/position-funds';
import { fteText, milli } from './guards';
import type { HistoryEntry } from './queries/position-writes';
import * as q from './queries/fund-shares';
import { generalFundId } from '@server/sql/general-fund';

/**
 * The funds that pay a position, by FTE share: the rule that they add up to exactly its FTE, and
 * the checks a fund must pass to pay it (the line's rule: lineFundColumn, so a closed grant is
 * refused for a position as for a line). The cost split is SQL's (POSITION_FUND_PARTS).
 */

const shareText = (shares: readonly { fund_id: number; fte: string | number }[]) =>
  shares.map((s) => ({ fundId: s.fund_id, fte: Number(s.fte) }));

/**
 * Sets a position's fund shares, or checks the stored ones still fit its FTE, in the write's
 * transaction; answers the history entry of a change (none when nothing changed). `shares`
 * undefined keeps the stored ones: then an FTE change the shares no longer add up to is refused
 * (on fte), since which fund gives up the FTE is the district's call, not ours.
 */
export async function applyFundShares(
  db: Db,
  position: { id: number; fiscal_year: number; fte: number | string },
  shares: readonly { fundId: number; fte: number }[] | undefined,
  reason: string | null,
): Promise<HistoryEntry | null> {
  const stored = await q.storedShares(db, position.id);
  const fte = milli(position.fte);
  if (shares === undefined) {
    const held = stored.reduce((sum, s) => sum + milli(s.fte), 0);
    if (stored.length && held !== fte) {
      throw validationFailed([
        {
          path: 'fte',
          message: `Its fund shares add up to ${fteText(held)} FTE: set its fund shares to add up to the new ${fteText(fte)} FTE`,
        },
      ]);
    }
    return null;
  }
  const total = shares.reduce((sum, s) => sum + milli(s.fte), 0);
  if (total !== fte) {
    throw validationFailed([
      {
        path: 'fundShares',
        message: `The fund shares add up to ${fteText(total)} FTE; the position is ${fteText(fte)} FTE: they must add up to exactly its FTE`,
      },
    ]);
  }
  // Each fund must exist and, a grant, reach the year the cost is budgeted for.
  const general = await generalFundId(db);
  for (const [i, share] of shares.entries()) {
    // A clerk looking at FY2026's roster reads why the grant must reach FY2027.
    const why = `the year ${fiscalYearLabel(position.fiscal_year)}'s positions are budgeted in`;
    await lineFundColumn(db, share.fundId, position.fiscal_year + 1, `fundShares.${i}.fundId`, why);
  }
  // The general fund's whole is stored as no shares, so a position never set reads the same.
  const next =
    shares.length === 1 && shares[0].fundId === general
      ? []
      : [...shares].sort((a, b) => a.fundId - b.fundId);
  const before = stored.length ? shareText(stored) : [{ fundId: general, fte: fte / 1000 }];
  const after = next.length
    ? next.map((s) => ({ fundId: s.fundId, fte: s.fte }))
    : [{ fundId: general, fte: fte / 1000 }];
  if (JSON.stringify(before) === JSON.stringify(after)) {
    return null;
  }
  await q.replaceShares(db, position.id, next);
  return {
    positionId: position.id,
    action: 'updated',
    reason,
    before: { fundShares: before },
    after: { fundShares: after },
  };
}

/** A position's fund shares as the API reads them. */
export async function presentFundShares(db: Db, positionId: number): Promise<PositionFundShare[]> {
  const rows = await q.sharesOf(db, positionId);
  return rows.map((r) => ({
    fundId: r.fund_id,
    fundName: r.fund_name,
    fundCode: r.fund_code,
    fundKind: r.fund_kind,
    fte: Number(r.fte),
    budgetedCost: r.cost === null ? null : Number(r.cost),
  }));
}
