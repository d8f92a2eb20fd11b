import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import { AppError, serviceUnavailable, translateDbError } from '@server/errors';

/**
 * A fair, bounded queue in front of the database. Requests that use the database run a few at a
 * time (PGlite has one connection and runs on the server's own thread; a PostgreSQL pool has ten
 * connections) and the rest wait in arrival order. Two things it guarantees:
 * - the event loop gets a turn between two pieces of work (setImmediate), so new connections,
 *   /api/health and the web app's files are answered during a heavy load instead of after it;
 * - nobody hangs: when the line is full, or a request has waited `maxWaitMs`, it is answered 503
 *   with Retry-After, which browsers and scripts understand as "try again shortly".
 * `exclusive` runs maintenance (backup, vacuum) with nothing else in the database.
 */
export interface QueueOptions {
  /** Requests in the database at once. */
  concurrency: number;
  /** Requests allowed to wait; one more is answered 503 at once. */
  maxWaiting: number;
  /** Longest wait before a 503 (well under the 30-60 s at which proxies and browsers give up). */
  maxWaitMs: number;
}

/**
 * Which line a request waits in. Anonymous sign-ins ('sign-in') may hold at most
 * signInTurns(concurrency) turns at once: forty wrong-password guesses from forty addresses held
 * every turn (and signed-in staff waited 12-20 s for a 503); now staff always find a turn free.
 */
export type Lane = 'staff' | 'sign-in';

/** The turns sign-ins may hold at once: a quarter of them, at least one. */
export const signInTurns = (concurrency: number) => Math.max(1, Math.floor(concurrency / 4));

interface Waiter {
  exclusive: boolean;
  lane: Lane;
  start: () => void;
  timer?: NodeJS.Timeout;
  since: number;
}

// The queue and lane of the turn the current request holds, so that work deep in a service can
// give the turn back while it waits on something that is not the database (outsideTurn).
const turn = new AsyncLocalStorage<{ queue: WorkQueue; lane: Lane }>();

/**
 * Runs `work` (password hashing, a deliberate delay, a call to Claude) without holding a database
 * turn when the current request holds one (WorkQueue.outside); as it is, anywhere else (the CLI).
 */
export function outsideTurn<T>(work: () => Promise<T>): Promise<T> {
  const held = turn.getStore();
  return held ? held.queue.outside(work, held.lane) : work();
}

export const RETRY_AFTER_SECONDS = 2;

export class WorkQueue {
  private running = 0;
  private runningSignIn = 0;
  private exclusiveRunning = false;
  private readonly waiting: Waiter[] = [];
  private dispatchScheduled = false;
  /** When the last piece of work finished (health uses it as proof the database answers). */
  lastDoneAt = 0;
  /** Requests refused with 503 since start. */
  refused = 0;
  /** Write requests finished, and when the last one did (the vacuum schedule watches them). */
  writes = 0;
  lastWriteAt = 0;

  constructor(readonly options: QueueOptions) {}

  get depth(): number {
    return this.waiting.length;
  }

  get busy(): number {
    return this.running;
  }

  /** How long the request first in line has waited, in ms (0 when nobody waits). */
  oldestWaitMs(now = Date.now()): number {
    return this.waiting.length ? now - this.waiting[0].since : 0;
  }

  /** `gone`, when given, is called with a function that withdraws the work if it has not started. */
  run<T>(work: () => Promise<T>, gone?: (withdraw: () => void) => void, lane: Lane = 'staff'): Promise<T> {
    return this.enqueue(work, false, gone, lane);
  }

  /** Waits for the work in progress to finish, then runs `work` alone. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.enqueue(work, true);
  }

  /**
   * Gives a running request's turn back while `work` waits on something that is not the database
   * (a call to Claude of up to minutes), then waits in line for a turn again before returning, so a
   * slow outside service never holds one of the few database turns. Call it only from within a
   * turn this queue started (a request the middleware let in).
   */
  async outside<T>(work: () => Promise<T>, lane: Lane = 'staff'): Promise<T> {
    this.release(lane);
    this.schedule();
    try {
      return await work();
    } finally {
      await new Promise<void>((resolve) => {
        // No time limit: this request already waited its turn once and holds work in progress.
        this.waiting.push({
          exclusive: false,
          lane,
          since: Date.now(),
          start: () => {
            this.take(lane);
            resolve();
          },
        });
        this.schedule();
      });
    }
  }

  private take(lane: Lane): void {
    this.running += 1;
    this.runningSignIn += lane === 'sign-in' ? 1 : 0;
  }

  private release(lane: Lane): void {
    this.running -= 1;
    this.runningSignIn -= lane === 'sign-in' ? 1 : 0;
  }

