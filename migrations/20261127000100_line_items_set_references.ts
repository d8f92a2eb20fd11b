import type { Knex } from 'knex';

/**
 * line_items' seven references checked once per statement instead of once per row (docs/ARCHITECTURE.md,
 * 'References of line_items, checked per statement'). A foreign key runs one lookup and one row
 * lock per inserted row and column: seven per line, 700,000 for a 100,000-row payroll import and
 * half of its time, though the lines of an import share a handful of distinct values. The
 * constraints give way to triggers that enforce the same rules set-based:
 *  - a write: the distinct values the statement wrote (an UPDATE: those no old row held) must
 *    exist in their tables, which are locked FOR KEY SHARE as a foreign key locks them, so a
 *    concurrent delete waits for the writer; a missing one raises 23503 (foreign_key_violation)
 *    naming the old constraint, as the foreign key did;
 *  - a delete of a referenced row: the old ON DELETE action, once for all the statement's rows
 *    (CASCADE deletes the lines, SET NULL clears the column, NO ACTION refuses with 23503);
 *  - a referenced id changed: refused with 23503, as NO ACTION did (no code changes an id);
 *  - a TRUNCATE of a table lines still name: refused (nothing truncates them; a key refused it too).
 */

export interface Reference {
  column: string;
  table: string;
  onDelete: 'CASCADE' | 'SET NULL' | 'NO ACTION';
}

export const REFERENCES: readonly Reference[] = [
  { column: 'budget_year_id', table: 'budget_years', onDelete: 'CASCADE' },
  { column: 'scenario_id', table: 'scenarios', onDelete: 'CASCADE' },
  { column: 'version_id', table: 'budget_versions', onDelete: 'SET NULL' },
  { column: 'work_group_id', table: 'work_groups', onDelete: 'SET NULL' },
  { column: 'category_id', table: 'budget_categories', onDelete: 'NO ACTION' },
  { column: 'building_id', table: 'buildings', onDelete: 'NO ACTION' },
  { column: 'import_run_id', table: 'import_runs', onDelete: 'SET NULL' },
];

const constraintOf = (r: Reference) => `line_items_${r.column}_foreign`;

const keysOf = (r: Reference) => `keys_${r.column}`;

/**
 * The distinct values the statement wrote in each column: an INSERT's in one pass over its rows
 * (seven passes cost three times as much), an UPDATE's less those its old rows held.
 */
function collectKeys(refs: readonly Reference[]): string {
  const aggregates = refs.map(
    (r) => `array_agg(DISTINCT ${r.column}) FILTER (WHERE ${r.column} IS NOT NULL)`,
  );
  const changed = refs.map(
    (r) => `
        ${keysOf(r)} := ARRAY(SELECT ${r.column} FROM new_rows WHERE ${r.column} IS NOT NULL
                              EXCEPT SELECT ${r.column} FROM old_rows);`,
  );
  return `
      IF TG_OP = 'INSERT' THEN
        SELECT ${aggregates.join(',\n               ')}
          INTO ${refs.map(keysOf).join(', ')} FROM new_rows;
      ELSE${changed.join('')}
      END IF;`;
}

/** One column's check: its values locked FOR KEY SHARE where they exist; one that does not is refused. */
function writeCheck(r: Reference): string {
  const keys = keysOf(r);
  return `
      IF cardinality(${keys}) > 0 THEN
        SELECT count(*)::int INTO found FROM (SELECT id FROM ${r.table} WHERE id = ANY(${keys}) FOR KEY SHARE) p;
        IF found < cardinality(${keys}) THEN
          SELECT k INTO missing FROM unnest(${keys}) k WHERE NOT EXISTS (SELECT 1 FROM ${r.table} WHERE id = k) LIMIT 1;
          RAISE EXCEPTION 'insert or update on table "line_items" violates foreign key constraint "${constraintOf(r)}"'
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${constraintOf(r)}', TABLE = 'line_items',
                  DETAIL = 'Key (${r.column})=(' || missing || ') is not present in table "${r.table}".';
        END IF;
      END IF;`;
}

const refused = (r: Reference) => `
        RAISE EXCEPTION 'update or delete on table "${r.table}" violates foreign key constraint "${constraintOf(r)}" on table "line_items"'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${constraintOf(r)}', TABLE = '${r.table}',
                DETAIL = 'Key (id) is still referenced from table "line_items".';`;

