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
  };
}

/**
 * The tables to empty before the template's rows go back: those a file wrote and those the
 * template fills. Null when the file changed more than rows (its database is not lent again).
 */
export async function tablesToEmpty<Rows>(run: RunQuery, base: Baseline<Rows>): Promise<string[] | null> {
  if ((await fingerprintOf(run)) !== base.fingerprint) {
    return null;
  }
  const written = await withRows(run, base.tables);
  return [...new Set([...written, ...base.filled.map((f) => f.table)])];
}
