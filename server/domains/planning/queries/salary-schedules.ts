import type { Db } from '@server/db/index';
import type { Schedule, ScheduleAmount } from '@shared/schemas/salary-schedules';
import { activeScope } from '@server/sql/line-items-scope';

/**
 * The salary_schedules and salary_schedule_amounts tables: a schedule's grid of amounts by fiscal
 * year, step and lane, and which work group it belongs to. How the rule reads them is
 * server/sql/salary-rule.ts; where employees sit on them is ./salary-schedule-placements.ts.
 */

export interface ScheduleRow {
  id: number;
  name: string;
  work_group_id: number | null;
  work_group: string | null;
  lanes: string[];
  fiscal_years: number[];
  steps: number | null;
  printed_cola: Record<string, string>;
  source_file_name: string | null;
  placed_count: number;
  confirmed_count: number;
}

// The DTO's figures, computed where the rows are: years and steps from the amounts, the placed and
// confirmed counts from the work group's employee lines (not projected, in the active budgets).
const SELECT = `SELECT s.id, s.name, s.work_group_id, wg.name AS work_group, s.lanes, s.printed_cola,
    s.source_file_name,
    ARRAY(SELECT DISTINCT a.fiscal_year FROM salary_schedule_amounts a WHERE a.schedule_id = s.id ORDER BY 1)
      AS fiscal_years,
    (SELECT max(a.step) FROM salary_schedule_amounts a WHERE a.schedule_id = s.id) AS steps,
    coalesce(c.placed, 0)::int AS placed_count, coalesce(c.confirmed, 0)::int AS confirmed_count
  FROM salary_schedules s
  LEFT JOIN work_groups wg ON wg.id = s.work_group_id
  LEFT JOIN (
    -- Grouped once: line_items has no index on work_group_id (docs/ARCHITECTURE.md, 'Indexes of
    -- line_items'), so a count per schedule would read the lines once for each.
    SELECT li.work_group_id, count(*) AS placed,
           count(*) FILTER (WHERE li.salary_placement = 'confirmed') AS confirmed
      FROM line_items li
     WHERE li.work_group_id IS NOT NULL AND li.is_operating AND NOT li.is_projected
       AND li.salary_step IS NOT NULL AND ${activeScope()}
     GROUP BY li.work_group_id
  ) c ON c.work_group_id = s.work_group_id`;

export function presentSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    name: row.name,
    workGroupId: row.work_group_id,
    workGroup: row.work_group,
    lanes: row.lanes,
    fiscalYears: row.fiscal_years,
    steps: row.steps ?? 0,
    // Printed COLAs are stored as decimal text ('2.500'); the API sends percents as numbers.
    printedCola: Object.fromEntries(Object.entries(row.printed_cola).map(([fy, pct]) => [fy, Number(pct)])),
    sourceFileName: row.source_file_name,
    placedCount: row.placed_count,
    confirmedCount: row.confirmed_count,
  };
}

/** Every schedule, by name. */
export async function listSchedules(db: Db): Promise<ScheduleRow[]> {
  return (await db.raw<{ rows: ScheduleRow[] }>(`${SELECT} ORDER BY lower(s.name), s.id`)).rows;
}

export async function scheduleById(db: Db, id: number): Promise<ScheduleRow | undefined> {
  return (await db.raw<{ rows: ScheduleRow[] }>(`${SELECT} WHERE s.id = ?`, [id])).rows[0];
}

/** The schedule attached to a work group (at most one: salary_schedules_work_group_unique). */
export async function scheduleOfWorkGroup(db: Db, workGroupId: number): Promise<ScheduleRow | undefined> {
  return (await db.raw<{ rows: ScheduleRow[] }>(`${SELECT} WHERE s.work_group_id = ?`, [workGroupId]))
    .rows[0];
}

/** Locks a schedule row for the rest of the transaction (edits and deletes serialise on it). */
export async function lockSchedule(
  db: Db,
  id: number,
): Promise<{ id: number; work_group_id: number | null } | undefined> {
  return db('salary_schedules').where({ id }).forUpdate().first('id', 'work_group_id');
}

/** The id of another schedule already called `name` (case-insensitive), if any. */
export async function scheduleNamed(db: Db, name: string, exceptId?: number): Promise<number | undefined> {
  const q = db('salary_schedules').whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId !== undefined) {
    q.whereNot({ id: exceptId });
  }
  return (await q.first('id'))?.id as number | undefined;
}

export interface NewSchedule {
  name: string;
  workGroupId: number | null;
  lanes: string[];
  printedCola: Record<number, string>;
  sourceFileName: string | null;
  createdBy: number | null;
}

/** Writes a schedule and its amounts; its id. */
export async function insertSchedule(
  db: Db,
  values: NewSchedule,
  amounts: readonly { fiscalYear: number; step: number; lane: string; amount: string }[],
): Promise<number> {
  const [row] = await db('salary_schedules')
    .insert({
      name: values.name,
      work_group_id: values.workGroupId,
      lanes: JSON.stringify(values.lanes),
      printed_cola: JSON.stringify(values.printedCola),
      source_file_name: values.sourceFileName,
      created_by: values.createdBy,
    })
    .returning('id');
  const rows = amounts.map((a) => ({
    schedule_id: row.id,
    fiscal_year: a.fiscalYear,
    step: a.step,
    lane: a.lane,
    amount: a.amount,
  }));
  for (let i = 0; i < rows.length; i += 2000) {
    await db('salary_schedule_amounts').insert(rows.slice(i, i + 2000));
  }
  return row.id as number;
}

export async function updateSchedule(
  db: Db,
  id: number,
  values: { name?: string; workGroupId?: number | null },
): Promise<void> {
  const columns: Record<string, unknown> = { updated_at: db.fn.now() };
  if (values.name !== undefined) {
    columns.name = values.name;
  }
  if (values.workGroupId !== undefined) {
    columns.work_group_id = values.workGroupId;
  }
  await db('salary_schedules').where({ id }).update(columns);
}

/** Deletes a schedule (its amounts go with it). */
export async function deleteSchedule(db: Db, id: number): Promise<void> {
  await db('salary_schedules').where({ id }).delete();
}

/** A schedule's amounts by fiscal year, step, then lane in the schedule's own order. */
export async function scheduleAmounts(db: Db, id: number): Promise<ScheduleAmount[]> {
  const result = await db.raw<{ rows: ScheduleAmount[] }>(
    `SELECT a.fiscal_year AS "fiscalYear", a.step, a.lane, a.amount
       FROM salary_schedule_amounts a
       JOIN salary_schedules s ON s.id = a.schedule_id
       LEFT JOIN LATERAL (SELECT l.ord FROM jsonb_array_elements_text(s.lanes) WITH ORDINALITY AS l(lane, ord)
                           WHERE l.lane = a.lane) o ON true
      WHERE a.schedule_id = ?
      ORDER BY a.fiscal_year, a.step, o.ord`,
    [id],
  );
  return result.rows;
}
