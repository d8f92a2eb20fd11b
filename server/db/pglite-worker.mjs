// The embedded database's own thread, started by server/db/pglite-remote.ts (docs/ARCHITECTURE.md,
// Database). PGlite runs each statement synchronously inside WebAssembly: on the server's thread
// the first read of a 50,000-line grid held the event loop for its whole length, and /api/health,
// which needs no database, waited behind it. Here statements run beside the event loop.
//
// Plain JavaScript on purpose: Node loads it as it is under tsx, under vitest and from the built
// server (dist/server.mjs finds it beside its source), with no TypeScript loader or build step in
// the thread, and no start-up cost for one.
//
// Messages in (one PGlite session, so they run in arrival order, as they did on the main thread):
//   { id, op: 'query', sql, params, options }  -> { id, value: Results, more }
//   { id, op: 'more' }                         -> { id, rows, more }   the next slice of a result
//   { id, op: 'exec', sql, options }           -> { id, value: Results[] }
//   { id, op: 'dump', compression }            -> { id, value: ArrayBuffer } (transferred)
//   { id, op: 'close' }                        -> { id }
// A failure answers { id, error: { message, name, code, detail, constraint, table, column, ... } }.
// Id 0 answers once the database is open (or could not be).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * Rows per message of a large result. The main thread deserialises each message in one go; it asks
 * for the next slice only after a turn of its event loop, so a 50,000-line result never holds it
 * for longer than one slice.
 */
const SLICE_ROWS = 2_000;

// The type parsers come from server/db/index.ts (one list for both threads): numeric and int8 as
// numbers, date kept as its 'YYYY-MM-DD' text.
const parsers = {};
for (const oid of workerData.numberTypes) {
  parsers[oid] = (v) => Number(v);
}
for (const oid of workerData.textTypes) {
  parsers[oid] = (v) => v;
}

/** Rows of results still being sent in slices, by request id. */
const unsent = new Map();

/**
 * What the main thread needs of an error (server/errors.ts reads code, detail, constraint, table,
 * column): every text or number field. A structured clone of an Error keeps only its message and
 * stack, and the statement's parameters stay here (they may hold a password hash).
 */
function errorFields(err) {
  if (!(err instanceof Error)) {
    return { message: String(err) };
  }
  const fields = { message: err.message, name: err.name, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number') {
      fields[key] = value;
    }
  }
  return fields;
}

function sendSlice(id, first) {
  const rows = unsent.get(id);
  const slice = rows.splice(0, SLICE_ROWS);
  const more = rows.length > 0;
  if (!more) {
    unsent.delete(id);
  }
  parentPort.postMessage(first ? { id, value: { ...first, rows: slice }, more } : { id, rows: slice, more });
}

async function answer(db, msg) {
  switch (msg.op) {
    case 'query': {
      const result = await db.query(msg.sql, msg.params, msg.options);
      if (result.rows.length <= SLICE_ROWS) {
        parentPort.postMessage({ id: msg.id, value: result, more: false });
        return;
      }
      unsent.set(msg.id, result.rows);
      sendSlice(msg.id, result);
      return;
    }
    case 'more':
      sendSlice(msg.id);
      return;
    case 'exec':
      parentPort.postMessage({ id: msg.id, value: await db.exec(msg.sql, msg.options) });
      return;
    case 'dump': {
      const buffer = await (await db.dumpDataDir(msg.compression)).arrayBuffer();
      parentPort.postMessage({ id: msg.id, value: buffer }, [buffer]);
      return;
    }
    case 'close':
      await db.close();
      parentPort.postMessage({ id: msg.id });
      return;
    default:
      throw new Error(`Unknown request to the database thread: ${msg.op}`);
  }
}

let db;
try {
  db = await PGlite.create({ dataDir: workerData.dataDir, loadDataDir: workerData.loadDataDir, parsers });
} catch (err) {
  parentPort.postMessage({ id: 0, error: errorFields(err) });
}
if (db) {
  parentPort.on('message', (msg) => {
    answer(db, msg).catch((err) => {
      unsent.delete(msg.id);
      parentPort.postMessage({ id: msg.id, error: errorFields(err) });
    });
  });
  parentPort.postMessage({ id: 0 });
}
