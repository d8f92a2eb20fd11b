import type { AppContext } from '@server/context';
import { notFound, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import * as bq from '@server/queries/bulk-update';
import { budgetYearExists } from '@server/queries/budget-settings';
import { listBuildings } from '@server/queries/buildings';
import { findWorkGroup } from '@server/queries/work-groups';
import type {
  BulkOptionsQuery,
  BulkStatusBody,
  BulkWorkGroupBody,
  DeseCodesBody,
  DeseCodesResult,
  LinkBuildingsBody,
  LinkBuildingsResult,
} from '@server/schemas/bulk-update';
import { buildingMatcher, type BuildingMatchMethod } from './buildings';
import { deseCodes, isDeseCode } from './dese-codes';
import { applyAutomaticNextYearSalary } from './salary-projection';

type Db = AppContext['db'];
const LINE = 'line-item';

async function requireBudgetYear(db: Db, id: number) {
  if (!(await budgetYearExists(db, id))) {
    throw notFound('Budget year');
  }
}

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
      const changed = new Set(await bq.linkLines(trx, planned));
      linked = planned.filter((p) => changed.has(p.id));
      await bq.insertAudits(
        trx,
        actor,
        linked.map((p) => ({
          action: 'update',
          entity: LINE,
          entityId: p.id,
          before: { buildingId: null },
          after: { buildingId: p.buildingId },
        })),
      );
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
    return {
      totalLinked: linked.length,
      results: [...groups.values()].sort(
        (a, b) => a.buildingName.localeCompare(b.buildingName) || a.method.localeCompare(b.method),
      ),
      stillUnassigned: input.dryRun ? unlinked - linked.length : unlinked,
      dryRun: Boolean(input.dryRun),
    };
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
    const changes = await bq.setDeseCodes(trx, scope, mappings, {
      onlyBlank: !input.mappings,
      apply: !input.dryRun,
    });
    if (!input.dryRun) {
      await bq.insertAudits(
        trx,
        actor,
        changes.map((c) => ({
          action: 'update',
          entity: LINE,
          entityId: c.id,
          before: { deseCode: c.old_code },
          after: { deseCode: c.new_code },
        })),
      );
    }
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
    return { totalUpdated: changes.length, results, dryRun: Boolean(input.dryRun) };
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

/** What the audit of a bulk change records of a line, before and after. */
const auditFields = (l: bq.MatchedLine) => ({
  workGroupId: l.work_group_id,
  workGroup: l.work_group,
  salaryStep: l.salary_step,
  salaryLane: l.salary_lane,
  employeeStatus: l.employee_status,
  nextYearSalary: l.next_year_salary === null ? null : Number(l.next_year_salary),
  nextYearSalaryManual: l.next_year_salary_manual,
});

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
      const ids = changing.map((l) => l.id);
      await bq.updateLines(trx, ids, { work_group_id: group.id, work_group: group.name });
      await applyAutomaticNextYearSalary(
        trx,
        changing.filter((l) => l.work_group_id !== group.id && !l.next_year_salary_manual).map((l) => l.id),
      );
      const after = new Map((await bq.matchedFields(trx, ids)).map((r) => [r.id, r]));
      await bq.insertAudits(
        trx,
        actor,
        changing.map((l) => ({
          action: 'update',
          entity: LINE,
          entityId: l.id,
          before: auditFields(l),
          after: auditFields(after.get(l.id)!),
        })),
      );
    }
    return { matched: matched.length, totalUpdated: changing.length, dryRun: Boolean(input.dryRun) };
  });
}

const CLEARS_NEXT_YEAR = new Set(['Inactive', 'Retiring']);

/**
 * Sets the status of every matching employee line of a fiscal year, by the SPEC section 4 rules
 * the single-line status call follows: Inactive and Retiring clear the next-year salary and its
 * manual flag (they leave, so nothing is budgeted); a line coming back to Active gets its automatic
 * next-year salary again (salary-projection.ts).
 */
export async function setEmployeeStatus(app: AppContext, actor: Actor, input: BulkStatusBody) {
  authorize(actor, 'bulkUpdate.run');
  const scope = { budgetYearId: input.budgetYearId, fiscalYear: input.fiscalYear };
  const clears = CLEARS_NEXT_YEAR.has(input.employeeStatus);
  return app.db.transaction(async (trx) => {
    await requireBudgetYear(trx, input.budgetYearId);
    const matched: bq.MatchedLine[] = await bq.matchedLines(trx, scope, input.match).forUpdate();
    const changing = matched.filter(
      (l) =>
        l.employee_status !== input.employeeStatus ||
        (clears && (l.next_year_salary !== null || l.next_year_salary_manual)),
    );
    if (!input.dryRun && changing.length) {
      const values: Record<string, unknown> = { employee_status: input.employeeStatus };
      if (clears) {
        values.next_year_salary = null;
        values.next_year_salary_manual = false;
      }
      const ids = changing.map((l) => l.id);
      await bq.updateLines(trx, ids, values);
      if (input.employeeStatus === 'Active') {
        await applyAutomaticNextYearSalary(
          trx,
          changing.filter((l) => CLEARS_NEXT_YEAR.has(l.employee_status ?? '')).map((l) => l.id),
        );
      }
      const after = new Map((await bq.matchedFields(trx, ids)).map((r) => [r.id, r]));
      await bq.insertAudits(
        trx,
        actor,
        changing.map((l) => ({
          action: 'update',
          entity: LINE,
          entityId: l.id,
          before: auditFields(l),
          after: auditFields(after.get(l.id)!),
        })),
      );
    }
    return { matched: matched.length, totalUpdated: changing.length, dryRun: Boolean(input.dryRun) };
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
