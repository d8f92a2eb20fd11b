import type { Db } from '@server/db/index';
import { GRADES, gradeLabel, type EnrollmentRecord } from '@shared/schemas/enrollment';

export interface EnrollmentRow {
  id: number;
  budget_year_id: number;
  building_id: number;
  grade: string;
  student_count: number;
  special_ed_count: number | null;
  building_name: string;
  updated_at: Date | string;
}

export interface BuildingRow {
  id: number;
  name: string;
  code: string | null;
  building_type: string | null;
}

export function presentEnrollment(row: EnrollmentRow): EnrollmentRecord {
  return {
    id: row.id,
    budgetYearId: row.budget_year_id,
    buildingId: row.building_id,
    grade: row.grade,
    gradeLevel: { shortName: row.grade, name: gradeLabel(row.grade) },
    studentCount: row.student_count,
    specialEdCount: row.special_ed_count,
    building: { id: row.building_id, name: row.building_name },
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// Grades sort in school order (P, K, 1..12, SP), not as text.
const GRADE_ORDER = `array_position(ARRAY[${GRADES.map((g) => `'${g}'`).join(',')}]::text[], e.grade)`;

function selectEnrollment(db: Db) {
  return db('enrollment as e')
    .join('buildings as b', 'b.id', 'e.building_id')
    .select(
      'e.id',
      'e.budget_year_id',
      'e.building_id',
      'e.grade',
      'e.student_count',
      'e.special_ed_count',
      'e.updated_at',
      'b.name as building_name',
    );
}

/** A budget year's enrollment, by building name then grade in school order. */
export function listEnrollment(db: Db, budgetYearId: number, buildingId?: number): Promise<EnrollmentRow[]> {
  const query = selectEnrollment(db)
    .where('e.budget_year_id', budgetYearId)
    .orderBy('b.name')
    .orderByRaw(GRADE_ORDER);
  if (buildingId !== undefined) {
    query.where('e.building_id', buildingId);
  }
  return query;
}

/**
 * THE students of fiscal year `fiscalYear`, all buildings and grades, wherever the year's plan sits:
 * a budget year's enrollment (the Enrollment tab) is its current fiscal year's, so a year is divided
 * by the students of the budget year whose current year it is, never by those of the budget year
 * that plans it. `preferId` first when it is such a budget year; 0 when none has students entered.
 * The staff dashboard's per-pupil figure and the residents' page both count a year's students here.
 */
export async function enrolledStudentsOfYear(db: Db, fiscalYear: number, preferId: number): Promise<number> {
  const rows: { students: number | string | null }[] = await db('enrollment as e')
    .join('budget_years as b', 'b.id', 'e.budget_year_id')
    .where('b.current_fiscal_year', fiscalYear)
    .groupBy('b.id')
    .orderByRaw('(b.id = ?) desc, b.id desc', [preferId])
    .select(db.raw('coalesce(sum(e.student_count), 0)::int AS students'));
  return Number(rows[0]?.students ?? 0);
}

export function listBuildings(db: Db): Promise<BuildingRow[]> {
  return db('buildings').select('id', 'name', 'code', 'building_type').orderBy('name');
}

export function findBuilding(db: Db, id: number): Promise<BuildingRow | undefined> {
  return db('buildings').where({ id }).first('id', 'name', 'code', 'building_type');
}

/** Inserts or replaces one grade of one building in a budget year; returns the stored row. */
export async function upsertEnrollment(
  db: Db,
  values: {
    budget_year_id: number;
    building_id: number;
    grade: string;
    student_count: number;
    special_ed_count: number | null;
  },
): Promise<number> {
  const [row] = await db('enrollment')
    .insert(values)
    .onConflict(['budget_year_id', 'building_id', 'grade'])
    .merge({
      student_count: values.student_count,
      special_ed_count: values.special_ed_count,
      updated_at: db.fn.now(),
    })
    .returning('id');
  return row.id;
}

export async function findEnrollmentById(db: Db, id: number): Promise<EnrollmentRow | undefined> {
  return selectEnrollment(db).where('e.id', id).first();
}

/** Removes a building's grades in a budget year except those listed; returns how many went. */
export async function deleteOtherGrades(
  db: Db,
  budgetYearId: number,
  buildingId: number,
  keep: string[],
): Promise<number> {
  const result: unknown = await db('enrollment')
    .where({ budget_year_id: budgetYearId, building_id: buildingId })
    .whereNotIn('grade', keep)
    .del();
  // pg answers a number; knex-pglite answers its raw result object.
  return typeof result === 'number' ? result : ((result as { affectedRows?: number }).affectedRows ?? 0);
}
