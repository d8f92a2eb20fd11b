import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { EmbeddedDb } from './pglite-remote';
import { retryTransactions } from './transaction';
import { tighten } from '@server/lib/private-files';
import { refuseUnfinishedRestore } from '@server/lib/restore-journal';

export type Db = Knex | Knex.Transaction;

const NUMERIC = 1700;
const INT8 = 20;
const DATE = 1082;

// Money is numeric(14,2): JavaScript numbers hold every cent up to 9e13 exactly, and totals are
// summed in SQL, so a number is safe to hand to the presenters. Dates stay 'YYYY-MM-DD' strings so
// no timezone shifts a hire date by a day.
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

// The same for PGlite, on this thread or on its own (server/db/pglite-worker.mjs builds its parsers
// from these lists: functions cannot be sent to a thread).
const PARSED_AS_NUMBER = [NUMERIC, INT8];
const KEPT_AS_TEXT = [DATE];
const pgliteParsers = Object.fromEntries([
  ...PARSED_AS_NUMBER.map((oid) => [oid, (v: string) => Number(v)] as const),
  ...KEPT_AS_TEXT.map((oid) => [oid, (v: string) => v] as const),
]);

export interface DbOptions {
  /** A PostgreSQL connection string: production, or a real server in tests. */
  url?: string;
  /** A folder for PGlite's files (embedded mode). */
  dataDir?: string;
  /** A PGlite data dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /** PGlite's own files (its pglite.data), when the caller holds them already: tests open hundreds. */
  fsBundle?: Blob;
  /**
   * Where embedded PGlite runs its statements. 'worker' (the server): on a thread of its own, so a
   * long statement never holds the event loop. 'main' (the default: the CLI, tests, restores): on
   * this thread, which starts faster and serves one caller at a time anyway.
   */
  thread?: 'worker' | 'main';
  /** An embedded database already open, to run on instead of starting one (tests lend one per file). */
  embedded?: EmbeddedDb;
}

export interface DbHandle {
  knex: Knex;
  kind: 'pg' | 'pglite';
  pglite?: EmbeddedDb;
  close(): Promise<void>;
}

/** Takes the embedded data folder's lock for this process; returns its release. */
export function takeLock(dir: string): () => void {
  const lock = path.join(dir, 'pglite.lock');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {
      alive = false;
    }
    if (alive) {
      throw new Error(
        `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
          'PGlite allows one process at a time: stop the server first, or set DATABASE_URL to use a PostgreSQL server.',
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

/**
 * PGlite on this thread runs each statement on it, and starts the next queued statement from
 * the promise of the last: under a storm of reads they ran back to back without the event loop
 * getting a turn, and /api/health (which needs no database) waited 12 s. Statements now go in one
 * at a time, each after a turn of the loop (setImmediate: after pending I/O), a fraction of a
 * millisecond apiece. On its own thread (thread: 'worker') a statement no longer holds the loop,
 * but one long one still did at the start of a read storm (3.8 s); the same one-at-a-time order
 * per connection holds there too.
 */
// The last statement sent to each PGlite connection (knex's transaction clients are made from
// the prototype, so the order is kept per connection rather than on the client).
const lastStatement = new WeakMap<object, Promise<unknown>>();
let yieldingClient: Promise<typeof Knex.Client> | null = null;
// Loaded on first use: a CLI run against a PostgreSQL server never needs PGlite (about 50 ms of
// its start).
function pgLiteYielding(): Promise<typeof Knex.Client> {
  yieldingClient ??= import('knex-pglite').then(({ default: ClientPgLite }) => {
    // knex's typings leave out _query, the method each dialect's client implements.
    const PgLiteClient = ClientPgLite as unknown as new (config: Knex.Config) => {
      _query(connection: unknown, obj: unknown): Promise<unknown>;
    };
    class PgLiteYielding extends PgLiteClient {
      _query(connection: unknown, obj: unknown): Promise<unknown> {
        const key = connection as object;
        const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
        const run = (lastStatement.get(key) ?? Promise.resolve())
          .then(turn, turn)
          .then(() => super._query(connection, obj));
        lastStatement.set(
          key,
          run.catch(() => undefined),
        );
        return run;
      }
    }
    return PgLiteYielding as unknown as typeof Knex.Client;
  });
  return yieldingClient;
}

/**
 * Opens the database: PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite.
 * PGlite has a single connection, so code inside a transaction must use that transaction for every
 * query; the acquire timeout makes a mistake fail with an error instead of hanging. It is as long
 * as a request may wait in line for a turn (server/db/queue.ts, 20 s): 5 s refused work with 503
 * whenever a statement or transaction of a few seconds met a loaded machine (a cold 50,000-line
 * list, 200 inserts sent at once), though nothing was wrong.
 */
export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.url) {
    const knex = knexFactory({
      client: 'pg',
      // JIT off: the next-year salary rule's statements are planned at costs of millions (the COLA
      // table's estimated rows), so PostgreSQL 15 compiled each with LLVM for 4-7 s to run it in
      // a few milliseconds; a one-line edit waited seconds. Nothing here scans enough rows to repay it.
      connection: { connectionString: options.url, options: '-c jit=off' },
      pool: { min: 0, max: 10 },
      acquireConnectionTimeout: 10_000,
    });
    retryTransactions(knex);
    return { knex, kind: 'pg', close: () => knex.destroy() };
  }
  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    // A restore stopped half-way: say what to do rather than start an empty database.
    refuseUnfinishedRestore(options.dataDir);
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    release = takeLock(options.dataDir);
  }
  try {
    const pglite: EmbeddedDb =
      options.embedded ??
      (options.thread === 'worker'
        ? await (
            await import('./pglite-remote')
          ).PGliteRemote.create({
            dataDir,
            loadDataDir: options.loadDataDir,
            numberTypes: PARSED_AS_NUMBER,
            textTypes: KEPT_AS_TEXT,
          })
        : await (
            await import('@electric-sql/pglite')
          ).PGlite.create({
            dataDir,
            loadDataDir: options.loadDataDir,
            fsBundle: options.fsBundle,
            parsers: pgliteParsers,
          }));
    // Salaries and password hashes: owner-only files (PGlite writes 0666), again after closing.
    const folder = options.dataDir;
    if (folder) {
      tighten(folder);
    }
    const knex = knexFactory({
      client: await pgLiteYielding(),
      dialect: 'postgres',
      connection: () => ({ pglite }) as object,
      acquireConnectionTimeout: 20_000,
    } as Knex.Config);
    return {
      knex,
      kind: 'pglite',
      pglite,
      close: async () => {
        // knex-pglite closes the PGlite instance it was handed when the pool is destroyed.
        await knex.destroy();
        if (!pglite.closed) {
          await pglite.close();
        }
        if (folder) {
          tighten(folder);
        }
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
