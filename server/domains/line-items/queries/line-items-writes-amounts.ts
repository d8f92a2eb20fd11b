import type { Db } from '@server/db/index';

/**
 * Sets each listed proposed line's amount to its own value (an adopted scenario's cuts, or their
 * undo): one statement for every line. Private to the line writer (server/domains/line-items/),
 * which locks, audits and names the cause. Returns the lines whose amount changed.
 */
export async function setAmounts(
  db: Db,
  amounts: readonly { id: number; amount: string }[],
): Promise<number[]> {
  if (!amounts.length) {
    return [];
  }
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `update line_items li set amount = m.amount, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as m(id int, amount numeric(14,2))
      where li.id = m.id and not li.is_operating and li.amount is distinct from m.amount
      returning li.id`,
    [JSON.stringify(amounts)],
  );
  return rows.map((r) => Number(r.id));
}
