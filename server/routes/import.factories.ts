import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Knex } from 'knex';
import type { TestApp } from '../../test/app';

/** Test helpers for the import routes: fixture files, multipart uploads and the rows a test needs. */

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/import');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export interface UploadResponse {
  status: number;
  // Tests read the JSON answers loosely, as test/app.ts's api() does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** POST /import/analyze as a browser would: multipart with `file` and `importType`. */
export async function analyze(
  t: TestApp,
  token: string | undefined,
  file: { name: string; data: Buffer | string } | null,
  fields: Record<string, string> = { importType: 'operating' },
): Promise<UploadResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, value);
  }
  if (file) {
    form.append('file', new Blob([file.data as BlobPart]), file.name);
  }
  const res = await fetch(`${t.url}/api/import/analyze`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body };
}

export interface District {
  budgetYearId: number;
  otherBudgetYearId: number;
  operatingScenarioId: number;
  proposedScenarioId: number;
  versionId: number;
  buildings: Record<string, number>;
  categories: Record<string, number>;
  workGroupId: number;
}

let seq = 0;

/**
 * A small district of this test's own: two budget years (FY26 with active budgets), a version of
 * FY26, two buildings, two categories with DESE codes and a work group. Names are unique per call.
 */
export async function makeDistrict(knex: Knex): Promise<District> {
  seq += 1;
  const tag = `${process.pid}-${seq}`;
  const year = 2040 + (seq % 50);
  const [by] = await knex('budget_years')
    .insert({ fiscal_year: `T${tag}`, name: `Test ${tag}`, current_fiscal_year: year, base_year: year })
    .returning('id');
  const [other] = await knex('budget_years')
    .insert({ fiscal_year: `U${tag}`, name: `Other ${tag}`, current_fiscal_year: year })
    .returning('id');
  const scenarios = await knex('scenarios')
    .insert([
      { budget_year_id: by.id, name: 'Operating', scenario_type: 'operating', is_active: true },
      { budget_year_id: by.id, name: 'Proposed', scenario_type: 'proposed', is_active: true },
      { budget_year_id: by.id, name: 'Alt', scenario_type: 'proposed', is_active: false },
    ])
    .returning('id');
  const [version] = await knex('budget_versions')
    .insert({ fiscal_year: year, label: `V ${tag}`, budget_year_id: by.id })
    .returning('id');
  const buildings = await knex('buildings')
    .insert([
      { name: `Madison Park Tech Vocational ${tag}`, code: `MPT${tag}` },
      { name: `Hillside Elementary School ${tag}`, code: `HSE${tag}` },
    ])
    .returning(['id', 'code']);
  const categories = await knex('budget_categories')
    .insert([
      { name: `Teachers ${tag}`, code: `TCHR${tag}`, dese_function: '2305' },
      { name: `Paraprofessionals ${tag}`, code: `PARA${tag}`, dese_function: '2330' },
    ])
    .returning(['id', 'code']);
  const [wg] = await knex('work_groups')
    .insert({ name: `Unit A ${tag}` })
    .returning('id');
  return {
    budgetYearId: by.id,
    otherBudgetYearId: other.id,
    operatingScenarioId: scenarios[0].id,
    proposedScenarioId: scenarios[1].id,
    versionId: version.id,
    buildings: Object.fromEntries(buildings.map((b: { id: number; code: string }) => [b.code, b.id])),
    categories: Object.fromEntries(categories.map((c: { id: number; code: string }) => [c.code, c.id])),
    workGroupId: wg.id,
  };
}

/** Row counts of everything an import writes, to check that a refused import changed nothing. */
export async function writeCounts(knex: Knex) {
  const count = async (table: string) => Number((await knex(table).count('* as c'))[0].c);
  return {
    lineItems: await count('line_items'),
    importRuns: await count('import_runs'),
    audit: await count('audit_log'),
    mappings: await count('saved_column_mappings'),
  };
}

/** A minimal zip: each entry deflated, with a central directory that may lie about sizes. */
export function zip(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
