import type { Db } from '@server/db/index';
import { deseCodeTargets, type EmployeeScope } from './bulk-update';

/**
 * Set-based writes to many lines at once (building links, DESE codes, a work group’s new name,
 * a budget's copy). Private to the line writer
 * (server/domains/line-items/), which audits them.
 */

/**
 * Sets building_id on the given lines, only where it is still null (so a line linked meanwhile is
 * left alone). Returns the lines changed.
 */
export async function linkLines(db: Db, links: { id: number; buildingId: number }[]): Promise<number[]> {
  if (!links.length) {
    return [];
  }
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `update line_items li set building_id = m.building_id, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as m(id int, building_id int)
      where li.id = m.id and li.building_id is null
      returning li.id`,
    [JSON.stringify(links.map((l) => ({ id: l.id, building_id: l.buildingId })))],
  );
  return rows.map((r) => r.id);
}

export interface CodeChange {
  id: number;
  job_key: string;
  old_code: string | null;
  new_code: string;
}

/** Sets the DESE code of the lines deseCodeTargets selects; returns each change. */
export async function setDeseCodes(
  db: Db,
  scope: EmployeeScope,
  mappings: { jobKey: string; deseCode: string }[],
  onlyBlank: boolean,
): Promise<CodeChange[]> {
  if (!mappings.length) {
    return [];
  }
  const { rows } = await db.raw<{ rows: CodeChange[] }>(
    `update line_items u set dese_code = t.new_code, updated_at = now()
       from (?) t where u.id = t.id
     returning u.id, t.job_key, t.old_code, t.new_code`,
    [deseCodeTargets(db, scope, mappings, onlyBlank).forUpdate('li')],
  );
  return rows;
}

/** Gives the lines linked to a renamed work group, still labelled with its old name, the new name. */
export async function relabelLines(db: Db, id: number, oldName: string, newName: string): Promise<number[]> {
  const rows: { id: number }[] = await db('line_items')
    .where({ work_group_id: id, work_group: oldName })
    .update({ work_group: newName, updated_at: db.fn.now() })
    .returning('id');
  return rows.map((r) => r.id);
}

/**
 * Copies every line of one budget into another in one INSERT ... SELECT (set-based: a 50,000-line
 * budget is one statement). Every column is copied as it is, whatever columns line_items gains
 * later, except the new row's id, its budget and its timestamps; generated columns compute
 * themselves. Returns the number of lines copied.
 */
export async function copyScenarioLines(db: Db, fromId: number, toId: number): Promise<number> {
  const rows = (await db('information_schema.columns')
    .where({ table_name: 'line_items', is_generated: 'NEVER' })
    .whereRaw('table_schema = current_schema()')
    .whereNotIn('column_name', ['id', 'scenario_id', 'created_at', 'updated_at'])
    .orderBy('ordinal_position')
    .select('column_name')) as { column_name: string }[];
  const columns = rows.map((r) => r.column_name);
  const list = columns.map(() => '??').join(', ');
  const result = await db.raw(
    `WITH copied AS (
       INSERT INTO line_items (scenario_id, ${list})
       SELECT ?, ${list} FROM line_items WHERE scenario_id = ? ORDER BY id
       RETURNING 1)
     SELECT count(*)::int AS count FROM copied`,
    [...columns, toId, ...columns, fromId],
  );
  return Number(result.rows[0].count);
}
