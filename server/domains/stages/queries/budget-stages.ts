import type { Db } from '@server/db/index';
import type { Actor } from '@server/policies/index';
import type { BudgetStage } from '@shared/schemas/budget-stages';
import { activeScope } from '@server/sql/line-items-scope';

/**
 * budget_stages and budget_stage_lines (migration 20261126000100): the events of a fiscal year's
 * stages and the lines frozen with each. Rows are only ever inserted (triggers refuse the rest).
 */

export interface StageRow {
  id: number;
  budget_year_id: number;
  fiscal_year: number;
  event: 'advance' | 'reopen' | 'close' | 'unclose';
  stage: BudgetStage;
  stage_date: string;
  note: string | null;
  created_by_name: string;
  created_at: Date | string;
  totals: Record<string, string | number> | null;
  line_count: number | null;
}

// Who recorded an event is named by the user's name; events recorded before names were kept held the
// email, and a deleted user's event keeps what was recorded.
const SELECT = `s.id, s.budget_year_id, s.fiscal_year, s.event, s.stage, s.stage_date::text AS stage_date,
  s.note, coalesce(u.name, s.created_by_name) AS created_by_name, s.created_at, s.totals,
  (SELECT count(*)::int FROM budget_stage_lines l WHERE l.stage_id = s.id AND s.event = 'advance') AS line_count`;

/** A year's events, oldest first. */
export async function listStages(db: Db, budgetYearId: number, fiscalYear: number): Promise<StageRow[]> {
  const { rows } = await db.raw(
    `SELECT ${SELECT} FROM budget_stages s LEFT JOIN users u ON u.id = s.created_by
      WHERE s.budget_year_id = ? AND s.fiscal_year = ? ORDER BY s.id`,
    [budgetYearId, fiscalYear],
  );
  return rows;
}

export async function findStage(db: Db, id: number): Promise<StageRow | undefined> {
  const { rows } = await db.raw(
    `SELECT ${SELECT} FROM budget_stages s LEFT JOIN users u ON u.id = s.created_by WHERE s.id = ?`,
    [id],
  );
  return rows[0];
}

/**
 * Serialises stage changes of one year: a transaction-scoped advisory lock keyed on the year, so
 * two admins moving (or adopting into) the same year take turns and the second sees the first's row.
 */
export async function lockYear(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  await db.raw('SELECT pg_advisory_xact_lock(?, ?)', [budgetYearId, fiscalYear]);
}

