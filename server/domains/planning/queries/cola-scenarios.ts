import type { Db } from '@server/db/index';
import type { ColaScenario, ColaSetting } from '@shared/schemas/cola-scenarios';

type LongTermGroup = ColaScenario['longTermWorkGroups'][number];

/** COLA planning scenarios and their settings (by work group or by work-group category). */

interface ScenarioRow {
  id: number;
  name: string;
  description: string | null;
  is_default: boolean;
  settings_count: number;
  last_year: number | null;
  long_term: string | null;
  created_at: Date;
}

const presentScenario = (r: ScenarioRow, longTerm: LongTermGroup[]): ColaScenario => ({
  id: r.id,
  name: r.name,
  description: r.description,
  isDefault: r.is_default,
  settingsCount: Number(r.settings_count),
  lastYear: r.last_year === null ? null : Number(r.last_year),
  longTermColaPercentage: r.long_term === null ? null : Number(r.long_term),
  longTermWorkGroups: longTerm,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The work groups' own long-term assumptions of these scenarios, by scenario, each by name. */
async function longTermGroups(db: Db, scenarioIds: number[]): Promise<Map<number, LongTermGroup[]>> {
  const byScenario = new Map<number, LongTermGroup[]>();
  if (!scenarioIds.length) {
    return byScenario;
  }
  const rows = await db('cola_long_term_settings as l')
    .join('work_groups as g', 'g.id', 'l.work_group_id')
    .whereIn('l.scenario_id', scenarioIds)
    .orderBy(['g.name', 'g.id'])
    .select('l.scenario_id', 'l.work_group_id', 'g.name', db.raw('l.cola_percentage::text AS pct'));
  for (const r of rows as { scenario_id: number; work_group_id: number; name: string; pct: string }[]) {
    const list = byScenario.get(r.scenario_id) ?? [];
    list.push({ workGroupId: r.work_group_id, workGroup: r.name, colaPercentage: Number(r.pct) });
    byScenario.set(r.scenario_id, list);
  }
  return byScenario;
}

async function present(db: Db, rows: ScenarioRow[]): Promise<ColaScenario[]> {
  const longTerm = await longTermGroups(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentScenario(r, longTerm.get(r.id) ?? []));
}

function scenarios(db: Db) {
  return db('cola_scenarios as s').select(
    's.id',
    's.name',
    's.description',
    's.is_default',
    's.created_at',
    db.raw('(SELECT count(*) FROM cola_settings x WHERE x.scenario_id = s.id)::int AS settings_count'),
    db.raw('(SELECT max(x.fiscal_year) FROM cola_settings x WHERE x.scenario_id = s.id)::int AS last_year'),
    db.raw('s.long_term_cola_percentage::text AS long_term'),
  );
}

/** The default scenario first, then by name. */
export async function listScenarios(db: Db): Promise<ColaScenario[]> {
  const rows = await scenarios(db).orderBy([
    { column: 's.is_default', order: 'desc' },
    { column: 's.name', order: 'asc' },
    { column: 's.id', order: 'asc' },
  ]);
  return present(db, rows as ScenarioRow[]);
}

export async function findScenario(db: Db, id: number): Promise<ColaScenario | null> {
  const row = (await scenarios(db).where('s.id', id).first()) as ScenarioRow | undefined;
  return row ? (await present(db, [row]))[0] : null;
}

/** Locks the scenario rows (set-default must see one default at a time). */
export async function lockScenarios(db: Db): Promise<void> {
  await db('cola_scenarios').forUpdate().select('id');
}

export async function insertScenario(
  db: Db,
  values: { name: string; description: string | null },
): Promise<number> {
  const [row] = await db('cola_scenarios').insert(values).returning('id');
  return row.id;
}

export async function updateScenario(
  db: Db,
  id: number,
  values: { name?: string; description?: string | null },
): Promise<void> {
  await db('cola_scenarios')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteScenario(db: Db, id: number): Promise<void> {
  await db('cola_scenarios').where({ id }).delete();
}

/** Makes one scenario the default and every other not. */
export async function setDefaultScenario(db: Db, id: number): Promise<void> {
  await db('cola_scenarios')
    .whereRaw('is_default IS DISTINCT FROM (id = ?)', [id])
    .update({ is_default: db.raw('id = ?', [id]), updated_at: db.fn.now() });
}

/** The default scenario's id, or null. */
export async function defaultScenarioId(db: Db): Promise<number | null> {
  const row = await db('cola_scenarios').where({ is_default: true }).orderBy('id').first('id');
  return row?.id ?? null;
}

/** A scenario's settings: categories first (the grid), then work groups, each by name and year. */
export async function listSettings(db: Db, scenarioId: number): Promise<ColaSetting[]> {
  const rows = await db('cola_settings as x')
    .leftJoin('work_group_categories as c', 'c.id', 'x.work_group_category_id')
    .leftJoin('work_groups as g', 'g.id', 'x.work_group_id')
    .where('x.scenario_id', scenarioId)
    .orderByRaw('x.work_group_id IS NOT NULL, coalesce(c.name, g.name), x.fiscal_year, x.id')
    .select(
      'x.id',
      'x.scenario_id',
      'x.work_group_id',
      'x.work_group_category_id',
      'c.name as category',
      'g.name as work_group',
      'x.fiscal_year',
      db.raw('x.cola_percentage::text AS cola_percentage'),
    );
  return rows.map((r) => ({
    id: r.id,
    scenarioId: r.scenario_id,
    workGroupId: r.work_group_id,
    workGroupCategoryId: r.work_group_category_id,
    workGroupCategory: r.category,
    workGroup: r.work_group,
    fiscalYear: r.fiscal_year,
    colaPercentage: Number(r.cola_percentage),
  }));
}

export interface SettingWrite {
  workGroupId?: number;
  workGroupCategoryId?: number;
  fiscalYear: number;
  /** null removes the setting. */
  colaPercentage: number | null;
}

/** Upserts (or, for null, deletes) one setting; the partial unique index decides the conflict target. */
export async function writeSetting(db: Db, scenarioId: number, s: SettingWrite): Promise<void> {
  const target = s.workGroupId !== undefined ? 'work_group_id' : 'work_group_category_id';
  const targetId = (s.workGroupId ?? s.workGroupCategoryId)!;
  if (s.colaPercentage === null) {
    await db('cola_settings')
      .where({ scenario_id: scenarioId, [target]: targetId, fiscal_year: s.fiscalYear })
      .delete();
    return;
  }
  await db.raw(
    `INSERT INTO cola_settings (scenario_id, ${target}, fiscal_year, cola_percentage)
     VALUES (?, ?, ?, ?)
     ON CONFLICT (scenario_id, ${target}, fiscal_year) WHERE ${target} IS NOT NULL
     DO UPDATE SET cola_percentage = EXCLUDED.cola_percentage, updated_at = now()`,
    [scenarioId, targetId, s.fiscalYear, s.colaPercentage],
  );
}

/** Sets the scenario's long-term COLA assumption (null: none). */
export async function setLongTerm(db: Db, id: number, colaPercentage: number | null): Promise<void> {
  await db('cola_scenarios')
    .where({ id })
    .update({ long_term_cola_percentage: colaPercentage, updated_at: db.fn.now() });
}

/** Upserts (or, for null, deletes) a work group's own long-term assumption in a scenario. */
export async function writeLongTermGroup(
  db: Db,
  scenarioId: number,
  workGroupId: number,
  colaPercentage: number | null,
): Promise<void> {
  if (colaPercentage === null) {
    await db('cola_long_term_settings')
      .where({ scenario_id: scenarioId, work_group_id: workGroupId })
      .delete();
    return;
  }
  await db.raw(
    `INSERT INTO cola_long_term_settings (scenario_id, work_group_id, cola_percentage) VALUES (?, ?, ?)
     ON CONFLICT (scenario_id, work_group_id)
     DO UPDATE SET cola_percentage = EXCLUDED.cola_percentage, updated_at = now()`,
    [scenarioId, workGroupId, colaPercentage],
  );
}

/** Which of these ids exist, per table (to name the ones that do not). */
export async function existingIds(db: Db, table: 'work_groups' | 'work_group_categories', ids: number[]) {
  if (!ids.length) {
    return new Set<number>();
  }
  return new Set<number>(await db(table).whereIn('id', ids).pluck('id'));
}

/** The work groups in these categories (a category setting moves their lines). */
export async function workGroupsInCategories(db: Db, categoryIds: number[]): Promise<number[]> {
  return categoryIds.length ? db('work_groups').whereIn('category_id', categoryIds).pluck('id') : [];
}