/** What a delete of `r.table` rows does to the lines that name them (its old ON DELETE). */
function onDelete(r: Reference): string {
  const hit = `${r.column} IN (SELECT id FROM old_rows)`;
  if (r.onDelete === 'CASCADE') {
    return `DELETE FROM line_items WHERE ${hit};`;
  }
  if (r.onDelete === 'SET NULL') {
    return `UPDATE line_items SET ${r.column} = NULL WHERE ${hit};`;
  }
  return `IF EXISTS (SELECT 1 FROM line_items WHERE ${hit}) THEN${refused(r)}
      END IF;`;
}

const parentFunction = (r: Reference) => `line_items_ref_${r.table}`;

/**
 * The statement check of lines' references (CREATE OR REPLACE: a later migration adding a reference
 * calls it again with the longer list, and the function's text for the first seven is the same).
 */
export async function installCheckFunction(knex: Knex, refs: readonly Reference[]): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION line_items_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE ${refs.map((r) => `${keysOf(r)} int[];`).join(' ')} found int; missing int;
    BEGIN${collectKeys(refs)}${refs.map(writeCheck).join('')}
      RETURN NULL;
    END $$`);
}

/** What the referenced table's deletes, id changes and truncates do to the lines naming it. */
export async function installParentTriggers(knex: Knex, r: Reference): Promise<void> {
  // A changed id that lines still name is refused; ids are never changed by the application.
  await knex.raw(`CREATE FUNCTION ${parentFunction(r)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          -- A foreign key refused any TRUNCATE of its table; this refuses one lines would outlive.
          IF EXISTS (SELECT 1 FROM line_items WHERE ${r.column} IS NOT NULL) THEN${refused(r)}
          END IF;
        ELSIF TG_OP = 'DELETE' THEN
          ${onDelete(r)}
        ELSIF EXISTS (SELECT 1 FROM line_items WHERE ${r.column} IN
                       (SELECT id FROM old_rows EXCEPT SELECT id FROM new_rows)) THEN${refused(r)}
        END IF;
        RETURN NULL;
      END $$`);
  await knex.raw(`CREATE TRIGGER ${r.table}_line_items_delete AFTER DELETE ON ${r.table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${parentFunction(r)}()`);
  await knex.raw(`CREATE TRIGGER ${r.table}_line_items_update AFTER UPDATE ON ${r.table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${parentFunction(r)}()`);
  await knex.raw(`CREATE TRIGGER ${r.table}_line_items_truncate BEFORE TRUNCATE ON ${r.table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${parentFunction(r)}()`);
}

export async function dropParentTriggers(knex: Knex, r: Reference): Promise<void> {
  await knex.raw(`DROP TRIGGER ${r.table}_line_items_delete ON ${r.table}`);
  await knex.raw(`DROP TRIGGER ${r.table}_line_items_update ON ${r.table}`);
  await knex.raw(`DROP TRIGGER ${r.table}_line_items_truncate ON ${r.table}`);
  await knex.raw(`DROP FUNCTION ${parentFunction(r)}()`);
}

export async function up(knex: Knex): Promise<void> {
  for (const r of REFERENCES) {
    await knex.raw(`ALTER TABLE line_items DROP CONSTRAINT IF EXISTS ${constraintOf(r)}`);
  }
  await installCheckFunction(knex, REFERENCES);
  await knex.raw(`CREATE TRIGGER line_items_references_insert AFTER INSERT ON line_items
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION line_items_check_references()`);
  await knex.raw(`CREATE TRIGGER line_items_references_update AFTER UPDATE ON line_items
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION line_items_check_references()`);
  for (const r of REFERENCES) {
    await installParentTriggers(knex, r);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const r of REFERENCES) {
    await dropParentTriggers(knex, r);
  }
  await knex.raw('DROP TRIGGER line_items_references_insert ON line_items');
  await knex.raw('DROP TRIGGER line_items_references_update ON line_items');
  await knex.raw('DROP FUNCTION line_items_check_references()');
  for (const r of REFERENCES) {
    await knex.raw(`ALTER TABLE line_items ADD CONSTRAINT ${constraintOf(r)} FOREIGN KEY (${r.column})
      REFERENCES ${r.table}(id)${r.onDelete === 'NO ACTION' ? '' : ` ON DELETE ${r.onDelete}`}`);
  }
}
