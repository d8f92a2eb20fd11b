import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Knex } from 'knex';
import type { TestApp } from '../app';
import { buildBudgetYear, buildContract, buildScenario } from './budget-years';
import { buildBuilding, buildCategory, buildWorkGroup } from './reference';
import { unique } from './unique';

/** Test helpers for the import routes: fixture files, multipart uploads and the rows a test needs. */

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/import');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export interface UploadResponse {
  status: number;
  // Tests read the JSON answers loosely, as test/app.ts's api() does.
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
  /** The COLA percent the work group's settled contract gives for the fiscal year after the version's. */
  colaPercent: number;
}

let districts = 0;

/**
 * A small district of this test's own: two budget years (FY26 with active budgets), a version of
 * FY26, two buildings, two categories with DESE codes and a work group with a settled contract
 * (3% COLA into the next fiscal year). Names are unique per call.
 */
export async function makeDistrict(knex: Knex): Promise<District> {
  districts += 1;
  const tag = unique();
  const year = 2040 + (districts % 50);
  const budgetYearId = await buildBudgetYear(knex, {
    label: `T${tag}`,
    name: `Test ${tag}`,
    currentFiscalYear: year,
    notes: null,
  });
  const otherBudgetYearId = await buildBudgetYear(knex, {
    label: `U${tag}`,
    name: `Other ${tag}`,
    currentFiscalYear: year,
    baseYear: null,
    notes: null,
  });
  const operatingScenarioId = await buildScenario(knex, budgetYearId, 'operating', true, 'Operating');
  const proposedScenarioId = await buildScenario(knex, budgetYearId, 'proposed', true, 'Proposed');
  await buildScenario(knex, budgetYearId, 'proposed', false, 'Alt');
  const [version] = await knex('budget_versions')
    .insert({ fiscal_year: year, label: `V ${tag}`, budget_year_id: budgetYearId })
    .returning('id');
  const building = (name: string, code: string) => buildBuilding(knex, { name, code, buildingType: null });
  const category = (name: string, code: string, deseFunction: string) =>
    buildCategory(knex, { name, code, deseFunction, color: '#3b82f6' });
  const buildings = {
    [`MPT${tag}`]: await building(`Madison Park Tech Vocational ${tag}`, `MPT${tag}`),
    [`HSE${tag}`]: await building(`Hillside Elementary School ${tag}`, `HSE${tag}`),
  };
  const categories = {
    [`TCHR${tag}`]: await category(`Teachers ${tag}`, `TCHR${tag}`, '2305'),
    [`PARA${tag}`]: await category(`Paraprofessionals ${tag}`, `PARA${tag}`, '2330'),
  };
  const workGroupId = await buildWorkGroup(knex, `Unit A ${tag}`);
  await buildContract(knex, {
    name: `Unit A contract ${tag}`,
    workGroupId,
    status: 'SETTLED',
    rates: [[year + 1, 3]],
  });
  return {
    budgetYearId,
    otherBudgetYearId,
    operatingScenarioId,
    proposedScenarioId,
    versionId: version.id,
    buildings,
    categories,
    workGroupId,
    colaPercent: 3,
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
    versions: await count('budget_versions'),
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
