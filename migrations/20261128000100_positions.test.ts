import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { createTestApp, type TestApp } from '../test/app';
import {
  createFy25BudgetYear,
  importBostonPayroll,
  rows,
  SKIP_BOSTON,
  sum,
} from '../test/boston-four-schools';
import { exportCents } from '../test/real-files';
import * as migration from './20261128000100_positions';
import * as vacancyRate from './20261210000100_position_vacancy_rate';

/**
 * The migration that turns employee lines into positions, run again (down, then up) over a
 * district that already has its lines: the demo, and the real Boston payroll of four schools
 * imported through the API. Every FTE and dollar is accounted for by sums made here, in integer
 * thousandths and cents, from the lines' own text (and, for Boston, from the file).
 */

interface LineFacts {
  id: number;
  fte: string | null;
  salary: string | null;
  next: string | null;
  building_id: number | null;
  category_id: number | null;
  work_group_id: number | null;
}

/** The employee lines a district has: operating, not projected, in the budgets that count. */
async function employeeLines(knex: Knex, budgetYearId: number): Promise<LineFacts[]> {
  const { rows: lines } = await knex.raw(
    `SELECT li.id, li.current_fte::text AS fte, li.current_salary::text AS salary, li.next_year_salary::text AS next,
            li.building_id, li.category_id, li.work_group_id
       FROM line_items li
      WHERE li.budget_year_id = ? AND li.is_operating AND NOT li.is_projected
        AND (li.scenario_id IS NULL OR li.scenario_id IN (SELECT id FROM scenarios WHERE is_active))`,
    [budgetYearId],
  );
  return lines;
}

const thousandths = (fte: string | null) =>
  fte === null || Number(fte) === 0 ? 1000 : Math.round(Number(fte) * 1000);

/** Re-runs the migration and checks that each line became one filled position with nothing lost. */
async function migrateAndAccount(t: TestApp, token: string, budgetYearId: number, fiscalYears: number[]) {
  const knex = t.db.knex;
  await migration.down(knex);
  await migration.up(knex);
  // The later migrations of the positions table, which down dropped with it (the app reads them).
  await vacancyRate.up(knex);
  const lines = await employeeLines(knex, budgetYearId);
  const { rows: held } = await knex.raw(
    `SELECT h.line_item_id, h.fte_share::text AS share, p.fte::text AS fte, p.status, p.building_id, p.category_id,
            p.work_group_id, (SELECT count(*)::int FROM position_holders x WHERE x.position_id = p.id) AS holders
       FROM position_holders h JOIN positions p ON p.id = h.position_id`,
  );
  const byLine = new Map(held.map((h: { line_item_id: number }) => [h.line_item_id, h]));
  expect(held).toHaveLength(lines.length);
  expect(Number((await knex('positions').count({ n: '*' }))[0].n)).toBe(lines.length);
  for (const line of lines) {
    const h = byLine.get(line.id) as Record<string, unknown>;
    expect(h, `line ${line.id}`).toMatchObject({
      status: 'filled',
      holders: 1,
      building_id: line.building_id,
      category_id: line.category_id,
      work_group_id: line.work_group_id,
    });
    expect(thousandths(h.share as string)).toBe(thousandths(line.fte));
    expect(h.fte).toBe(h.share);
  }
  let fte = 0;
  let cents = 0n;
  for (const fy of fiscalYears) {
    const res = await t.api('get', `/positions?fiscalYear=${fy}&budgetYearId=${budgetYearId}&limit=1`, {
      token,
    });
    expect(res.status).toBe(200);
    fte += Math.round(res.body.totals.fte * 1000);
    cents += exportCents(res.body.totals.budgetedCost.toFixed(2));
    expect(res.body.totals.unpricedCount).toBe(0);
  }
  expect(fte).toBe(lines.reduce((s, l) => s + thousandths(l.fte), 0));
  expect(cents).toBe(lines.reduce((s, l) => s + exportCents(l.next ?? l.salary ?? '0'), 0n));
  return { lines, fte, cents };
}

describe('the demo district', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db.knex, { personaPassword: 'demo-persona-password', passwordCost: 10 });
    token = (await t.userWith('FINANCE')).token;
  }, 120_000);
  afterAll(() => t?.close());

  it('the seed gives each FY2025 and FY2026 employee a position and FY2026 four vacancies', async () => {
    const knex = t.db.knex;
    const budgetYearId = (await knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
    const list = await t.api('get', `/positions?fiscalYear=2026&status=vacant,posted,frozen`, { token });
    expect(
      list.body.positions.map((p: { title: string; status: string }) => `${p.title}: ${p.status}`),
    ).toEqual([
      'Grade 3 Teacher: vacant',
      'Network Technician: frozen',
      'School Counselor: posted',
      'Special Education Teacher: vacant',
    ]);
    // No schedule in the demo: the three open vacancies say why they are unpriced; frozen costs 0.
    expect(list.body.totals.unpricedCount).toBe(3);
    expect(list.body.positions[0].unpricedReason).toBe(
      'Its work group has no salary schedule to price the vacancy on',
    );
    const result = await migrateAndAccount(t, token, budgetYearId, [2025, 2026]);
    expect(result.lines.length).toBeGreaterThan(900);
  });
});

describe.skipIf(SKIP_BOSTON)('an imported Boston payroll of four schools', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.config.dataDir = mkdtempSync(path.join(tmpdir(), 'positions-boston-'));
    token = (await t.userWith('ADMIN')).token;
  }, 120_000);
  afterAll(() => t?.close());

  it('every employee of the file becomes one filled position; dollars and FTE add up', async () => {
    const target = await createFy25BudgetYear(t, token, { firstFiscalYear: 'FY25', lastFiscalYear: 'FY26' });
    const imported = await importBostonPayroll(t, token, target);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const result = await migrateAndAccount(t, token, target.budgetYearId, [2025]);
    expect(result.lines).toHaveLength(rows.length);
    // The lines hold the file's pay to the cent, so the positions hold the file's people.
    const salaries = result.lines.reduce((s, l) => s + exportCents(l.salary ?? '0'), 0n);
    expect(salaries).toBe(sum(rows));
    expect(result.fte).toBe(rows.length * 1000);
  }, 120_000);
});
