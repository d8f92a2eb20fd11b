import type {
  DuplicateCandidate,
  MergeRule,
  RuleMerge,
  RuleRecord,
  RuleSkip,
} from '@shared/schemas/duplicates';
import type { LineSource } from '@shared/schemas/line-item-dtos';

/**
 * The rules of a merge by rule (pure): which record of a group of likely duplicates to keep, or
 * why the rule cannot say. A rule never guesses: two candidates, or none, skip the group.
 */

export type Decision = { keepId: number } | { reason: string };

/** The one record of the source the rule keeps, or the reason there is not exactly one. */
function keepSource(group: DuplicateCandidate[], source: LineSource, noun: (n: number) => string): Decision {
  const matching = group.filter((c) => c.source === source);
  if (matching.length === 1) {
    return { keepId: matching[0].id };
  }
  return matching.length === 0
    ? { reason: `No ${noun(1)}` }
    : { reason: `${matching.length} ${noun(matching.length)}: the rule cannot choose one` };
}

/** What `rule` keeps of `group`. */
export function decide(rule: MergeRule, group: DuplicateCandidate[]): Decision {
  switch (rule) {
    case 'keep-imported':
      return keepSource(group, 'imported', (n) => (n === 1 ? 'imported record' : 'imported records'));
    case 'keep-entered':
      return keepSource(group, 'entered', (n) =>
        n === 1 ? 'record entered by hand' : 'records entered by hand',
      );
    case 'keep-newest': {
      // ISO 8601 timestamps of one format compare as text.
      const newest = group.reduce((a, b) => (b.updatedAt > a ? b.updatedAt : a), '');
      const latest = group.filter((c) => c.updatedAt === newest);
      return latest.length === 1
        ? { keepId: latest[0].id }
        : { reason: `${latest.length} records last changed at the same time: the rule cannot choose one` };
    }
  }
}

/** A record as the preview lists it. */
export function ruleRecord(c: DuplicateCandidate): RuleRecord {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    position: c.position,
    currentSalary: c.currentSalary,
    source: c.source,
    importRun: c.importRun,
    updatedAt: c.updatedAt,
  };
}

/** Every group's merge (kept record first, the others by id) or its reason to be skipped, in the groups' order. */
export function planMerges(
  rule: MergeRule,
  groups: DuplicateCandidate[][],
): { merges: RuleMerge[]; skipped: RuleSkip[] } {
  const merges: RuleMerge[] = [];
  const skipped: RuleSkip[] = [];
  for (const group of groups) {
    const decision = decide(rule, group);
    const fiscalYear = group[0].fiscalYear;
    if ('reason' in decision) {
      skipped.push({
        fiscalYear,
        ids: group.map((c) => c.id),
        records: group.map(ruleRecord),
        reason: decision.reason,
      });
      continue;
    }
    const keep = group.find((c) => c.id === decision.keepId)!;
    const others = group.filter((c) => c.id !== keep.id);
    merges.push({
      fiscalYear,
      keepId: keep.id,
      removeIds: others.map((c) => c.id),
      records: [keep, ...others].map(ruleRecord),
    });
  }
  return { merges, skipped };
}

/**
 * The planned merges the caller asked for, each exactly as planned now; the ones that differ
 * (a record merged, deleted or changed since the preview) are listed as `stale`.
 */
export function pickRequested(
  planned: RuleMerge[],
  requested: { keepId: number; removeIds: number[] }[],
): { chosen: RuleMerge[]; stale: string[] } {
  const byKeep = new Map(planned.map((m) => [m.keepId, m]));
  const chosen: RuleMerge[] = [];
  const stale: string[] = [];
  for (const r of requested) {
    const m = byKeep.get(r.keepId);
    const same =
      m !== undefined &&
      m.removeIds.length === r.removeIds.length &&
      r.removeIds.every((id) => m.removeIds.includes(id));
    if (same) {
      chosen.push(m);
    } else {
      stale.push(`keep ${r.keepId}, remove ${r.removeIds.join(', ')}`);
    }
  }
  return { chosen, stale };
}
