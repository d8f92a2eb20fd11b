import type { Knex } from 'knex';

/**
 * The positions tables' references checked once per statement instead of once per row, as
 * line_items' are (migration 20261127000100, docs/ARCHITECTURE.md 'References of line_items,
 * checked per statement'). A payroll import of 100,000 people writes 100,000 positions, holders and
 * history entries in one statement (server/domains/positions/queries/from-lines.ts), and their nine
 * foreign keys ran 900,000 row triggers and most of those as a lookup and a row lock: more than
 * half of the import's time in PostgreSQL. The keys give way to statement triggers keeping the
 * same rules, refusing with the same SQLSTATE (23503) and constraint name:
 *  - a write: the distinct values the statement wrote (an UPDATE: those no old row held) must
 *    exist, and are locked FOR KEY SHARE as a key locks them, so a concurrent delete waits; except
 *    a row version this transaction wrote itself (its xmin is ours), which no one else can delete
 *    before we commit: the positions an import just made are not locked again, row by row;
 *  - a delete of a referenced row: the old ON DELETE action once for all the statement's rows
 *    (CASCADE deletes, SET NULL clears the column, NO ACTION refuses with 23503);
 *  - a referenced id changed, or a TRUNCATE the rows would outlive: refused, as the keys refused.
 * The positions' indexes on building, category and work group go with their keys: nothing reads
 * positions by one of these alone (every list, cost and follow names the roster, whose index
 * serves it); only a rare admin delete of a building, category or work group now reads the table
 * once, where the key read the index once per deleted row. Each cost every position written.
 */

interface Reference {
  child: string;
  column: string;
  table: string;
  onDelete: 'CASCADE' | 'SET NULL' | 'NO ACTION';
}

const ref = (child: string, column: string, table: string, onDelete: Reference['onDelete']): Reference => ({
  child,
  column,
  table,
  onDelete,
});

export const REFERENCES: readonly Reference[] = [
  ref('positions', 'budget_year_id', 'budget_years', 'CASCADE'),
  ref('positions', 'building_id', 'buildings', 'NO ACTION'),
  ref('positions', 'category_id', 'budget_categories', 'NO ACTION'),
  ref('positions', 'work_group_id', 'work_groups', 'SET NULL'),
  ref('positions', 'created_by', 'users', 'SET NULL'),
  ref('positions', 'updated_by', 'users', 'SET NULL'),
  ref('position_holders', 'position_id', 'positions', 'CASCADE'),
  ref('position_history', 'position_id', 'positions', 'CASCADE'),
  ref('position_history', 'user_id', 'users', 'SET NULL'),
];

const CHILDREN = ['positions', 'position_holders', 'position_history'] as const;

const INDEXES = [
  ['positions_building_idx', 'building_id'],
  ['positions_category_idx', 'category_id'],
  ['positions_work_group_idx', 'work_group_id'],
] as const;

const refsOf = (child: string) => REFERENCES.filter((r) => r.child === child);
const constraintOf = (r: Reference) => `${r.child}_${r.column}_foreign`;
const keysOf = (r: Reference) => `keys_${r.column}`;

/** The distinct values the statement wrote in each column (an UPDATE: less those its old rows held). */
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

/**
 * One column's check: its values must exist; those this transaction did not write are locked FOR
 * KEY SHARE (`me` is our transaction id). A missing one is refused as the key refused it.
 */
function writeCheck(r: Reference): string {
  const keys = keysOf(r);
  return `
      IF cardinality(${keys}) > 0 THEN
        SELECT count(*)::int, count(*) FILTER (WHERE p.xmin <> me)::int INTO found, theirs
          FROM ${r.table} p WHERE p.id = ANY(${keys});
        IF theirs > 0 THEN
          PERFORM 1 FROM ${r.table} p WHERE p.id = ANY(${keys}) AND p.xmin <> me FOR KEY SHARE;
        END IF;
        IF found < cardinality(${keys}) THEN
          SELECT k INTO missing FROM unnest(${keys}) k WHERE NOT EXISTS (SELECT 1 FROM ${r.table} WHERE id = k) LIMIT 1;
          RAISE EXCEPTION 'insert or update on table "${r.child}" violates foreign key constraint "${constraintOf(r)}"'
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${constraintOf(r)}', TABLE = '${r.child}',
                  DETAIL = 'Key (${r.column})=(' || missing || ') is not present in table "${r.table}".';
        END IF;
      END IF;`;
}

