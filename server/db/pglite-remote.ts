import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * The part of PGlite's API that knex-pglite (waitReady, query, close) and our own code (COPY from a
 * blob in server/lib/import/copy.ts, dumpDataDir in backup and the tests' template) use. PGlite
 * itself has it, and so has PGliteRemote, the same database on a thread of its own.
 */
export interface EmbeddedDb {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

export interface RemoteOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  /** Type oids parsed to numbers, and kept as their text (server/db/index.ts). */
  numberTypes: number[];
  textTypes: number[];
}

// Beside this source file; the built server (dist/server.mjs) is given the source folder for
// import.meta.dirname (scripts/build-server.mjs), so both find the one worker file.
const WORKER_FILE = path.join(import.meta.dirname, 'pglite-worker.mjs');

type ErrorFields = { message: string; name?: string; stack?: string } & Record<string, unknown>;

interface Reply {
  id: number;
  value?: unknown;
  rows?: Results['rows'];
  more?: boolean;
  error?: ErrorFields;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** A result arriving in slices: the first message's result, rows appended as they come. */
  partial?: Results;
}

/**
 * The error as PGlite would have thrown it on this thread: a DatabaseError (SQLSTATE in `code`,
 * `detail`, `constraint`, `table`, `column` ... for server/errors.ts) when it came from PostgreSQL.
 */
function toError(fields: ErrorFields): Error {
  const { message, name, stack, ...rest } = fields;
  const err: Error =
    name === 'error'
      ? new messages.DatabaseError(message, Number(rest.length ?? 0), 'error')
      : Object.assign(new Error(message), name ? { name } : {});
  Object.assign(err, rest);
  if (stack) {
    err.stack = stack;
  }
  return err;
}

/**
 * Embedded PGlite run on a worker thread (server/db/pglite-worker.mjs): a statement, however long,
 * runs beside the event loop instead of on it, so /api/health and every request that needs no
 * database are answered meanwhile. Requests go to the thread in call order and PGlite runs them in
 * that order on its one session, as it did on this thread. The worker keeps the process alive only
 * while a request is outstanding, as an idle PGlite on this thread would not.
 */
export class PGliteRemote implements EmbeddedDb {
  readonly waitReady = Promise.resolve();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped: Error | null = null;
  private closing: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (err) => this.stop(err));
    worker.on('exit', (code) =>
      this.stop(new Error(`The embedded database's thread stopped (exit code ${code})`)),
    );
  }

  /** Starts the thread and opens the database in it; rejects as PGlite.create would. */
  static async create(options: RemoteOptions): Promise<PGliteRemote> {
    const worker = new Worker(WORKER_FILE, {
      workerData: options,
      // The worker is plain JavaScript: no TypeScript loader (tsx's flags) is needed in it.
      execArgv: [],
    });
    const remote = new PGliteRemote(worker);
    try {
      await remote.request({ op: 'open' }, 0);
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return remote;
  }

  get closed(): boolean {
    return this.stopped !== null || this.closing !== null;
  }

  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.request({ op: 'query', sql, params, options }) as Promise<Results<T>>;
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.request({ op: 'exec', sql, options }) as Promise<Results[]>;
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.request({ op: 'dump', compression })) as ArrayBuffer]);
  }

  /** Closes the database (PGlite writes what it holds) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (!this.stopped) {
          await this.request({ op: 'close' }, undefined, true);
        }
      } finally {
        this.stopped ??= new Error('The embedded database is closed');
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private request(message: Record<string, unknown>, id = this.nextId++, closing = false): Promise<unknown> {
    if (this.stopped || (this.closing && !closing)) {
      return Promise.reject(this.stopped ?? new Error('The embedded database is closed'));
    }
    return new Promise((resolve, reject) => {
      if (!this.pending.size) {
        this.worker.ref();
      }
      this.pending.set(id, { resolve, reject });
      if (message.op === 'open') {
        return;
      }
      try {
        this.worker.postMessage({ ...message, id });
      } catch (err) {
        // Parameters that cannot be copied to the thread (a function): refused like a bad value.
        this.settle(id);
        reject(err as Error);
      }
    });
  }

  private receive(reply: Reply): void {
    const waiter = this.pending.get(reply.id);
    if (!waiter) {
      return;
    }
    if (reply.error) {
      this.settle(reply.id);
      waiter.reject(toError(reply.error));
      return;
    }
    if (reply.rows) {
      waiter.partial!.rows.push(...reply.rows);
    } else if (reply.more) {
      waiter.partial = reply.value as Results;
    }
    if (reply.more) {
      // The next slice after a turn of the event loop: I/O waiting meanwhile goes first.
      setImmediate(() => {
        if (!this.stopped) {
          this.worker.postMessage({ op: 'more', id: reply.id });
        }
      });
      return;
    }
    this.settle(reply.id);
    waiter.resolve(waiter.partial ?? reply.value);
  }

  private settle(id: number): void {
    this.pending.delete(id);
    if (!this.pending.size) {
      this.worker.unref();
    }
  }

  private stop(err: Error): void {
    this.stopped ??= err;
    for (const [id, waiter] of this.pending) {
      this.pending.delete(id);
      waiter.reject(err);
    }
  }
}
