import { openDb, type DbHandle } from '@server/db/index';
import type { EmbeddedDb } from '@server/db/pglite-remote';

/**
 * Embedded databases lent to test files, one worker's worth. Starting PGlite from the run's template
 * costs about 0.5 CPU-s (its files unpacked, PostgreSQL started in WebAssembly): a third of what a
 * typical test file spends. A file's database is given back when the file closes it, put back to
 * the template's rows (below) and lent to the next file; a database whose schema, roles or settings
 * a file changed is closed instead, as every database was before.
 */

/** What a fresh copy of the template holds, taken from the first one this worker opens. */
interface Baseline {
  /** The schema, roles and settings (FINGERPRINT); a database that no longer matches is not lent again. */
  fingerprint: string;
  /** Every table of the app's schemas, quoted. */
  tables: string[];
  /** The tables with rows in the template: their columns and their rows as COPY wrote them. */
  filled: { table: string; columns: string; rows: Blob }[];
  /** One statement that sets every sequence back where the template had it. */
  sequences: string;
}

/** At most this many databases wait between files (a file may hold two at once). */
const KEEP = 2;
const idle: EmbeddedDb[] = [];
/** Every copy of the run's template holds the same, so one baseline serves them all. */
let baseline: Promise<Baseline> | undefined;

/**
 * A database of the template's content for one test file: a kept one put back to it, else a new
 * one `start` opens. Closing the handle gives it back.
 */
export async function lendEmbedded(start: () => Promise<DbHandle>): Promise<DbHandle> {
  let kept = idle.pop();
  if (!kept) {
    // The handle's own knex is never used: the database is reached through the lent handles below.
    const fresh = (await start()).pglite!;
    baseline ??= takeBaseline(fresh);
    await baseline;
    kept = fresh;
  }
  const lent = new Lent(kept);
  const handle = await openDb({ embedded: lent });
  let given = false;
  return {
    ...handle,
    close: async () => {
      if (given) {
        return;
      }
      given = true;
      await handle.close();
      await giveBack(kept);
    },
  };
}

async function giveBack(db: EmbeddedDb): Promise<void> {
  try {
    if (idle.length < KEEP && !db.closed && (await reset(db, await baseline!))) {
      idle.push(db);
      return;
    }
  } catch {
    // A database that cannot be put back is closed below.
  }
  await db.close().catch(() => undefined);
}

/** The database as a test file's knex sees it: every statement reaches it; closing only gives it back. */
class Lent implements EmbeddedDb {
  private given = false;
  constructor(private readonly db: EmbeddedDb) {}
  get waitReady() {
    return this.db.waitReady;
  }
  get closed() {
    return this.given || this.db.closed;
  }
  query: EmbeddedDb['query'] = (sql, params, options) => this.db.query(sql, params, options);
  exec: EmbeddedDb['exec'] = (sql, options) => this.db.exec(sql, options);
  dumpDataDir: EmbeddedDb['dumpDataDir'] = (compression) => this.db.dumpDataDir(compression);
  async close(): Promise<void> {
    this.given = true;
  }
}

const APP_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/**
 * Everything a test file could change besides rows: relations, columns, defaults, constraints,
 * triggers (and whether enabled), functions, views, enum labels, extensions, roles, settings, large
 * objects. Temporary objects are gone with DISCARD ALL before this is read.
 */
const FINGERPRINT = `
SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS fingerprint FROM (
  SELECT 'c ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || c.relrowsecurity::text
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${APP_SCHEMAS}
  UNION ALL SELECT 'a ' || a.attrelid::regclass || '.' || a.attname || ' ' || a.atttypid::text || ' ' || a.attnotnull::text
      || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped AND ${APP_SCHEMAS}
  UNION ALL SELECT 'k ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(k.oid)
    FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE ${APP_SCHEMAS}
  UNION ALL SELECT 't ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger
  UNION ALL SELECT 'p ' || p.oid::regprocedure || ' ' || md5(p.prosrc)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${APP_SCHEMAS}
  UNION ALL SELECT 'v ' || schemaname || '.' || viewname || ' ' || md5(definition)
    FROM pg_views WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL SELECT 'e ' || enumtypid::regtype || ' ' || enumlabel FROM pg_enum
  UNION ALL SELECT 'x ' || extname || ' ' || extversion FROM pg_extension
  UNION ALL SELECT 'r ' || rolname || ' ' || rolsuper::text FROM pg_roles
  UNION ALL SELECT 's ' || setdatabase::text || ' ' || setrole::text || ' ' || array_to_string(setconfig, ',')
    FROM pg_db_role_setting
  UNION ALL SELECT 'l ' || count(*) FROM pg_largeobject_metadata
) f(x)`;

const fingerprintOf = async (db: EmbeddedDb) =>
  (await db.query<{ fingerprint: string }>(FINGERPRINT)).rows[0].fingerprint;

async function takeBaseline(db: EmbeddedDb): Promise<Baseline> {
  const tables = (
    await db.query<{ name: string; columns: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name,
              (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
                WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND ${APP_SCHEMAS}
        ORDER BY 1`,
    )
  ).rows;
  const filled: Baseline['filled'] = [];
  for (const name of await withRows(
    db,
    tables.map((t) => t.name),
  )) {
    const columns = tables.find((t) => t.name === name)!.columns;
    const result = await db.query(`COPY ${name} (${columns}) TO '/dev/blob'`);
    filled.push({ table: name, columns, rows: result.blob! });
  }
  const setvals = (
    await db.query<{ call: string }>(
      `SELECT format('setval(%L, %s, %s)', format('%I.%I', schemaname, sequencename),
                     coalesce(last_value, start_value), (last_value IS NOT NULL)::text) AS call
         FROM pg_sequences`,
    )
  ).rows.map((r) => r.call);
  return {
    fingerprint: await fingerprintOf(db),
    tables: tables.map((t) => t.name),
    filled,
    sequences: setvals.length ? `SELECT ${setvals.join(', ')}` : '',
  };
}

/** The tables of `tables` that hold a row. */
async function withRows(db: EmbeddedDb, tables: string[]): Promise<string[]> {
  if (!tables.length) {
    return [];
  }
  const probe = tables.map((t, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT FROM ${t})`).join(' UNION ALL ');
  return (await db.query<{ i: number }>(probe)).rows.map((r) => tables[r.i]);
}

/**
 * Puts the database back to the template's rows and sequences, with the session as new. False
 * (and nothing done) when the file changed more than rows: that database is not lent again.
 */
async function reset(db: EmbeddedDb, baseline: Baseline): Promise<boolean> {
  // A transaction a failed test left open, then the session's own state (settings, temporary
  // tables, prepared statements, advisory locks).
  await db.exec('ROLLBACK');
  await db.exec('DISCARD ALL');
  if ((await fingerprintOf(db)) !== baseline.fingerprint) {
    return false;
  }
  const written = await withRows(db, baseline.tables);
  const emptied = [...new Set([...written, ...baseline.filled.map((f) => f.table)])];
  // Triggers (the audit, locked-year and reference checks) do not fire while rows are put back.
  await db.exec('SET session_replication_role = replica');
  if (emptied.length) {
    await db.exec(`TRUNCATE ${emptied.join(', ')} CASCADE`);
  }
  for (const { table, columns, rows } of baseline.filled) {
    await db.query(`COPY ${table} (${columns}) FROM '/dev/blob'`, [], { blob: rows });
  }
  if (baseline.sequences) {
    await db.query(baseline.sequences);
  }
  await db.exec('RESET session_replication_role');
  return true;
}