const checkFunction = (child: string) => `${child}_check_references`;

const refused = (r: Reference) => `
        RAISE EXCEPTION 'update or delete on table "${r.table}" violates foreign key constraint "${constraintOf(r)}" on table "${r.child}"'
          USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${constraintOf(r)}', TABLE = '${r.table}',
                DETAIL = 'Key (id) is still referenced from table "${r.child}".';`;

/** What a delete of `r.table` rows does to the rows that name them (its old ON DELETE). */
function onDelete(r: Reference): string {
  const hit = `${r.column} IN (SELECT id FROM old_rows)`;
  if (r.onDelete === 'CASCADE') {
    return `DELETE FROM ${r.child} WHERE ${hit};`;
  }
  if (r.onDelete === 'SET NULL') {
    return `UPDATE ${r.child} SET ${r.column} = NULL WHERE ${hit};`;
  }
  return `IF EXISTS (SELECT 1 FROM ${r.child} WHERE ${hit}) THEN${refused(r)}
      END IF;`;
}

/** Named for the child's column, as a parent (users) may be named by two columns of one child. */
const parentFunction = (r: Reference) => `${r.child}_ref_${r.column}`;
const parentTrigger = (r: Reference, event: string) => `${r.table}_${r.child}_${r.column}_${event}`;

export async function up(knex: Knex): Promise<void> {
  for (const r of REFERENCES) {
    await knex.raw(`ALTER TABLE ${r.child} DROP CONSTRAINT IF EXISTS ${constraintOf(r)}`);
  }
  for (const [name] of INDEXES) {
    await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  }
  for (const child of CHILDREN) {
    const refs = refsOf(child);
    await knex.raw(`CREATE FUNCTION ${checkFunction(child)}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ${refs.map((r) => `${keysOf(r)} int[];`).join(' ')} found int; theirs int; missing int;
        me xid := xid(pg_current_xact_id());
      BEGIN${collectKeys(refs)}${refs.map(writeCheck).join('')}
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE TRIGGER ${child}_references_insert AFTER INSERT ON ${child}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${checkFunction(child)}()`);
    await knex.raw(`CREATE TRIGGER ${child}_references_update AFTER UPDATE ON ${child}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${checkFunction(child)}()`);
  }
  for (const r of REFERENCES) {
    await knex.raw(`CREATE FUNCTION ${parentFunction(r)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          IF EXISTS (SELECT 1 FROM ${r.child} WHERE ${r.column} IS NOT NULL) THEN${refused(r)}
          END IF;
        ELSIF TG_OP = 'DELETE' THEN
          ${onDelete(r)}
        ELSIF EXISTS (SELECT 1 FROM ${r.child} WHERE ${r.column} IN
                       (SELECT id FROM old_rows EXCEPT SELECT id FROM new_rows)) THEN${refused(r)}
        END IF;
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE TRIGGER ${parentTrigger(r, 'delete')} AFTER DELETE ON ${r.table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${parentFunction(r)}()`);
    await knex.raw(`CREATE TRIGGER ${parentTrigger(r, 'update')} AFTER UPDATE ON ${r.table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${parentFunction(r)}()`);
    await knex.raw(`CREATE TRIGGER ${parentTrigger(r, 'truncate')} BEFORE TRUNCATE ON ${r.table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${parentFunction(r)}()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const r of REFERENCES) {
    for (const event of ['delete', 'update', 'truncate']) {
      await knex.raw(`DROP TRIGGER ${parentTrigger(r, event)} ON ${r.table}`);
    }
    await knex.raw(`DROP FUNCTION ${parentFunction(r)}()`);
  }
  for (const child of CHILDREN) {
    await knex.raw(`DROP TRIGGER ${child}_references_insert ON ${child}`);
    await knex.raw(`DROP TRIGGER ${child}_references_update ON ${child}`);
    await knex.raw(`DROP FUNCTION ${checkFunction(child)}()`);
  }
  for (const [name, column] of INDEXES) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON positions (${column})`);
  }
  for (const r of REFERENCES) {
    await knex.raw(`ALTER TABLE ${r.child} ADD CONSTRAINT ${constraintOf(r)} FOREIGN KEY (${r.column})
      REFERENCES ${r.table}(id)${r.onDelete === 'NO ACTION' ? '' : ` ON DELETE ${r.onDelete}`}`);
  }
}
