import type { AppContext } from '@server/context';
import { notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as bq from './queries/bulk-update';
import { listRowsOfBuildings as listBuildings } from '@server/domains/budgets';
import { findWorkGroup } from '@server/domains/budgets';
import type {
  BulkOptionsQuery,
  BulkStatusBody,
  BulkWorkGroupBody,
  DeseCodesBody,
  DeseCodesResult,
  LinkBuildingsBody,
  LinkBuildingsResult,
} from '@shared/schemas/bulk-update';
import { buildingMatcher, type BuildingMatchMethod } from '@server/domains/budgets';
import { deseCodes, isDeseCode } from '@server/domains/massachusetts';
import { requireBudgetYear } from '@server/domains/budgets';
import * as lines from './index';
import { answerWithSalaryLines } from './follow';

/**
 * Links employee lines that have no building to one, by the rules of buildingMatcher (location
 * code = building code, else the same name, else a unique name prefix). Lines it cannot place stay
 * District Wide. One transaction; each linked line audited. dryRun reports without writing.
 */
export async function linkEmployeesToBuildings(
  app: AppContext,
  actor: Actor,
  input: LinkBuildingsBody,
): Promise<LinkBuildingsResult> {
  authorize(actor, 'bulkUpdate.run');
  const scope = { budgetYearId: input.budgetYearId, fiscalYear: input.fiscalYear };
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId);
    const buildings = await listBuildings(trx);
    const match = buildingMatcher(buildings);
    const planned: { id: number; buildingId: number; method: BuildingMatchMethod }[] = [];
    for (const line of await bq.unlinkedEmployees(trx, scope)) {
      const hit = match({ locationCode: line.location_code, department: line.department });
      if (hit) {
        planned.push({ id: line.id, ...hit });
      }
    }
    let linked = planned;
    if (!input.dryRun) {
      const cause = { action: 'update', reason: 'Bulk update: employees linked to buildings' };
      const changed = new Set(await lines.linkBuildings(trx, actor, cause, planned));
      linked = planned.filter((p) => changed.has(p.id));
    }
    const byId = new Map(buildings.map((b) => [b.id, b]));
    const groups = new Map<string, LinkBuildingsResult['results'][number]>();
    for (const p of linked) {
      const key = `${p.buildingId}|${p.method}`;
      const b = byId.get(p.buildingId)!;
      const group = groups.get(key) ?? {
        buildingId: b.id,
        buildingName: b.name,
        buildingCode: b.code,
        employeesLinked: 0,
        method: p.method,
      };
      group.employeesLinked += 1;
      groups.set(key, group);
    }
    // After a real run this is what is left; a dry run has changed nothing yet.
    const unlinked = await bq.countUnlinked(trx, scope);
    return answerWithSalaryLines(trx, actor, {
      totalLinked: linked.length,
      results: [...groups.values()].sort(
        (a, b) => a.buildingName.localeCompare(b.buildingName) || a.method.localeCompare(b.method),
      ),
      stillUnassigned: input.dryRun ? unlinked - linked.length : unlinked,
      dryRun: Boolean(input.dryRun),
    });
  });
}

/**
 * Sets DESE function codes on employee lines by job class. With mappings, every line of each job
 * class gets the code given (each code must exist). Without, each job class gets the valid code
 * most of its lines already carry (ties: the lower code) and only lines without a code are filled.
 */
export async function updateDeseCodes(
  app: AppContext,
  actor: Actor,
  input: DeseCodesBody,
): Promise<DeseCodesResult> {
  authorize(actor, 'bulkUpdate.run');
  const scope = { budgetYearId: input.budgetYearId, fiscalYear: input.fiscalYear };
  const unknown = (input.mappings ?? [])
    .map((m, i) => ({ path: `mappings.${i}.deseCode`, code: m.deseCode }))
    .filter((m) => !isDeseCode(m.code));
  if (unknown.length) {
    throw validationFailed(
      unknown.map((u) => ({ path: u.path, message: `${u.code} is not a DESE function code` })),
    );
  }
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId);
    const counts = await bq.jobClassCodeCounts(trx, scope);
    const labels = labelsOf(counts);
    let mappings: { jobKey: string; deseCode: string }[];
    if (input.mappings) {
      // The last mapping of a job class wins, as it would if the calls were made one by one.
      const byKey = new Map(input.mappings.map((m) => [m.jobClass.trim().toLowerCase(), m.deseCode]));
      mappings = [...byKey].map(([jobKey, deseCode]) => ({ jobKey, deseCode }));
      for (const m of input.mappings) {
        const key = m.jobClass.trim().toLowerCase();
        if (!labels.has(key)) {
          labels.set(key, m.jobClass.trim());
        }
      }
    } else {
      const valid = counts.filter((c) => c.dese_code && isDeseCode(c.dese_code));
      mappings = [...mostCommon(valid, (c) => c.dese_code!)].map(([jobKey, deseCode]) => ({
        jobKey,
        deseCode,
      }));
    }
    const onlyBlank = !input.mappings;
    const targets: { id: number; job_key: string }[] = mappings.length
      ? await bq.deseCodeTargets(trx, scope, mappings, onlyBlank)
      : [];
    const changes = input.dryRun
      ? targets
      : await lines.setDeseCodes(
          trx,
          actor,
          { action: 'update', reason: 'Bulk update: DESE codes by job class' },
          scope,
          targets.map((t) => t.id),
          mappings,
          onlyBlank,
        );
    const perKey = new Map<string, number>();
    for (const c of changes) {
      perKey.set(c.job_key, (perKey.get(c.job_key) ?? 0) + 1);
    }
    const results = mappings
      .map((m) => ({
        jobClass: labels.get(m.jobKey) ?? m.jobKey,
        deseCode: m.deseCode,
        deseName: deseCodes().get(m.deseCode)?.name ?? null,
        employeesUpdated: perKey.get(m.jobKey) ?? 0,
      }))
      .filter((r) => input.mappings || r.employeesUpdated > 0)
      .sort((a, b) => a.jobClass.localeCompare(b.jobClass));
    return answerWithSalaryLines(trx, actor, {
      totalUpdated: changes.length,
      results,
      dryRun: Boolean(input.dryRun),
    });
  });
}

