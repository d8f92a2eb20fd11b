import type { Knex } from 'knex';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { CATEGORIES, STEP_LANE_PERCENT } from './demo-categories';
import { FISCAL_YEARS } from './demo-district';
import { BUILDINGS, WORK_GROUP_CATEGORIES, WORK_GROUPS } from './demo-reference';

/** Inserting the demo district's users, reference data and budget years (inside seedDemo's transaction). */

export const PERSONAS = [
  { name: 'Fran Finance', email: 'finance@example.org', role: 'FINANCE' },
  { name: 'Vic Viewer', email: 'viewer@example.org', role: 'VIEW_ONLY' },
];

const CHUNK = 500;

/** Inserts rows in batches that stay well under PostgreSQL's 65,535 parameters per statement. */
export async function insertChunked(trx: Knex.Transaction, table: string, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx(table).insert(rows.slice(i, i + CHUNK));
  }
}

/**
 * Rows keyed by a natural key (a name or code): the ones already there are reused, the rest
 * inserted. An admin may have typed in a building or a work group before loading the demo.
 */
export async function ensureRows(
  trx: Knex.Transaction,
  table: string,
  key: string,
  rows: Record<string, unknown>[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const existing = await trx(table)
    .whereIn(
      key,
      rows.map((r) => r[key] as string),
    )
    .select('id', key);
  for (const row of existing) {
    ids.set(row[key], row.id);
  }
  const missing = rows.filter((r) => !ids.has(r[key] as string));
  if (missing.length) {
    for (const row of await trx(table).insert(missing).returning(['id', key])) {
      ids.set(row[key], row.id);
    }
  }
  return ids;
}

export interface ReferenceIds {
  wgc: Map<string, number>;
  workGroups: Map<string, number>;
  categories: Map<string, number>;
  buildings: Map<string, number>;
}

/** Fran Finance and Vic Viewer, unless they exist already; returns Fran's id. */
export async function insertPersonas(trx: Knex.Transaction, hashes: string[]): Promise<number> {
  const ids: number[] = [];
  for (const [i, persona] of PERSONAS.entries()) {
    const found = await trx('users').whereRaw('lower(email) = ?', [persona.email]).first('id');
    if (found) {
      ids.push(found.id);
      continue;
    }
    const [row] = await trx('users')
      .insert({ ...persona, password_hash: hashes[i], is_active: true })
      .returning('id');
    ids.push(row.id);
  }
  return ids[0];
}

/** Work-group categories, work groups, budget categories and buildings; returns ids by name or code. */
export async function insertReference(trx: Knex.Transaction): Promise<ReferenceIds> {
  const wgc = await ensureRows(
    trx,
    'work_group_categories',
    'name',
    WORK_GROUP_CATEGORIES.map((c) => ({
      name: c.name,
      description: c.description,
      background_color: c.background,
      text_color: c.text,
    })),
  );
  const workGroups = await ensureRows(
    trx,
    'work_groups',
    'name',
    WORK_GROUPS.map((g) => ({ name: g.name, description: g.description, category_id: wgc.get(g.category) })),
  );
  const categories = await ensureRows(
    trx,
    'budget_categories',
    'name',
    CATEGORIES.map((c, i) => ({
      name: c.name,
      code: c.code,
      description: c.description,
      dese_function: c.deseFunction,
      default_yoy_increase: c.defaultYoY,
      color: c.color,
      display_order: (i + 1) * 10,
      is_personnel: c.isPersonnel,
    })),
  );
  const buildings = await ensureRows(
    trx,
    'buildings',
    'code',
    BUILDINGS.map((b) => ({
      name: b.name,
      code: b.code,
      address: b.address,
      building_type: b.type,
      color: b.color,
    })),
  );
  return { wgc, workGroups, categories, buildings };
}

/** Budget years FY25-FY27, their scenarios (active operating and proposed, one inactive alternative) and settings. */
export async function insertBudgetYears(trx: Knex.Transaction, teacherGroups: number[]) {
  const notes: Record<number, string> = {
    2025: 'Closed year: the adopted FY25 budget.',
    2026: 'Current year. FY25 and FY26 payroll imported from MUNIS; FY27 projected.',
    2027: 'Planning year: import the FY27 payroll and proposed budget when ready.',
  };
  const years = new Map<number, number>();
  const operating = new Map<number, number>();
  const proposed = new Map<number, number>();
  for (const fy of FISCAL_YEARS) {
    const label = fiscalYearLabel(fy);
    const [year] = await trx('budget_years')
      .insert({
        fiscal_year: label,
        name: `${label} Budget`,
        notes: notes[fy],
        current_fiscal_year: fy,
        base_year: fy,
      })
      .returning('id');
    years.set(fy, year.id);
    const scenarios = await trx('scenarios')
      .insert([
        {
          budget_year_id: year.id,
          name: `${label} Operating Budget`,
          description: 'Employee-level payroll budget',
          scenario_type: 'operating',
          is_active: true,
        },
        {
          budget_year_id: year.id,
          name: `${label} Proposed Budget`,
          description: 'Budget by category as presented to the School Committee',
          scenario_type: 'proposed',
          is_active: true,
        },
        {
          budget_year_id: year.id,
          name: `${label} Guidance Alternative`,
          description: 'Reductions that would meet town guidance',
          scenario_type: 'proposed',
          is_active: false,
        },
      ])
      .returning('id');
    operating.set(fy, scenarios[0].id);
    proposed.set(fy, scenarios[1].id);
    await trx('budget_settings').insert({
      budget_year_id: year.id,
      step_lane_adjustment_type: 'PERCENTAGE',
      step_lane_adjustment_value: STEP_LANE_PERCENT,
      step_lane_description: 'Steps and lanes for Unit A (teachers, special education, guidance)',
      steps_lanes_work_groups: JSON.stringify(teacherGroups),
    });
  }
  return { years, operating, proposed };
}

/** One DRAFT version per fiscal year, uploaded by Fran Finance into the current budget year. */
export async function insertVersions(
  trx: Knex.Transaction,
  budgetYearId: number,
  uploadedBy: number | null,
): Promise<Map<number, number>> {
  const versions = new Map<number, number>();
  for (const fy of FISCAL_YEARS) {
    const [v] = await trx('budget_versions')
      .insert({
        fiscal_year: fy,
        label: `${fiscalYearLabel(fy)} Superintendent's Preliminary`,
        version_number: 1,
        description: 'First draft for the School Committee',
        status: 'DRAFT',
        is_active: true,
        uploaded_by: uploadedBy,
        budget_year_id: budgetYearId,
      })
      .returning('id');
    versions.set(fy, v.id);
  }
  return versions;
}
