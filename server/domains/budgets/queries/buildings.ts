import type { Db } from '@server/db/index';
import type { Building, BuildingType } from '@shared/schemas/buildings';
import { activeScope } from '@server/sql/line-items-scope';

export interface BuildingRow {
  id: number;
  name: string;
  code: string | null;
  address: string | null;
  building_type: BuildingType | null;
  color: string | null;
  dese_school_code: string | null;
  employee_count?: number;
  /** Every year's lines pointing at it, employee and other (buildingUsage): what a delete refuses on. */
  employee_line_count?: number;
  line_item_count?: number;
}

export type BuildingValues = Partial<
  Omit<BuildingRow, 'id' | 'employee_count' | 'employee_line_count' | 'line_item_count'>
>;

/** Row -> API shape. */
export function presentBuilding(row: BuildingRow): Building {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    address: row.address,
    buildingType: row.building_type,
    color: row.color,
    deseSchoolCode: row.dese_school_code,
    employeeCount: Number(row.employee_count ?? 0),
    employeeLineCount: Number(row.employee_line_count ?? 0),
    lineItemCount: Number(row.line_item_count ?? 0),
  };
}

const COLUMNS = ['b.id', 'b.name', 'b.code', 'b.address', 'b.building_type', 'b.color', 'b.dese_school_code'];

/**
 * THE lines that keep a building from being deleted, grouped by building: every budget and fiscal
 * year's, of any budget, employee (operating) lines and the rest, and how many fiscal years the
 * employee lines span (one person has a line in each year). The list and the delete both read it.
 */
function usageCounts(db: Db) {
  return db('line_items_all')
    .select(
      'building_id',
      db.raw('count(*) filter (where is_operating)::int as employee_lines'),
      db.raw('count(*) filter (where not is_operating)::int as line_items'),
      db.raw('count(distinct fiscal_year) filter (where is_operating)::int as employee_years'),
    )
    .whereNotNull('building_id')
    .groupBy('building_id');
}

/**
 * Every building with its employee count: employee (operating) lines of the given budget year and
 * fiscal year when given, else of every year; and every year's usage (usageCounts), which Manage
 * Data disables Delete on. Ordered by name.
 */
export function listBuildings(
  db: Db,
  filter: { budgetYearId?: number; fiscalYear?: number } = {},
): Promise<BuildingRow[]> {
  const counts = db('line_items_all')
    .select('building_id')
    .count<Record<string, number>>('* as employee_count')
    .where({ is_operating: true })
    .whereRaw(activeScope('line_items_all'))
    .whereNotNull('building_id')
    .groupBy('building_id');
  if (filter.budgetYearId !== undefined) {
    counts.where({ budget_year_id: filter.budgetYearId });
  }
  if (filter.fiscalYear !== undefined) {
    counts.where({ fiscal_year: filter.fiscalYear });
  }
  return db('buildings as b')
    .leftJoin(counts.as('c'), 'c.building_id', 'b.id')
    .leftJoin(usageCounts(db).as('u'), 'u.building_id', 'b.id')
    .select(
      ...COLUMNS,
      db.raw('coalesce(c.employee_count, 0)::int as employee_count'),
      db.raw('coalesce(u.employee_lines, 0)::int as employee_line_count'),
      db.raw('coalesce(u.line_items, 0)::int as line_item_count'),
    )
    .orderBy([{ column: 'b.name' }, { column: 'b.id' }]);
}

/** One building with its lines over every year (usageCounts): employee lines are its employee count. */
export async function findBuilding(db: Db, id: number): Promise<BuildingRow | undefined> {
  return db('buildings as b')
    .leftJoin(usageCounts(db).as('u'), 'u.building_id', 'b.id')
    .select(
      ...COLUMNS,
      db.raw('coalesce(u.employee_lines, 0)::int as employee_count'),
      db.raw('coalesce(u.employee_lines, 0)::int as employee_line_count'),
      db.raw('coalesce(u.line_items, 0)::int as line_item_count'),
    )
    .where('b.id', id)
    .first();
}

/** Another building already using this code, compared case-insensitively. */
export function findBuildingByCode(
  db: Db,
  code: string,
  exceptId?: number,
): Promise<BuildingRow | undefined> {
  const q = db<BuildingRow>('buildings').whereRaw('lower(code) = lower(?)', [code]);
  if (exceptId !== undefined) {
    q.whereNot({ id: exceptId });
  }
  return q.first();
}

export async function insertBuilding(db: Db, values: BuildingValues & { name: string }): Promise<number> {
  const [row] = await db('buildings').insert(values).returning('id');
  return row.id as number;
}

export async function updateBuilding(db: Db, id: number, values: BuildingValues): Promise<void> {
  await db('buildings')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteBuilding(db: Db, id: number): Promise<void> {
  await db('buildings').where({ id }).del();
}

/** What keeps a building from being deleted (usageCounts): its lines, and the employee lines' years. */
export async function buildingUsage(
  db: Db,
  id: number,
): Promise<{ employees: number; lineItems: number; employeeYears: number }> {
  const row = await usageCounts(db).where({ building_id: id }).first();
  return {
    employees: Number(row?.employee_lines ?? 0),
    lineItems: Number(row?.line_items ?? 0),
    employeeYears: Number(row?.employee_years ?? 0),
  };
}

/** Another building with this DESE school code. */
/** The building of this name, in any letter case and spacing at its ends (as imports match names). */
export function findBuildingByName(
  db: Db,
  name: string,
  exceptId?: number,
): Promise<BuildingRow | undefined> {
  const q = db<BuildingRow>('buildings').whereRaw('lower(btrim(name)) = lower(btrim(?))', [name]);
  if (exceptId !== undefined) {
    q.whereNot({ id: exceptId });
  }
  return q.first();
}

export function findBuildingByDeseCode(
  db: Db,
  deseCode: string,
  exceptId?: number,
): Promise<BuildingRow | undefined> {
  const q = db<BuildingRow>('buildings').where({ dese_school_code: deseCode });
  if (exceptId !== undefined) {
    q.whereNot({ id: exceptId });
  }
  return q.first();
}
