import { stat } from 'node:fs/promises';
import type { AppContext } from '@server/context';
import { AppError, conflict, payloadTooLarge, validationFailed } from '@server/errors';
import type { Actor } from '@server/policies/index';
import {
  LEDGER_LIMITS_TEXT,
  LEDGER_MAX_BYTES,
  LEDGER_MAX_MB,
  LEDGER_MAX_ROWS,
} from '@shared/schemas/ledger-import';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';

/**
 * What keeps one ledger import from holding the server: a row and a byte limit, and one import
 * (or dry run) at a time. Two at once doubled the memory and made everyone's reads wait 20 s.
 */

export const LEDGER_TOO_LARGE = `The file is larger than ${LEDGER_MAX_MB} MB: ${LEDGER_LIMITS_TEXT}. Export one fund or one report at a time.`;

/** 413 for a file on disk (the CLI's) over the byte limit; uploads are stopped as they arrive. */
export async function checkLedgerFileSize(filePath: string): Promise<void> {
  const { size } = await stat(filePath);
  if (size > LEDGER_MAX_BYTES) {
    throw payloadTooLarge(LEDGER_TOO_LARGE);
  }
}

/** 400 once a file's data rows pass the limit: reading stops there, nothing is written. */
export function tooManyRows(row: number): AppError {
  return validationFailed(
    [{ path: 'file', message: `More than ${LEDGER_MAX_ROWS.toLocaleString('en-US')} rows` }],
    `The file has more than ${LEDGER_MAX_ROWS.toLocaleString('en-US')} rows below its header (row ${row.toLocaleString('en-US')} is past the limit), nothing was written: ${LEDGER_LIMITS_TEXT}. Export one fund or one report at a time.`,
  );
}

interface Running {
  by: string;
  since: Date;
  fiscalYear: number;
  dryRun: boolean;
}

// Per app, not per module: tests run several apps in one process. An in-process flag rather than a
// PostgreSQL advisory lock: what it protects is this process's memory and event loop (a CLI
// import elsewhere costs the server nothing), it must cover reading the file before any
// transaction starts, and embedded PGlite has a single session, in which an advisory lock never
// refuses itself. Writes of one fiscal year are still serialised across processes by the
// transaction's advisory lock (lockLedgerYear).
const running = new WeakMap<AppContext, Running>();

const clock = (d: Date) =>
  d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true });

/**
 * Runs one ledger import or dry run; 409 while another runs in this server, saying whose and
 * since when. Refused rather than queued: a queued upload would hold its memory while it waits,
 * and the person importing can see why and try again.
 */
export async function oneLedgerImportAtATime<T>(
  app: AppContext,
  actor: Actor,
  plan: { fiscalYear: number; dryRun?: boolean },
  work: () => Promise<T>,
): Promise<T> {
  const current = running.get(app);
  if (current) {
    throw conflict(
      `Another ledger import is running (${current.dryRun ? 'a preview' : 'an import'} of ${fiscalYearLabel(current.fiscalYear)}, started by ${current.by} at ${clock(current.since)} server time); try again when it finishes`,
    );
  }
  running.set(app, {
    by: actor.name,
    since: new Date(),
    fiscalYear: plan.fiscalYear,
    dryRun: Boolean(plan.dryRun),
  });
  try {
    return await work();
  } finally {
    running.delete(app);
  }
}

/** A turn of the event loop (after pending I/O), so requests are answered between two pieces of work. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Tells a loop over many rows when to hand the event loop a turn: every 20 ms of work. Counting
 * rows instead gave 5 s stalls on a loaded machine, where 5,000 rows took seconds.
 */
export function turnTaker(budgetMs = 20): { due(): boolean; take(): Promise<void> } {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= budgetMs,
    async take() {
      await nextTurn();
      since = performance.now();
    },
  };
}