  private enqueue<T>(
    work: () => Promise<T>,
    exclusive: boolean,
    gone?: (withdraw: () => void) => void,
    lane: Lane = 'staff',
  ): Promise<T> {
    if (!exclusive && this.waiting.length >= this.options.maxWaiting) {
      this.refused += 1;
      return Promise.reject(serviceUnavailable());
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        exclusive,
        lane,
        since: Date.now(),
        start: () => {
          clearTimeout(waiter.timer);
          this.take(lane);
          this.exclusiveRunning = exclusive;
          turn
            .run({ queue: this, lane }, work)
            .then(resolve, reject)
            .finally(() => {
              this.release(lane);
              this.exclusiveRunning = false;
              this.lastDoneAt = Date.now();
              this.schedule();
            });
        },
      };
      const withdraw = (refuse: boolean) => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) {
          clearTimeout(waiter.timer);
          this.waiting.splice(at, 1);
          this.refused += refuse ? 1 : 0;
          reject(serviceUnavailable());
        }
      };
      if (!exclusive) {
        waiter.timer = setTimeout(() => withdraw(true), this.options.maxWaitMs);
      }
      // A client that hung up while waiting takes no turn from those still waiting.
      gone?.(() => withdraw(false));
      this.waiting.push(waiter);
      this.schedule();
    });
  }

  /** Starts waiting work on the next turn of the event loop, after pending I/O. */
  private schedule(): void {
    if (this.dispatchScheduled) {
      return;
    }
    this.dispatchScheduled = true;
    setImmediate(() => {
      this.dispatchScheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length && !this.exclusiveRunning) {
      // In arrival order, but a sign-in past its lane's share lets the next staff request by.
      const signInFull = this.runningSignIn >= signInTurns(this.options.concurrency);
      const at = this.waiting.findIndex((w) => !(signInFull && w.lane === 'sign-in'));
      const next = this.waiting[at];
      const room = next?.exclusive ? this.running === 0 : this.running < this.options.concurrency;
      if (!next || !room) {
        return;
      }
      this.waiting.splice(at, 1);
      next.start();
    }
  }
}

const queues = new WeakMap<Knex, WorkQueue>();

/** Defaults by driver; DB_CONCURRENCY, DB_QUEUE_MAX and DB_QUEUE_WAIT_MS override them. */
export function defaultQueueOptions(
  kind: 'pg' | 'pglite',
  env: NodeJS.ProcessEnv = process.env,
): QueueOptions {
  const num = (value: string | undefined, fallback: number) =>
    value && Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback;
  return {
    concurrency: num(env.DB_CONCURRENCY, kind === 'pg' ? 10 : 4),
    maxWaiting: num(env.DB_QUEUE_MAX, 1000),
    maxWaitMs: num(env.DB_QUEUE_WAIT_MS, 20_000),
  };
}

export function dbKind(knex: Knex): 'pg' | 'pglite' {
  return knex.client.config.client === 'pg' ? 'pg' : 'pglite';
}

/** The one queue of a database handle (the server, the backup and the vacuum share it). */
export function queueFor(knex: Knex): WorkQueue {
  let queue = queues.get(knex);
  if (!queue) {
    queue = new WorkQueue(defaultQueueOptions(dbKind(knex)));
    queues.set(knex, queue);
  }
  return queue;
}

/**
 * Paths that do not wait in line: liveness, the API's own description, and the backup download,
 * which takes the queue's exclusive turn itself (inside a normal turn it would wait for itself).
 */
const FREE = /^\/api\/(health|openapi\.json|docs|admin\/database\/backup)(\/|$)/;

/**
 * Puts every /api request (but health and docs) through the queue; the web app's files never
 * enter it. A 503 from the queue, or from a database conflict, carries Retry-After.
 */
export function queueMiddleware(
  queue: WorkQueue,
  /** A request this says needs no database work (answered from memory) does not wait in line. */
  needsNoDatabase: (ctx: Parameters<Middleware>[0]) => boolean = () => false,
): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/') || FREE.test(ctx.path) || needsNoDatabase(ctx)) {
      await next();
      return;
    }
    try {
      await queue.run(
        () =>
          next().finally(() => {
            if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
              queue.writes += 1;
              queue.lastWriteAt = Date.now();
            }
          }),
        // The response closing before it was written means the client hung up.
        (withdraw) => ctx.res.once('close', withdraw),
        ctx.method === 'POST' && ctx.path === '/api/auth/login' ? 'sign-in' : 'staff',
      );
    } catch (err) {
      // A pool that stayed busy past knex's acquire timeout is the same "come back shortly".
      const translated =
        (err as Error | null)?.name === 'KnexTimeoutError' ? serviceUnavailable() : translateDbError(err);
      if (translated instanceof AppError && translated.status === 503) {
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      }
      throw translated;
    }
  };
}
