import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFy25BudgetYear,
  importBostonPayroll,
  rows,
  SCHOOLS,
  SKIP_BOSTON,
  sum,
} from '../../test/boston-four-schools';
import { exportCents } from '../../test/real-files';
import { useApp } from '../../test/use-app';

/**
 * A real district from nothing: on an empty database (no demo row), an admin sets Boston's four
 * schools up through the API alone (name, buildings, a budget year with its fiscal years, the
 * demo's categories as a start, work groups) and imports the real 2024 payroll of the four schools
 * (../shared/fixtures/real, 744 rows, $63,750,483.42) into the new budget year. The expected figures
 * come from the file, read by the tests' own parser (test/boston-four-schools.ts), in integer cents.
 */

const { t, admin } = useApp(['ADMIN']);
const token = () => admin.token;
const post = (p: string, body?: unknown) => t.api('post', p, { token: token(), body });

/** The database's numeric text -> cents, never through a float. */
const dbCents = (text: string | null) => exportCents(text ?? '0');

describe.skipIf(SKIP_BOSTON)('a district set up through the API imports the real Boston payroll', () => {
  let budgetYearId: number;
  let versionId: number;
  const buildingIds = new Map<string, number>();

  beforeAll(() => {
    t.app.config.dataDir = mkdtempSync(path.join(tmpdir(), 'setup-boston-'));
  });
  afterAll(() => rmSync(t.app.config.dataDir, { recursive: true, force: true }));

  it('the file holds 744 rows and $63,750,483.42 of regular pay, by the tests’ own reading', () => {
    expect(rows).toHaveLength(744);
    expect(sum(rows)).toBe(6_375_048_342n);
  });

  it('sets the district up from an empty database through the API', async () => {
    expect((await t.api('get', '/setup', { token: token() })).body.ready).toBe(false);
    const { body: cfg } = await t.api('get', '/public-dashboard/config', { token: token() });
    const named = await t.api('patch', `/public-dashboard/config/${cfg.config.id}`, {
      token: token(),
      body: { schoolName: 'Boston Public Schools' },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    for (const school of SCHOOLS) {
      const res = await post('/buildings', {
        name: school,
        buildingType: school.includes('K-8') ? 'elementary' : 'high',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      buildingIds.set(school, res.body.building.id);
    }
    ({ budgetYearId, versionId } = await createFy25BudgetYear(t, token(), {
      firstFiscalYear: 'FY25',
      lastFiscalYear: 'FY27',
    }));
    expect((await post('/setup/budget-categories')).status).toBe(200);
    for (const name of ['BTU Teachers', 'BTU Paraprofessionals']) {
      expect((await post('/cola/work-groups', { name })).status).toBe(201);
    }
    const status = await t.api('get', '/setup', { token: token() });
    expect(status.body).toMatchObject({ ready: true, complete: true });
  });

  it('imports the 744 rows into the new budget year, every cent and every school accounted for', async () => {
    const res = await importBostonPayroll(t, token(), { budgetYearId, versionId });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body).toMatchObject({ imported: 744, skipped: 0, fiscalYears: [2025] });

    // Recomputed from the file per school, in cents, and compared with what the database holds.
    const expected = new Map<number, { count: number; cents: bigint }>();
    for (const r of rows) {
      const id = buildingIds.get(r.school)!;
      const e = expected.get(id) ?? { count: 0, cents: 0n };
      e.count += 1;
      e.cents += r.cents;
      expected.set(id, e);
    }
    const stored = await t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2025, is_operating: true })
      .groupBy('building_id')
      .select(
        'building_id',
        t.db.knex.raw('count(*)::int as n'),
        t.db.knex.raw('sum(current_salary)::text as total'),
      );
    const got = new Map(stored.map((s) => [s.building_id, { count: s.n, cents: dbCents(s.total) }]));
    expect(got).toEqual(expected);
    const total = [...got.values()].reduce((a, g) => a + g.cents, 0n);
    expect(total).toBe(6_375_048_342n);

    // Every line went into the new budget year: there is no demo or other year to land in.
    const lines = await t.db.knex('line_items').whereNot({ budget_year_id: budgetYearId }).count('* as c');
    expect(Number(lines[0].c)).toBe(0);
  });
});
