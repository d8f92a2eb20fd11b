import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFy25BudgetYear,
  importBostonPayroll,
  rows,
  SKIP_BOSTON,
  sum,
} from '../../test/boston-four-schools';
import { exportCents } from '../../test/real-files';
import { useApp } from '../../test/use-app';

/**
 * The real Boston payroll of four schools (744 rows, $63,750,483.42) imported into FY2025 of a
 * budget year that also plans FY2026 (its home, still empty), then rolled forward into FY2026 of the
 * same budget year: the totals are the file's, recomputed by the tests' own parser in integer cents,
 * and the undo removes the lines and the first snapshot, leaving the budget year and its homes.
 */

const { t, admin } = useApp(['ADMIN']);
const post = (p: string, body?: unknown) => t.api('post', p, { token: admin.token, body });
const count = async (table: string, where: Record<string, unknown> = {}) =>
  Number((await t.db.knex(table).where(where).count('* as c'))[0].c);

describe.skipIf(SKIP_BOSTON)('roll forward of the real Boston payroll within one budget year', () => {
  let budgetYearId: number;

  beforeAll(() => {
    t.app.config.dataDir = mkdtempSync(path.join(tmpdir(), 'roll-forward-boston-'));
  });
  afterAll(() => rmSync(t.app.config.dataDir, { recursive: true, force: true }));

  it('imports 744 rows into FY2025 and rolls them into FY2026 for every cent of the file', async () => {
    const created = await createFy25BudgetYear(t, admin.token, {
      firstFiscalYear: 'FY25',
      lastFiscalYear: 'FY26',
    });
    budgetYearId = created.budgetYearId;
    const versionId = created.versionId;
    const imported = await importBostonPayroll(t, admin.token, { budgetYearId, versionId });
    expect(imported.status, JSON.stringify(imported.body).slice(0, 400)).toBe(200);
    expect(imported.body.imported).toBe(744);

    // What each carried person is paid in FY2026: their next-year salary, else their salary (the
    // file's REGULAR pay), summed in cents from the stored FY2025 lines.
    const source = await t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2025, is_operating: true });
    const staying = source.filter((l) => (l.employee_status ?? 'Active') === 'Active');
    const expected = staying.reduce(
      (n, l) => n + exportCents(String(l.next_year_salary ?? l.current_salary ?? '0')),
      0n,
    );
    expect(sum(rows)).toBe(6_375_048_342n);
    // No work group was mapped, so the rule gives nobody a next-year salary: the file's pay carries over.
    expect(expected).toBe(sum(rows));

    const dry = await post('/roll-forward', { fromFiscalYear: 2025, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.to).toEqual({
      fiscalYear: 2026,
      budgetYearId,
      budgetYear: 'FY25',
      createsBudgetYear: false,
    });
    expect(dry.body.totals).toMatchObject({
      employeesCarried: staying.length,
      employeesLeftOut: source.length - staying.length,
      proposedCarried: 0,
    });
    expect(exportCents(String(dry.body.totals.operatingTotal))).toBe(expected);
    expect(await count('line_items', { fiscal_year: 2026 })).toBe(0);

    const real = await post('/roll-forward', { fromFiscalYear: 2025, confirm: true });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.totals).toEqual(dry.body.totals);
    const rolled = await t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2026 })
      .select(t.db.knex.raw('count(*)::int AS n, sum(current_salary)::text AS total'));
    expect(rolled[0].n).toBe(staying.length);
    expect(exportCents(String(rolled[0].total))).toBe(expected);
  });

  it('undo removes the lines and the first snapshot, keeping the budget year and its homes', async () => {
    expect(await count('budget_stages', { budget_year_id: budgetYearId, fiscal_year: 2026 })).toBe(1);
    const res = await post('/roll-forward/undo', { toFiscalYear: 2026 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ linesRemoved: 744, budgetYearRemoved: null });
    expect(await count('line_items', { fiscal_year: 2026 })).toBe(0);
    expect(await count('budget_stages', { budget_year_id: budgetYearId, fiscal_year: 2026 })).toBe(0);
    expect(await count('budget_years', { id: budgetYearId })).toBe(1);
    expect(await count('fiscal_year_homes', { budget_year_id: budgetYearId })).toBe(2);
    expect(await count('line_items', { budget_year_id: budgetYearId, fiscal_year: 2025 })).toBe(744);
  });
});
