import type { Db } from '@server/db/index';
import { arrayLiteral } from '@server/sql/array-literal';

/** An employee line whose positions' shares add up to more than an FTE it is being given. */
export interface HeldBeyond {
  id: number;
  name: string;
  /** The line's positions' shares, in thousandths. */
  held: number;
  /** 'Title at Building' of each position the line holds, title order. */
  positions: string[];
}

/**
 * The lines of `ids` whose holders' shares (position_holders, written by the positions domain)
 * add up to more than `fteMilli` thousandths: an FTE below them would leave a person holding more
 * of their positions than they work, each priced at their full salary.
 */
export async function heldBeyond(db: Db, ids: readonly number[], fteMilli: number): Promise<HeldBeyond[]> {
  const { rows } = await db.raw(
    `SELECT li.id, coalesce(nullif(btrim(concat_ws(' ', li.first_name, li.last_name)), ''), 'Line ' || li.id) AS name,
            round(sum(h.fte_share) * 1000)::int AS held,
            array_agg(p.title || coalesce(' at ' || b.name, '') ORDER BY p.title, p.id) AS positions
       FROM position_holders h
       JOIN line_items li ON li.id = h.line_item_id
       JOIN positions p ON p.id = h.position_id
       LEFT JOIN buildings b ON b.id = p.building_id
      WHERE h.line_item_id = ANY(?::int[])
      GROUP BY li.id
     HAVING round(sum(h.fte_share) * 1000) > ?
      ORDER BY li.id`,
    [arrayLiteral(ids), fteMilli],
  );
  return rows.map((r: HeldBeyond) => ({ ...r, id: Number(r.id), held: Number(r.held) }));
}
