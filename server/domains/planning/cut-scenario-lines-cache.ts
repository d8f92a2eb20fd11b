import type { Knex } from 'knex';
import { LruMap, perDatabase } from '@server/lib/lru';
import * as read from './queries/cut-scenario-lines';
import type { LineScope } from './queries/cut-scenarios';

/**
 * The Scenario Builder's lines (their JSON and totals) as last built, per scope and scenario. The
 * screen loads 20,000 lines each time it opens a scenario; checking that nothing they are built
 * from changed costs PostgreSQL a tenth of building them again (bench/scenarios.bench.ts). Each
 * entry is served only while its fingerprint (queries/cut-scenario-lines.ts) is unchanged, so a
 * write by any code path (API, import, CLI, another server process) is seen on the next request.
 * The town goal and the scenario's own row are read afresh each time. Per database handle, so
 * tests and several apps in one process never share entries.
 */

interface Entry {
  signature: string;
  row: read.LinesRow;
}

/** The most text kept per database handle (characters of lines); least recently used go first. */
const MAX_CHARS = 64 * 1024 * 1024;
const cacheFor = perDatabase(() => new LruMap<Entry>(MAX_CHARS, (e) => e.row.lines.length));

/**
 * The lines in scope under a saved scenario's percents (none: null), from the cache while their
 * rows are unchanged. Fingerprint and lines are read in one REPEATABLE READ transaction, so the
 * stored text is exactly the state the fingerprint describes.
 */
export function cachedScenarioLines(
  db: Knex,
  scope: LineScope,
  scenarioId: number | null,
): Promise<read.LinesRow> {
  const cache = cacheFor(db);
  const key = JSON.stringify([scope.budgetYearId, scope.fiscalYear, scope.versionId, scenarioId]);
  const adj = scenarioId === null ? { map: {} } : { scenarioId };
  return db.transaction(
    async (trx) => {
      const signature = await read.linesSignature(trx, scope, adj);
      const hit = cache.get(key);
      if (hit && hit.signature === signature) {
        return hit.row;
      }
      const row = await read.linesWithTotals(trx, scope, adj);
      cache.set(key, { signature, row });
      return row;
    },
    { isolationLevel: 'repeatable read' },
  );
}