/** Per job key, the value most lines carry (ties: the first in sort order). */
function mostCommon(counts: bq.JobClassCodeCount[], value: (c: bq.JobClassCodeCount) => string) {
  const tally = new Map<string, Map<string, number>>();
  for (const c of counts) {
    const values = tally.get(c.job_key) ?? new Map<string, number>();
    values.set(value(c), (values.get(value(c)) ?? 0) + Number(c.n));
    tally.set(c.job_key, values);
  }
  const best = new Map<string, string>();
  for (const [key, values] of tally) {
    const [top] = [...values].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    best.set(key, top[0]);
  }
  return best;
}

/** Each job class's display name: the spelling most of its lines use. */
function labelsOf(counts: bq.JobClassCodeCount[]) {
  return mostCommon(counts, (c) => c.job_class);
}

/**
 * Puts every matching employee line of a fiscal year in a work group (id and label). A line that
 * changes group loses its step and lane (they were cells of the old group's schedule; the query
 * clears them) and its automatic next-year salary follows the new group's rule, as the single-line
 * edit does; a manual one stays.
 */
export async function assignWorkGroup(app: AppContext, actor: Actor, input: BulkWorkGroupBody) {
  authorize(actor, 'bulkUpdate.run');
  const scope = { budgetYearId: input.budgetYearId, fiscalYear: input.fiscalYear };
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId);
    const group = await findWorkGroup(trx, input.workGroupId);
    if (!group) {
      throw notFound('Work group');
    }
    const matched: bq.MatchedLine[] = await bq.matchedLines(trx, scope, input.match).forUpdate();
    const changing = matched.filter((l) => l.work_group_id !== group.id || l.work_group !== group.name);
    if (!input.dryRun && changing.length) {
      await lines.changeLines(
        trx,
        actor,
        { action: 'update', reason: `Bulk update: work group set to ${group.name}` },
        changing.map((l) => l.id),
        { columns: { work_group_id: group.id, work_group: group.name } },
      );
    }
    return answerWithSalaryLines(trx, actor, {
      matched: matched.length,
      totalUpdated: changing.length,
      dryRun: Boolean(input.dryRun),
    });
  });
}

/**
 * Sets the status of every matching employee line of a fiscal year, by the rules
 * the single-line status call follows: Inactive and Retiring clear the next-year salary and its
 * manual flag (they leave, so nothing is budgeted); a line coming back to Active gets its automatic
 * next-year salary again (line-items/status-rule.ts).
 */
export async function setEmployeeStatus(app: AppContext, actor: Actor, input: BulkStatusBody) {
  authorize(actor, 'bulkUpdate.run');
  const scope = { budgetYearId: input.budgetYearId, fiscalYear: input.fiscalYear };
  const clears = lines.isLocked(input.employeeStatus);
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId);
    const matched: bq.MatchedLine[] = await bq.matchedLines(trx, scope, input.match).forUpdate();
    const changing = matched.filter(
      (l) =>
        l.employee_status !== input.employeeStatus ||
        (clears && (l.next_year_salary !== null || l.next_year_salary_manual)),
    );
    if (!input.dryRun && changing.length) {
      await lines.changeLines(
        trx,
        actor,
        { action: 'update', reason: `Bulk update: status set to ${input.employeeStatus}` },
        changing.map((l) => l.id),
        { columns: { employee_status: input.employeeStatus } },
      );
    }
    return answerWithSalaryLines(trx, actor, {
      matched: matched.length,
      totalUpdated: changing.length,
      dryRun: Boolean(input.dryRun),
    });
  });
}

/** The fiscal years, values to match and counts the bulk screens offer for a budget year. */
export async function bulkOptions(app: AppContext, actor: Actor, query: BulkOptionsQuery) {
  authorize(actor, 'bulkUpdate.run');
  const db = app.db;
  await requireBudgetYear(db, query.budgetYearId);
  const scope = { budgetYearId: query.budgetYearId, fiscalYear: query.fiscalYear };
  const counts = await bq.employeeCounts(db, scope);
  return {
    fiscalYears: await bq.employeeFiscalYears(db, query.budgetYearId),
    positions: await bq.distinctValues(db, scope, 'position'),
    jobClasses: await bq.distinctValues(db, scope, 'job_class'),
    departments: await bq.distinctValues(db, scope, 'department'),
    employeeCount: counts.total,
    unassignedEmployees: counts.unassigned,
    missingDeseCodes: counts.missingDese,
  };
}
