import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { AppError, badRequest } from '@server/errors';
import { LruMap, perDatabase } from '@server/lib/lru';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/duplicates';
import * as read from './queries/line-items';
import type { DuplicateCandidate, EmployeeLineItem } from '@shared/schemas/line-items';
import {
  blockKey,
  prepareRecord,
  scorePair,
  type PairScore,
  type PersonRecord,
  type PreparedRecord,
} from './line-items-duplicate-score';
import { requireBudgetYear } from '@server/domains/budgets';
import { mergeLines, toColumns, type WritableField } from './index';
import { ITEM_NOT_FOUND } from './line-items-rules';

/**
 * The Duplicate Checker of Data Quality Review: employee lines of one fiscal year that look like the
 * same person, how alike they are and why; merging a pair and dismissing one for good.
 */

interface Match extends PairScore {
  a: number;
  b: number;
}

/** Every scored pair within each block (records sharing budget, fiscal year, last-name Soundex and first initial). */
function scoredPairs(records: PersonRecord[], dismissed: Set<string>): Match[] {
  const blocks = new Map<string, PreparedRecord[]>();
  for (const r of records.map(prepareRecord)) {
    const key = blockKey(r);
    if (key) {
      const block = blocks.get(key);
      if (block) {
        block.push(r);
      } else {
        blocks.set(key, [r]);
      }
    }
  }
  const matches: Match[] = [];
  for (const block of blocks.values()) {
    for (let i = 0; i < block.length; i += 1) {
      for (let j = i + 1; j < block.length; j += 1) {
        const [a, b] = block[i].id < block[j].id ? [block[i], block[j]] : [block[j], block[i]];
        if (dismissed.has(`${a.id}:${b.id}`)) {
          continue;
        }
        const s = scorePair(a, b);
        if (s) {
          matches.push({ a: a.id, b: b.id, ...s });
        }
      }
    }
  }
  return matches;
}

/** Connected pairs become groups (A~B and B~C: one group), each record with its best match. */
function groupMatches(matches: Match[]): { ids: number[]; best: Map<number, Match> }[] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root) !== root) {
      root = parent.get(root)!;
    }
    parent.set(x, root);
    return root;
  };
  const best = new Map<number, Match>();
  for (const m of matches) {
    for (const id of [m.a, m.b]) {
      if (!parent.has(id)) {
        parent.set(id, id);
      }
      if ((best.get(id)?.score ?? -1) < m.score) {
        best.set(id, m);
      }
    }
    parent.set(find(m.a), find(m.b));
  }
  const groups = new Map<number, number[]>();
  for (const id of parent.keys()) {
    const root = find(id);
    groups.set(root, [...(groups.get(root) ?? []), id]);
  }
  return [...groups.values()].map((ids) => ({ ids: ids.sort((x, y) => x - y), best }));
}

type DuplicatesResult = { duplicateGroups: DuplicateCandidate[][] };
/** Budget year / fiscal year results kept per database handle. */
const MAX_CACHED = 20;

/**
 * Results by budget year and fiscal year, per database handle, served while the fingerprint of what
 * they were computed from holds (queries/duplicates.ts duplicatesSignature): at 50,000 lines the check
 * scores half a million pairs (~0.9 s), and Data Quality is reopened far more often than it changes.
 */
const cachedResults = perDatabase(
  () => new LruMap<{ signature: string; result: DuplicatesResult }>(MAX_CACHED),
);

/**
 * Groups of likely duplicate employee lines in a budget year (one fiscal year, or each fiscal year
 * separately), strongest first. Dismissed pairs are never suggested again.
 */
export async function findDuplicates(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number },
): Promise<DuplicatesResult> {
  authorize(actor, 'dataQuality.manage');
  await requireBudgetYear(app.db, input.budgetYearId);
  return (await currentDuplicates(app.db, app.db, input)).result;
}

/**
 * The duplicate groups as `db` (the app's handle, or a transaction) sees them now, with the
 * fingerprint they were computed from; served from the cache of `cacheDb` (the app's handle) while
 * the fingerprint holds.
 */
export async function currentDuplicates(
  db: Db,
  cacheDb: Db,
  input: { budgetYearId: number; fiscalYear?: number },
): Promise<{ signature: string; result: DuplicatesResult }> {
  // The fingerprint is read before the records, so a stored result is never older than its
  // fingerprint: a write in between only makes the next call compute again.
  const signature = await q.duplicatesSignature(db, input.budgetYearId, input.fiscalYear);
  const cache = cachedResults(cacheDb);
  const key = `${input.budgetYearId}:${input.fiscalYear ?? 'all'}`;
  const hit = cache.get(key);
  if (hit?.signature === signature) {
    return hit;
  }
  const entry = { signature, result: await computeDuplicates(db, input) };
  cache.set(key, entry);
  return entry;
}

