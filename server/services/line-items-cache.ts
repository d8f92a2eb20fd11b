import type { Knex } from 'knex';
import * as read from '@server/queries/line-items';

/**
 * A small cache of budget-grid JSON. Finance staff reopen the same 50,000-line budget all day;
 * building its JSON costs PostgreSQL far more than checking whether anything changed. Each entry
 * is stored with the fingerprint of its rows (queries/line-items-signature.ts) and served only
 * while the fingerprint is unchanged, so a write by any code path (API, import, CLI, another
 * server process) is seen on the next request. Caches are per database handle, so tests and
 * several apps in one process never share entries.
 */

interface Entry {
  signature: string;
  /** UTF-8 JSON, encoded once: a hit is written to the socket as is. */
  body: Buffer;
}

/** The most JSON kept per database handle (bytes); the least recently used entries go first. */
const MAX_BYTES = 100 * 1024 * 1024;
const caches = new WeakMap<Knex, Map<string, Entry>>();

function cacheFor(db: Knex): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

function store(cache: Map<string, Entry>, key: string, entry: Entry): void {
  cache.delete(key);
  cache.set(key, entry);
  let total = 0;
  for (const e of cache.values()) {
    total += e.body.byteLength;
  }
  for (const [k, e] of cache) {
    if (total <= MAX_BYTES || k === key) {
      break;
    }
    cache.delete(k);
    total -= e.body.byteLength;
  }
}

/**
 * The `{"lineItems":[...]}` JSON (UTF-8) for a filter, from the cache when its rows are unchanged. The
 * fingerprint and the JSON are read in one REPEATABLE READ transaction, so the stored text is
 * exactly the state the fingerprint describes.
 */
export async function cachedLineItemsJson(db: Knex, filter: read.LineItemFilter): Promise<Buffer> {
  const cache = cacheFor(db);
  const key = JSON.stringify([filter.scenarioId, filter.budgetYearId, filter.fiscalYear, filter.isOperating]);
  return db.transaction(
    async (trx) => {
      const signature = await read.lineItemsSignature(trx, filter);
      const hit = cache.get(key);
      if (hit && hit.signature === signature) {
        cache.delete(key);
        cache.set(key, hit);
        return hit.body;
      }
      const body = Buffer.from(await read.lineItemsJson(trx, filter), 'utf8');
      store(cache, key, { signature, body });
      return body;
    },
    { isolationLevel: 'repeatable read' },
  );
}