/** Whether the year is closed, and by which year's appropriation (migration 20261127000650 is the rule). */
export async function closureOf(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<{ closed: boolean; closedBy: number | null }> {
  const { rows } = await db.raw(
    'SELECT budget_year_closed(?, ?) AS closed, budget_year_closed_by(?, ?) AS closed_by',
    [budgetYearId, fiscalYear, budgetYearId, fiscalYear],
  );
  const closedBy = rows[0].closed_by;
  return { closed: Boolean(rows[0].closed), closedBy: closedBy === null ? null : Number(closedBy) };
}

/** Every closed fiscal year, in its one home (fiscal_year_homes), oldest first. */
export async function closedYears(db: Db): Promise<{ budget_year_id: number; fiscal_year: number }[]> {
  const { rows } = await db.raw(
    `SELECT budget_year_id, fiscal_year FROM fiscal_year_homes
      WHERE budget_year_closed(budget_year_id, fiscal_year) ORDER BY fiscal_year`,
  );
  return rows.map((r: { budget_year_id: number; fiscal_year: number }) => ({
    budget_year_id: Number(r.budget_year_id),
    fiscal_year: Number(r.fiscal_year),
  }));
}

/** Which of a budget year's fiscal years are locked (the SQL function is the rule). */
export async function lockedFiscalYears(db: Db, budgetYearId: number): Promise<number[]> {
  const { rows } = await db.raw(
    `SELECT DISTINCT fiscal_year FROM budget_stages
      WHERE budget_year_id = ? AND budget_year_locked(budget_year_id, fiscal_year) ORDER BY fiscal_year`,
    [budgetYearId],
  );
  return rows.map((r: { fiscal_year: number }) => Number(r.fiscal_year));
}

export async function insertEvent(
  db: Db,
  actor: Actor,
  values: {
    budgetYearId: number;
    fiscalYear: number;
    event: 'advance' | 'reopen' | 'close' | 'unclose';
    stage: BudgetStage;
    date: string;
    note: string | null;
    /** For an advance: the id its lines were frozen under, and their totals. */
    id?: number;
    totals?: Record<string, string | number>;
  },
): Promise<number> {
  const [row] = await db('budget_stages')
    .insert({
      ...(values.id === undefined ? {} : { id: values.id }),
      totals: values.totals === undefined ? null : JSON.stringify(values.totals),
      budget_year_id: values.budgetYearId,
      fiscal_year: values.fiscalYear,
      event: values.event,
      stage: values.stage,
      stage_date: values.date,
      note: values.note,
      created_by: actor.kind === 'user' ? actor.id : null,
      created_by_name: actor.name,
      created_at: db.raw('clock_timestamp()'),
    })
    .returning('id');
  return Number(row.id);
}

/**
 * The columns of a frozen line (budget_stage_lines but its stage_id), in table order. fund_id is the
 * line's own (null: the general fund, as on line_items; migration 20261203000250).
 */
export const STAGE_LINE_COLUMNS = `line_id, is_operating, is_projected, first_name, last_name, position,
  work_group, employee_status, current_fte, current_salary, next_year_salary, name, account_description,
  account_line, amount, dese_code, category_id, category_name, building_id, building_name, fund_id`;

/**
 * THE lines of a year as a stage would freeze them now ("today's working figures"): the lines that
 * count (activeScope: the active budgets; projected lines included), with the names of category and
 * building as they are now, under STAGE_LINE_COLUMNS. Two bindings: budget year id, fiscal year.
 * Freezing a stage and comparing a stage with today both read it, so the two cannot disagree.
 */
export const WORKING_LINES_SQL = `SELECT li.id AS line_id, li.is_operating, li.is_projected, li.first_name,
    li.last_name, li.position, li.work_group, li.employee_status, li.current_fte, li.current_salary,
    li.next_year_salary, li.name, li.account_description, li.account_line, li.amount, li.dese_code,
    li.category_id, c.name AS category_name, li.building_id, b.name AS building_name, li.fund_id
   FROM line_items_all li
   LEFT JOIN budget_categories c ON c.id = li.category_id
   LEFT JOIN buildings b ON b.id = li.building_id
  WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND ${activeScope('li')}`;

/**
 * Freezes the lines of the year that count (WORKING_LINES_SQL) into the snapshot, names of category
 * and building as they are now, and stores the totals summed from the frozen rows, so the totals
 * and the lines can never disagree.
 */
export async function freezeLines(
  db: Db,
  stageId: number,
  budgetYearId: number,
  fiscalYear: number,
): Promise<void> {
  await db.raw(
    `INSERT INTO budget_stage_lines (stage_id, ${STAGE_LINE_COLUMNS})
     SELECT ?, ${STAGE_LINE_COLUMNS} FROM (${WORKING_LINES_SQL}) working`,
    [stageId, budgetYearId, fiscalYear],
  );
}

/** The totals of a snapshot's lines, as numeric text (exact). */
export async function snapshotTotals(db: Db, stageId: number) {
  const { rows } = await db.raw(
    `SELECT coalesce(sum(amount) FILTER (WHERE NOT is_operating), 0)::text AS proposed_total,
            (count(*) FILTER (WHERE NOT is_operating))::int AS proposed_count,
            (count(*) FILTER (WHERE is_operating))::int AS employee_count,
            coalesce(sum(current_salary) FILTER (WHERE is_operating), 0)::text AS salary_total,
            coalesce(sum(next_year_salary) FILTER (WHERE is_operating), 0)::text AS next_year_salary_total
       FROM budget_stage_lines WHERE stage_id = ?`,
    [stageId],
  );
  const r = rows[0];
  return {
    proposedTotal: r.proposed_total as string,
    proposedCount: Number(r.proposed_count),
    employeeCount: Number(r.employee_count),
    salaryTotal: r.salary_total as string,
    nextYearSalaryTotal: r.next_year_salary_total as string,
  };
}

/** The id the next stage row will have: its lines are frozen first (their foreign key is deferred). */
export async function nextStageId(db: Db): Promise<number> {
  const { rows } = await db.raw(`SELECT nextval(pg_get_serial_sequence('budget_stages', 'id'))::int AS id`);
  return Number(rows[0].id);
}

export interface SnapshotLineRow {
  line_id: number;
  is_operating: boolean;
  is_projected: boolean;
  first_name: string | null;
  last_name: string | null;
  position: string | null;
  work_group: string | null;
  employee_status: string | null;
  current_fte: number | null;
  current_salary: number | null;
  next_year_salary: number | null;
  name: string | null;
  account_description: string | null;
  account_line: string | null;
  amount: number | null;
  dese_code: string | null;
  category_id: number | null;
  category_name: string | null;
  building_id: number | null;
  building_name: string | null;
  fund_id: number | null;
}

export async function snapshotLines(
  db: Db,
  stageId: number,
  kind: 'employee' | 'proposed' | 'all',
): Promise<SnapshotLineRow[]> {
  const q = db('budget_stage_lines').where({ stage_id: stageId }).select('*').orderBy('line_id');
  if (kind !== 'all') {
    q.where({ is_operating: kind === 'employee' });
  }
  return q;
}

/**
 * A condition on `alias` keeping lines of years that are not locked: rule recomputes (a settings
 * or contract change) move open years' next-year salaries and leave a voted budget as voted.
 */
export function inOpenYear(alias: string): string {
  return `(${alias}.budget_year_id, ${alias}.fiscal_year) NOT IN (
    SELECT DISTINCT bs.budget_year_id, bs.fiscal_year FROM budget_stages bs
     WHERE budget_year_locked(bs.budget_year_id, bs.fiscal_year))`;
}
