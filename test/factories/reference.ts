import type { Knex } from 'knex';
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
