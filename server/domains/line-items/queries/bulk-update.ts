import type { Knex } from 'knex';
import type { Db } from '@server/db/index';
import type { EmployeeMatch } from '@shared/schemas/bulk-update';

/** Which employee lines a bulk call covers: one budget year, optionally one fiscal year. */
export interface EmployeeScope {
  budgetYearId: number;
  fiscalYear?: number;
}

/**
 * Employee lines in scope, as a query to add conditions to: stored lines only. A projected line in
 * projected_lines takes its building, codes and work group from its source line, which is in scope
 * here, so a bulk fix reaches it through the source.
 */
export function employees(db: Db, scope: EmployeeScope, alias = 'li'): Knex.QueryBuilder {
  const q = db(`line_items as ${alias}`)
    .where(`${alias}.budget_year_id`, scope.budgetYearId)
    .where(`${alias}.is_operating`, true);
  if (scope.fiscalYear !== undefined) {
    q.where(`${alias}.fiscal_year`, scope.fiscalYear);
  }
  return q;
}

/** Case- and space-insensitive equality on each field the match names. */
export function whereMatches(q: Knex.QueryBuilder, match: EmployeeMatch, alias = 'li'): Knex.QueryBuilder {
  const columns = { position: 'position', jobClass: 'job_class', department: 'department' } as const;
  for (const key of Object.keys(columns) as (keyof typeof columns)[]) {
    const value = match[key];
    if (value) {
      q.whereRaw(`lower(btrim(??)) = lower(btrim(?))`, [`${alias}.${columns[key]}`, value]);
    }
  }
  return q;
}

export interface UnlinkedLine {
  id: number;
  location_code: string | null;
  department: string | null;
}

/** Employee lines in scope with no building (District Wide or not yet linked). */
export function unlinkedEmployees(db: Db, scope: EmployeeScope): Promise<UnlinkedLine[]> {
  return employees(db, scope)
    .whereNull('li.building_id')
    .select('li.id', 'li.location_code', 'li.department')
    .orderBy('li.id');
}

export async function countUnlinked(db: Db, scope: EmployeeScope): Promise<number> {
  const row = await employees(db, scope).whereNull('li.building_id').count<{ n: number }[]>('* as n');
  return Number(row[0].n);
}

export interface JobClassCodeCount {
  job_key: string;
  job_class: string;
  dese_code: string | null;
  n: number;
}

/**
 * How many lines carry each (job class spelling, DESE code) pair; job classes are compared
 * case-insensitively through job_key, and a blank code counts as null.
 */
export function jobClassCodeCounts(db: Db, scope: EmployeeScope): Promise<JobClassCodeCount[]> {
  return employees(db, scope)
    .whereRaw(`coalesce(btrim(li.job_class), '') <> ''`)
    .select(
      db.raw('lower(btrim(li.job_class)) as job_key'),
      db.raw('btrim(li.job_class) as job_class'),
      db.raw(`nullif(btrim(li.dese_code), '') as dese_code`),
      db.raw('count(*)::int as n'),
    )
    .groupByRaw(`lower(btrim(li.job_class)), btrim(li.job_class), nullif(btrim(li.dese_code), '')`);
}

/**
 * The lines of each job class whose DESE code a mapping changes: with `onlyBlank` only lines
 * without one, otherwise every line whose code differs. Read for a preview, and as the set the
 * line writer updates.
 */
export function deseCodeTargets(
  db: Db,
  scope: EmployeeScope,
  mappings: { jobKey: string; deseCode: string }[],
  onlyBlank: boolean,
): Knex.QueryBuilder {
  const targets = employees(db, scope)
    .joinRaw(
      `join jsonb_to_recordset(?::jsonb) as m(job_key text, dese_code text) on lower(btrim(li.job_class)) = m.job_key`,
      [JSON.stringify(mappings.map((m) => ({ job_key: m.jobKey, dese_code: m.deseCode })))],
    )
    .select('li.id', 'm.job_key', 'li.dese_code as old_code', 'm.dese_code as new_code');
  if (onlyBlank) {
    targets.whereRaw(`coalesce(btrim(li.dese_code), '') = ''`);
  } else {
    targets.whereRaw('li.dese_code is distinct from m.dese_code');
  }
  return targets;
}

export interface MatchedLine {
  id: number;
  work_group_id: number | null;
  work_group: string | null;
  employee_status: string | null;
  next_year_salary: number | null;
  next_year_salary_manual: boolean;
  salary_step: number | null;
  salary_lane: string | null;
}

const MATCHED_COLUMNS = [
  'id',
  'work_group_id',
  'work_group',
  'employee_status',
  'next_year_salary',
  'next_year_salary_manual',
  'salary_step',
  'salary_lane',
];

/** Employee lines in scope that the match selects, with the fields bulk changes touch. */
export function matchedLines(db: Db, scope: EmployeeScope, match: EmployeeMatch): Knex.QueryBuilder {
  return whereMatches(employees(db, scope), match).select(MATCHED_COLUMNS.map((c) => `li.${c}`));
}

/** The values the bulk screens offer, with how many employee lines carry each. */
export async function distinctValues(
  db: Db,
  scope: EmployeeScope,
  column: 'position' | 'job_class' | 'department',
): Promise<{ value: string; count: number }[]> {
  const rows: { value: string; count: number }[] = await employees(db, scope)
    .whereRaw(`coalesce(btrim(??), '') <> ''`, [`li.${column}`])
    .select(db.raw('min(btrim(??)) as value', [`li.${column}`]), db.raw('count(*)::int as count'))
    .groupByRaw('lower(btrim(??))', [`li.${column}`])
    .orderBy('value');
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

export async function employeeFiscalYears(db: Db, budgetYearId: number): Promise<number[]> {
  const rows: { fiscal_year: number }[] = await db('line_items_all')
    .distinct('fiscal_year')
    .where({ budget_year_id: budgetYearId, is_operating: true })
    .orderBy('fiscal_year');
  return rows.map((r) => r.fiscal_year);
}

/** Employee count, those without a building, and those without a DESE code. */
export async function employeeCounts(
  db: Db,
  scope: EmployeeScope,
): Promise<{ total: number; unassigned: number; missingDese: number }> {
  const row = await employees(db, scope)
    .select(
      db.raw('count(*)::int as total'),
      db.raw('count(*) filter (where li.building_id is null)::int as unassigned'),
      db.raw(`count(*) filter (where coalesce(btrim(li.dese_code), '') = '')::int as missing_dese`),
    )
    .first();
  return {
    total: Number(row?.total ?? 0),
    unassigned: Number(row?.unassigned ?? 0),
    missingDese: Number(row?.missing_dese ?? 0),
  };
}
