import { closedGrantKeys } from '@server/domains/funds';
import type { Db } from '@server/db/index';
import { GENERAL_FUND } from '@server/sql/general-fund';
import { arrayLiteral } from '@server/sql/array-literal';
import { LINE_FUND } from '@server/domains/funds';
import { POSITION_FUND_PARTS, positionCosts } from '@server/sql/position-cost';

export interface StoredShare {
  fund_id: number;
  fte: string;
}

/** A position's stored fund shares (none: the general fund's whole), in fund order. */
export async function storedShares(db: Db, positionId: number): Promise<StoredShare[]> {
  return db('position_fund_shares')
    .where({ position_id: positionId })
    .orderBy('fund_id')
    .select('fund_id', db.raw('fte::text AS fte'));
}

/** Replaces a position's fund shares (an empty list: the general fund's whole). */
export async function replaceShares(
  db: Db,
  positionId: number,
  shares: readonly { fundId: number; fte: number }[],
): Promise<void> {
  await db('position_fund_shares').where({ position_id: positionId }).delete();
  if (shares.length) {
    await db('position_fund_shares').insert(
      shares.map((s) => ({ position_id: positionId, fund_id: s.fundId, fte: s.fte })),
    );
  }
}

export interface ShareRow {
  fund_id: number;
  fund_name: string;
  fund_code: string;
  fund_kind: string;
  fte: string;
  cost: string | null;
}

/**
 * What each fund pays of a position (server/sql/position-cost.ts: POSITION_FUND_PARTS, the rule's
 * one home), the general fund named when it pays the whole.
 */
export async function sharesOf(db: Db, positionId: number): Promise<ShareRow[]> {
  const { rows } = await db.raw(
    `SELECT f.id AS fund_id, f.name AS fund_name, f.code AS fund_code, f.kind AS fund_kind,
            fp.share::text AS fte, fp.cost::text AS cost
       FROM (${positionCosts({ ids: [positionId] })}) pc
       CROSS JOIN LATERAL (${POSITION_FUND_PARTS}) fp
       JOIN funds f ON f.id = ${LINE_FUND('fp.fund_id')}
      ORDER BY f.kind <> 'general', f.id`,
  );
  return rows;
}

/**
 * A payroll import's new positions (made from its lines: positionsFromLines) paid by the fund of the
 * line each was made from, when that line names a fund other than the general fund that can pay
 * the roster's cost year: the position is that fund's whole. Returns how many.
 */
export async function sharesFromImportedLines(db: Db, importRunId: number): Promise<number> {
  const years: number[] = await db('line_items')
    .where({ import_run_id: importRunId })
    .whereNotNull('fund_id')
    .distinct()
    .pluck('fiscal_year');
  if (!years.length) {
    return 0;
  }
  // Each (fiscal year, fund) whose grant cannot pay that year's roster, whose cost year is the next:
  // a file may hold several years.
  const closed = await closedGrantKeys(db, years.map(Number), 1);
  const { rows } = await db.raw(
    `INSERT INTO position_fund_shares (position_id, fund_id, fte)
     SELECT p.id, li.fund_id, p.fte
       FROM position_history ph
       JOIN positions p ON p.id = ph.position_id
       JOIN line_items li ON li.id = (ph.after ->> 'lineItemId')::int
      WHERE li.import_run_id = ? AND ph.action = 'created' AND li.fund_id IS NOT NULL
        AND li.fund_id <> ${GENERAL_FUND} AND NOT (li.fiscal_year || ':' || li.fund_id = ANY(?::text[]))
        AND NOT EXISTS (SELECT 1 FROM position_fund_shares s WHERE s.position_id = p.id)
     RETURNING position_id`,
    [importRunId, arrayLiteral(closed)],
  );
  return rows.length;
}