async function computeDuplicates(
  db: Db,
  input: { budgetYearId: number; fiscalYear?: number },
): Promise<DuplicatesResult> {
  const records = await q.personRecords(db, input.budgetYearId, input.fiscalYear);
  const dismissed = await q.dismissedPairs(db, input.budgetYearId);
  const groups = groupMatches(scoredPairs(records, dismissed));
  const items = (await read.lineItemsByIds(
    db,
    groups.flatMap((g) => g.ids),
  )) as EmployeeLineItem[];
  const runs = await q.importRunsByIds(db, [
    ...new Set(items.flatMap((i) => (i.importRunId === null ? [] : [i.importRunId]))),
  ]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const duplicateGroups: DuplicateCandidate[][] = groups
    .map((g) =>
      g.ids.map((id) => {
        const m = g.best.get(id)!;
        const item = byId.get(id)!;
        return {
          ...item,
          similarityScore: m.score,
          similarityFactors: m.factors,
          matchedWithId: m.a === id ? m.b : m.a,
          importRun:
            item.source === 'imported' && item.importRunId !== null
              ? (runs.get(item.importRunId) ?? null)
              : null,
        };
      }),
    )
    .sort((x, y) => {
      const top = (g: DuplicateCandidate[]) => Math.max(...g.map((c) => c.similarityScore));
      return top(y) - top(x) || x[0].id - y[0].id;
    });
  return { duplicateGroups };
}

/** Locks two employee lines of the same budget and fiscal year, or refuses (404 / 400). */
async function lockPair(trx: Db, ids: [number, number], what: string) {
  const rows = await read.lockLines(trx, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) {
    throw new AppError(404, 'NOT_FOUND', `${ITEM_NOT_FOUND}: ${missing.join(', ')}`);
  }
  if (rows.some((r) => !r.is_operating)) {
    throw badRequest(`Only employee lines can be ${what}`);
  }
  const [a, b] = rows;
  if (
    a.budget_year_id !== b.budget_year_id ||
    a.fiscal_year !== b.fiscal_year ||
    a.scenario_id !== b.scenario_id
  ) {
    throw badRequest(`Records must belong to the same budget and fiscal year to be ${what}`);
  }
  return rows;
}

// Fields the kept record takes from the deleted one when it has no value of its own.
const FILLABLE: (keyof EmployeeLineItem & WritableField)[] = [
  'firstName',
  'position',
  'locationCode',
  'deseCode',
  'department',
  'jobClass',
  'hireDate',
  'dateOfDeparture',
  'categoryId',
  'notes',
];

/**
 * Merges two records of one person: keeps `keepId`, fills its empty fields from the other record,
 * deletes `deleteId`, and audits both (action 'merge'), in one transaction.
 */
export async function mergeDuplicates(
  app: AppContext,
  actor: Actor,
  input: { keepId: number; deleteId: number },
) {
  authorize(actor, 'dataQuality.manage');
  return app.db.transaction((trx) => mergePair(trx, actor, input.keepId, input.deleteId));
}

/**
 * The one merge, inside the caller's transaction (a single merge, or every group of a merge by
 * rule): locks both lines, fills the kept record's empty fields from the other, deletes the other,
 * and writes the two audit rows (naming the rule when there is one).
 */
export async function mergePair(
  trx: Db,
  actor: Actor,
  keepId: number,
  deleteId: number,
  rule?: string,
): Promise<{ lineItem: EmployeeLineItem; deletedId: number }> {
  await lockPair(trx, [keepId, deleteId], 'merged');
  const [keep, drop] = [await read.lineItemById(trx, keepId), await read.lineItemById(trx, deleteId)] as [
    EmployeeLineItem,
    EmployeeLineItem,
  ];
  const fill: Partial<Record<WritableField, unknown>> = {};
  for (const field of FILLABLE) {
    if ((keep[field] === null || keep[field] === '') && drop[field] !== null) {
      fill[field] = drop[field];
    }
  }
  if (keep.workGroupId === null && keep.workGroup === null && drop.workGroup !== null) {
    fill.workGroup = drop.workGroup;
    fill.workGroupId = drop.workGroupId;
  }
  const byRule = rule === undefined ? {} : { mergeRule: rule };
  const cause = {
    action: 'merge',
    reason: rule === undefined ? 'Duplicates merged' : `Duplicates merged (${rule})`,
  };
  const lineItem = await mergeLines(trx, actor, cause, keep, drop, toColumns(fill), byRule);
  return { lineItem, deletedId: drop.id };
}

/** Remembers that two records are different people; idempotent. */
export async function dismissDuplicate(app: AppContext, actor: Actor, input: { id1: number; id2: number }) {
  authorize(actor, 'dataQuality.manage');
  return app.db.transaction(async (trx) => {
    await lockPair(trx, [input.id1, input.id2], 'dismissed as duplicates');
    const [low, high] = input.id1 < input.id2 ? [input.id1, input.id2] : [input.id2, input.id1];
    await q.insertDismissedPair(trx, low, high, actor.id);
    return { id1: input.id1, id2: input.id2, dismissed: true as const };
  });
}
