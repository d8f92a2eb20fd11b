import type { Knex } from 'knex';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { insertBudgetYearRows } from '@server/domains/setup';
import { categoryRows, STEP_LANE_PERCENT } from './demo-categories';
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
  const categories = await ensureRows(trx, 'budget_categories', 'name', categoryRows());
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

/**
 * Budget years FY25-FY27 as POST /budget-years makes them (insertBudgetYearRows: active operating
 * and proposed budgets, settings), each with one inactive alternative and the teachers' steps and lanes.
 */
export async function insertBudgetYears(trx: Knex.Transaction, teacherGroups: number[]) {
  const notes: Record<number, string> = {
    2025: 'Last year’s workspace: FY25 is planned in budget year FY26, its one home.',
    2026: 'Current year. FY25 and FY26 payroll imported from MUNIS; FY27 projected.',
    2027: 'Next spring’s workspace: FY27 is planned in budget year FY26, its one home; FY28 starts here.',
  };
  const years = new Map<number, number>();
  const operating = new Map<number, number>();
  const proposed = new Map<number, number>();
  for (const fy of FISCAL_YEARS) {
    const rows = await insertBudgetYearRows(trx, {
      fiscalYear: fy,
      currentFiscalYear: fy,
      notes: notes[fy],
      stepLanePercent: STEP_LANE_PERCENT,
      stepLaneDescription: 'Steps and lanes for Unit A (teachers, special education, guidance)',
      stepsLanesWorkGroups: teacherGroups,
    });
    const label = fiscalYearLabel(fy);
    await trx('scenarios').insert({
      budget_year_id: rows.id,
      name: `${label} Guidance Alternative`,
      description: 'Reductions that would meet town guidance',
      scenario_type: 'proposed',
      is_active: false,
    });
    years.set(fy, rows.id);
    operating.set(fy, rows.operatingScenarioId);
    proposed.set(fy, rows.proposedScenarioId);
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
