import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Knex } from 'knex';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';

/** Writes rows with PostgreSQL's COPY on a transaction's own connection. */
export interface CopyWriter {
  /** Adds CSV lines (each ending in \n); resolves when the connection can take more. */
  write(line: string): Promise<void>;
  /** Sends what is left and waits for the server to accept it. */
  finish(): Promise<void>;
  /**
   * Abandons the COPY after a failure on our side, so the connection leaves COPY mode (CopyFail)
   * before the transaction rolls back; a ROLLBACK sent mid-COPY would hang the connection.
   */
  abort(reason: Error): Promise<void>;
}

interface PgliteLike {
  waitReady: Promise<void>;
  query(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

interface PgClientLike {
  query(q: CopyStreamQuery): CopyStreamQuery;
}

/** Lines are sent in pieces of about this many characters. */
const CHUNK_CHARS = 256 * 1024;
/** PGlite takes COPY input as one blob; rows go in blobs of about this size to bound memory. */
const PGLITE_BLOB_CHARS = 8 * 1024 * 1024;

function pgWriter(client: PgClientLike, sql: string): CopyWriter {
  const stream = client.query(copyFrom(`${sql} FROM STDIN WITH (FORMAT csv)`));
  let failure: Error | null = null;
  stream.on('error', (err: Error) => {
    failure = err;
  });
  let buffer = '';
  const flush = async () => {
    if (failure) {
      throw failure;
    }
    const chunk = buffer;
    buffer = '';
    if (chunk && !stream.write(chunk)) {
      await Promise.race([once(stream, 'drain'), once(stream, 'error')]);
    }
    if (failure) {
      throw failure;
    }
  };
  return {
    async write(line) {
      buffer += line;
      if (buffer.length >= CHUNK_CHARS) {
        await flush();
      }
    },
    async finish() {
      await flush();
      stream.end();
      await finished(stream);
      if (failure) {
        throw failure;
      }
    },
    async abort(reason) {
      if (stream.destroyed || stream.writableFinished) {
        return;
      }
      const closed = once(stream, 'close').catch(() => undefined);
      stream.destroy(reason);
      await closed;
    },
  };
}

function pgliteWriter(pglite: PgliteLike, sql: string): CopyWriter {
  let parts: string[] = [];
  let size = 0;
  const flush = async () => {
    if (!parts.length) {
      return;
    }
    const blob = new Blob(parts);
    parts = [];
    size = 0;
    await pglite.query(`${sql} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob });
  };
  return {
    async write(line) {
      parts.push(line);
      size += line.length;
      if (size >= PGLITE_BLOB_CHARS) {
        await flush();
      }
    },
    finish: flush,
    async abort() {
      // Nothing reached the server that the rollback will not undo: drop what is buffered.
      parts = [];
      size = 0;
    },
  };
}

/**
 * Opens a COPY into `table (columns)` on the connection a knex transaction holds, so the rows are
 * part of that transaction: all land at commit or none do. On a PostgreSQL server this streams
 * through pg-copy-streams; on PGlite (one connection, no COPY protocol over a socket) rows go as
 * blobs through `COPY ... FROM '/dev/blob'` on the same session.
 */
export async function openCopy(
  trx: Knex.Transaction,
  table: string,
  columns: readonly string[],
): Promise<CopyWriter> {
  // A transaction client's acquireConnection returns the connection the transaction runs on.
  const connection = (await (trx.client as { acquireConnection(): Promise<unknown> }).acquireConnection()) as
    PgliteLike | PgClientLike;
  const quoted = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
  const sql = `COPY "${table}" (${quoted})`;
  return 'waitReady' in connection
    ? pgliteWriter(connection, sql)
    : pgWriter(connection as PgClientLike, sql);
}
