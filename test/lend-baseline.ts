/**
 * What a copy of the run's template holds, and the checks that tell whether a database a test file
 * used can be put back to it and lent to the next file: shared by the embedded databases
 * (test/pglite-lend.ts) and those on a PostgreSQL server (test/pg-lend.ts).
 */

/** A statement's rows, whichever database runs it (no parameters). */
export type RunQuery = <T>(sql: string) => Promise<T[]>;

export const APP_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

/**
 * Everything a test file could change besides rows: relations, columns, defaults, constraints,
 * triggers (and whether enabled), functions, views, enum labels, extensions, roles, settings, large
 * objects. Temporary objects are gone (a new session, or DISCARD ALL) before this is read. Settings
 * are this database's and the cluster's, named without the database's oid (each copy has its own).
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
  UNION ALL SELECT 's ' || (setdatabase <> 0)::text || ' ' || setrole::text || ' ' || array_to_string(setconfig, ',')
    FROM pg_db_role_setting
   WHERE setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
  UNION ALL SELECT 'l ' || count(*) FROM pg_largeobject_metadata
) f(x)`;

export const fingerprintOf = async (run: RunQuery) =>
  (await run<{ fingerprint: string }>(FINGERPRINT))[0].fingerprint;

/** Every table of the app's schemas, quoted, with its columns that take a value (not generated). */
export const appTables = (run: RunQuery) =>
  run<{ name: string; columns: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name,
            (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND ${APP_SCHEMAS}
      ORDER BY 1`,
  );

/** One statement that sets every sequence back where it is now ('' when there is none). */
export async function sequencesNow(run: RunQuery): Promise<string> {
  const calls = (
    await run<{ call: string }>(
      `SELECT format('setval(%L, %s, %s)', format('%I.%I', schemaname, sequencename),
                     coalesce(last_value, start_value), (last_value IS NOT NULL)::text) AS call
         FROM pg_sequences`,
    )
  ).map((r) => r.call);
  return calls.length ? `SELECT ${calls.join(', ')}` : '';
}

/** The tables of `tables` that hold a row. */
export async function withRows(run: RunQuery, tables: string[]): Promise<string[]> {
  if (!tables.length) {
    return [];
  }
  const probe = tables.map((t, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT FROM ${t})`).join(' UNION ALL ');
  return (await run<{ i: number }>(probe)).map((r) => tables[r.i]);
}

/** What a fresh copy of the template holds, taken from the first copy a worker opens. */
export interface Baseline<Rows> {
  /** The schema, roles and settings; a database that no longer matches is not lent again. */
  fingerprint: string;
  /** Every table of the app's schemas, quoted. */
  tables: string[];
  /** The tables with rows in the template: their columns and their rows, as `dump` kept them. */
  filled: { table: string; columns: string; rows: Rows }[];
  /** One statement that sets every sequence back where the template had it. */
  sequences: string;
  /** A digest of each filled table's rows, to leave a table the file did not change alone. */
  digests: Record<string, string>;
}

export async function takeBaseline<Rows>(
  run: RunQuery,
  dump: (table: string, columns: string) => Promise<Rows>,
): Promise<Baseline<Rows>> {
  const tables = await appTables(run);
  const filled: Baseline<Rows>['filled'] = [];
  for (const table of await withRows(
    run,
    tables.map((t) => t.name),
  )) {
    const columns = tables.find((t) => t.name === table)!.columns;
    filled.push({ table, columns, rows: await dump(table, columns) });
  }
  return {
    fingerprint: await fingerprintOf(run),
    tables: tables.map((t) => t.name),
    filled,
    sequences: await sequencesNow(run),
    digests: await digestsOf(
      run,
      filled.map((f) => f.table),
    ),
  };
}

/** Each table's rows as one digest, whatever order they are stored in. */
async function digestsOf(run: RunQuery, tables: string[]): Promise<Record<string, string>> {
  if (!tables.length) {
    return {};
  }
  const probe = tables
    .map(
      (t, i) =>
        `SELECT ${i} AS i, coalesce((SELECT md5(string_agg(md5(r::text), '' ORDER BY md5(r::text))) FROM ${t} r), '') AS d`,
    )
    .join(' UNION ALL ');
  const rows = await run<{ i: number; d: string }>(probe);
  return Object.fromEntries(rows.map((r) => [tables[r.i], r.d]));
}

/**
 * A table with more rows than this is emptied by TRUNCATE, fewer by DELETE: TRUNCATE makes new
 * files for the table and its indexes (about 17 ms a table on the server, 30 on PGlite), where a
 * DELETE of a few hundred rows takes a millisecond; a few tables a test filled by the thousand
 * are where TRUNCATE wins.
 */
export const DELETE_AT_MOST = 2000;
/**
 * Every so many resets a database is put back in full (TRUNCATE), so that the dead rows DELETE
 * leaves (PGlite has no autovacuum) never pile up over a worker's run.
 */
export const FULL_RESET_EVERY = 25;

/** How a database a file used goes back to the template. */
export type ResetPlan =
  /** TRUNCATE (CASCADE) these, then every filled table's rows again. */
  | { full: true; tables: string[] }
  /** DELETE the rows of these (replication role replica: no trigger), then refill `refill`. */
  | { full: false; tables: string[]; refill: string[] };

/**
 * The tables to empty before the template's rows go back, and how: the tables a file wrote, and
 * the filled ones whose rows it changed (the others are left as they are). Null when the file
 * changed more than rows (its database is not lent again).
 */
export async function planReset<Rows>(
  run: RunQuery,
  base: Baseline<Rows>,
  resets: number,
): Promise<ResetPlan | null> {
  if ((await fingerprintOf(run)) !== base.fingerprint) {
    return null;
  }
  const filled = base.filled.map((f) => f.table);
  const counts = await rowCounts(run, base.tables);
  const large = [...counts.values()].some((n) => n > DELETE_AT_MOST);
  if (large || resets % FULL_RESET_EVERY === FULL_RESET_EVERY - 1) {
    return { full: true, tables: [...new Set([...counts.keys(), ...filled])] };
  }
  const now = await digestsOf(run, filled);
  const refill = filled.filter((t) => now[t] !== base.digests[t]);
  const written = [...counts.keys()].filter((t) => !filled.includes(t));
  return { full: false, tables: [...written, ...refill], refill };
}

/** The tables of `tables` that hold a row, each with its rows counted up to DELETE_AT_MOST + 1. */
async function rowCounts(run: RunQuery, tables: string[]): Promise<Map<string, number>> {
  if (!tables.length) {
    return new Map();
  }
  const probe = tables
    .map(
      (t, i) =>
        `SELECT ${i} AS i, (SELECT count(*) FROM (SELECT FROM ${t} LIMIT ${DELETE_AT_MOST + 1}) s)::int AS n`,
    )
    .join(' UNION ALL ');
  const rows = await run<{ i: number; n: number }>(`SELECT i, n FROM (${probe}) c WHERE n > 0`);
  return new Map(rows.map((r) => [tables[r.i], Number(r.n)]));
}
