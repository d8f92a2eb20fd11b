import type { Knex } from 'knex';
import { LruMap, perDatabase } from '@server/lib/lru';
import * as read from './queries/line-items';
import { sameReferences } from './queries/line-items-signature';

/**
 * A small cache of budget-grid JSON. Finance staff reopen the same 50,000-line budget all day;
 * building its JSON costs PostgreSQL far more than checking whether anything changed. Each entry
 * is stored with the fingerprint of its rows (queries/line-items-signature.ts) and served only
 * while the fingerprint is unchanged, so a write by any code path (API, import, CLI, another
 * server process) is seen on the next request. When only some lines changed (an edit, a bulk
 * action), only their JSON is built again: every line's row version (xmin) is kept beside its JSON
 * and compared with the versions read in grid order. Each format (the object form and the grids'
 * compact rows) has its own entries, holding that format's JSON per line. Caches are per database
 * handle, so tests and several apps in one process never share entries.
 */

interface Entry {
  signature: string;
  /** UTF-8 JSON, encoded once: a hit is written to the socket as is. */
  body: Buffer;
  /** Each line's version and JSON, by id: what an incremental refresh reuses. */
  lines: Map<number, read.GridRow>;
}

/** The most memory kept per database handle (bytes, body and lines); least recently used go first. */
const MAX_BYTES = 256 * 1024 * 1024;
/** Beyond this share of changed lines, one full read is cheaper than fetching the changed ones. */
const REFRESH_LIMIT = 0.25;
/** Bytes an entry holds: the encoded body and about as much again for the lines' JSON strings. */
const sizeOf = (e: Entry) => e.body.byteLength * 2;
const cacheFor = perDatabase(() => new LruMap<Entry>(MAX_BYTES, sizeOf));
/**
 * Builds in progress, by list and fingerprint: requests that miss the cache together wait for the
 * one build (a storm of readers on a fresh server each built the whole list, and /api/health
 * waited 10 s behind them).
 */
const buildsFor = perDatabase(() => new Map<string, Promise<Entry>>());

/**
 * The filter's lines in grid order, reusing the JSON of every line whose version is unchanged. The
 * order is read again (an edited name moves a line), and new or changed lines are built afresh.
 */
async function refresh(
  trx: Knex,
  filter: read.LineItemFilter,
  format: read.LineItemsFormat,
  known: Map<number, read.GridRow>,
) {
  const versions = await read.gridVersions(trx, filter);
  const stale = versions.filter((v) => known.get(v.id)?.version !== v.version).map((v) => v.id);
  if (stale.length > versions.length * REFRESH_LIMIT) {
    return read.gridLines(trx, filter, format);
  }
  const fresh = new Map((await read.gridLinesByIds(trx, stale, format)).map((r) => [r.id, r]));
  return versions.map((v) => fresh.get(v.id) ?? known.get(v.id)!);
}

/** The entry for `signature`: what changed since `hit` read again, or the whole list. */
async function build(
  trx: Knex,
  filter: read.LineItemFilter,
  format: read.LineItemsFormat,
  signature: string,
  hit: Entry | undefined,
): Promise<Entry> {
  await read.allowParallelRead(trx);
  // A renamed building or category, or another active budget, changes lines' JSON without
  // touching their rows: then everything is read again.
  const rows =
    hit && sameReferences(hit.signature, signature)
      ? await refresh(trx, filter, format, hit.lines)
      : await read.gridLines(trx, filter, format);
  const body = Buffer.from(read.gridBody(rows, format), 'utf8');
  return { signature, body, lines: new Map(rows.map((r) => [r.id, r])) };
}

/** The body of the first `limit` lines of an entry (its lines are kept in grid order). */
function firstLines(entry: Entry, format: read.LineItemsFormat, limit: number): Buffer {
  const rows: read.GridRow[] = [];
  for (const row of entry.lines.values()) {
    if (rows.length >= limit) {
      break;
    }
    rows.push(row);
  }
  return Buffer.from(read.gridBody(rows, format), 'utf8');
}

/**
 * The body of GET /line-items/budget (UTF-8) for a filter in `format` (`{"lineItems":[...]}`, or the
 * compact rows), from the cache when its rows are unchanged; with `limit`, only the first lines
 * (the whole list is still built and kept, for the request for all of them that follows). The
 * fingerprint and the JSON are read in one REPEATABLE READ transaction, so the stored text is
 * exactly the state the fingerprint describes.
 */
export async function cachedLineItemsJson(
  db: Knex,
  filter: read.LineItemFilter,
  format: read.LineItemsFormat = 'objects',
  limit?: number,
): Promise<Buffer> {
  const cache = cacheFor(db);
  const key = JSON.stringify([
    filter.scenarioId,
    filter.budgetYearId,
    filter.fiscalYear,
    filter.isOperating,
    format,
  ]);
  // PGlite has one connection: a reader opening its transaction while another builds this list
  // waits for the connection, and past the acquire timeout is refused with 503 (5 s once, which a
  // 50,000-line build on a loaded machine reached). Waiting for the build first costs nothing: it
  // is what the reader needs.
  await Promise.all(
    [...buildsFor(db)].filter(([k]) => k.startsWith(`${key}|`)).map(([, b]) => b.catch(() => undefined)),
  );
  return db.transaction(
    async (trx) => {
      const signature = await read.lineItemsSignature(trx, filter);
      const hit = cache.get(key);
      if (hit && hit.signature === signature) {
        return limit === undefined ? hit.body : firstLines(hit, format, limit);
      }
      const builds = buildsFor(db);
      const building = `${key}|${signature}`;
      let entry = builds.get(building);
      if (!entry) {
        entry = build(trx, filter, format, signature, hit).finally(() => builds.delete(building));
        builds.set(building, entry);
      }
      const built = await entry;
      cache.set(key, built);
      return limit === undefined ? built.body : firstLines(built, format, limit);
    },
    { isolationLevel: 'repeatable read' },
  );
}
