import type { Knex } from 'knex';
import { saveStateFigures } from '@server/domains/massachusetts/queries/nss';
import { unique } from './unique';

/** A building: unique name and code S<tag>, elementary, no colour, unless given (null clears). */
export async function buildBuilding(
  db: Knex,
  values: { name?: string; code?: string | null; buildingType?: string | null; color?: string } = {},
): Promise<number> {
  const id = unique();
  const [row] = await db('buildings')
    .insert({
      name: values.name ?? `School ${id}`,
      code: values.code === undefined ? `S${id}` : values.code,
      building_type: values.buildingType === undefined ? 'elementary' : values.buildingType,
      color: values.color ?? null,
    })
    .returning('id');
  return row.id;
}

/** A budget category: unique name, green, not personnel, no default increase, no DESE code unless given. */
export async function buildCategory(
  db: Knex,
  values: {
    name?: string;
    code?: string;
    color?: string;
    isPersonnel?: boolean;
    yoy?: number | null;
    deseFunction?: string;
    displayOrder?: number;
  } = {},
): Promise<number> {
  const [row] = await db('budget_categories')
    .insert({
      name: values.name ?? `Category ${unique()}`,
      code: values.code ?? null,
      color: values.color ?? '#10b981',
      is_personnel: values.isPersonnel ?? false,
      default_yoy_increase: values.yoy ?? null,
      dese_function: values.deseFunction ?? null,
      display_order: values.displayOrder ?? 0,
    })
    .returning('id');
  return row.id;
}

export async function buildWorkGroup(db: Knex, name?: string): Promise<number> {
  const [row] = await db('work_groups')
    .insert({ name: name ?? `Group ${unique()}` })
    .returning('id');
  return row.id;
}

/**
 * A year's state figures with the given foundation enrollment and round, made-up dollars (3M
 * foundation budget, 2M local contribution, 1M Chapter 70, 3M required NSS).
 */
export async function buildStateFigures(db: Knex, fiscalYear: number, foundationEnrollment: string) {
  await saveStateFigures(db, {
    fiscal_year: fiscalYear,
    values: {
      foundation_enrollment: foundationEnrollment,
      foundation_budget: '3000000.00',
      required_local_contribution: '2000000.00',
      chapter70_aid: '1000000.00',
      required_nss: '3000000.00',
    },
    sources: {},
    municipal: [],
    updated_by: null,
  });
}
