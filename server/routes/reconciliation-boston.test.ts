import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@seeds/demo';
import { createTestApp, type TestApp } from '../../test/app';
import {
  categorized,
  importBostonPayroll,
  placement,
  rows,
  SCHOOLS,
  SKIP_BOSTON,
  sum,
  top20,
  type Kind,
} from '../../test/boston-four-schools';
import { buildBuilding } from '../../test/factories';
import { csvRecords, exportCents } from '../../test/real-files';

/**
 * 'Update FY27 Salary Budget' after the real Boston payroll of four schools
 * (put through the crosswalk as crosswalk-boston.test.ts does) is imported into FY27 of the demo
 * district, whose FY27 proposed budget already holds salary lines at the demo's own buildings.
 * Before the fix those lines stayed beside the 18 added (the budget counted both payrolls) and every
 * added line took its category's default code (2210 School Leadership read $0). Every expected
 * figure is summed here in cents from the file's rows, never from the code under test.
 */

let t: TestApp;
let token: string;
let budgetYearId: number;
const FY = 2027;
/** The demo's categories and work groups each kind of title goes to (as the season's user chose). */
const TARGET: Record<Kind, { category: string; group: string }> = {
  teachers: { category: 'Teachers', group: 'Teachers' },
  paras: { category: 'Paraprofessionals', group: 'Paraprofessionals' },
  support: { category: 'Administration', group: 'Administrators' },
};
const categoryId = {} as Record<Kind, number>;
const building = new Map<string, number>();

/** Money the API sends (a JSON number of whole cents) or the database gives (text) -> cents. */
const answerCents = (v: number | string) => exportCents(typeof v === 'number' ? v.toFixed(2) : v);

beforeAll(async () => {
  t = await createTestApp();
  t.app.config.dataDir = mkdtempSync(path.join(tmpdir(), 'reconciliation-boston-'));
  const knex = t.db.knex;
  await seedDemo(knex, { personaPassword: 'demo-persona-password', passwordCost: 10 });
  token = (await t.userWith('ADMIN')).token;
  budgetYearId = (await knex('budget_years').where({ fiscal_year: 'FY26' }).first('id')).id;
  for (const [kind, target] of Object.entries(TARGET) as [Kind, (typeof TARGET)[Kind]][]) {
    categoryId[kind] = (await knex('budget_categories').where({ name: target.category }).first('id')).id;
  }
  for (const school of SCHOOLS) {
    building.set(school, await buildBuilding(knex, { name: school, code: null, buildingType: null }));
  }
}, 120_000);
afterAll(async () => {
  rmSync(t.app.config.dataDir, { recursive: true, force: true });
  await t.close();
});

/** How many lines the last salaryLines() read at each place (a grant's share has a line of its own). */
const linesAt = new Map<string, number>();

/** The FY27 proposed lines of personnel categories (the active proposed budget): place -> cents. */
async function salaryLines(): Promise<Map<string, bigint>> {
  const { rows: lines } = await t.db.knex.raw(
    `SELECT li.category_id, li.building_id, li.dese_code, li.fund_id, li.amount::text AS amount
       FROM line_items_all li
       JOIN budget_categories c ON c.id = li.category_id AND c.is_personnel
       LEFT JOIN scenarios s ON s.id = li.scenario_id
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating
        AND (s.id IS NULL OR s.is_active)`,
    [budgetYearId, FY],
  );
  const out = new Map<string, bigint>();
  const seen = new Set<string>();
  linesAt.clear();
  for (const l of lines) {
    linesAt.set(
      `${l.category_id}|${l.building_id}|${l.dese_code}`,
      (linesAt.get(`${l.category_id}|${l.building_id}|${l.dese_code}`) ?? 0) + 1,
    );
    const key = `${l.category_id}|${l.building_id}|${l.dese_code}`;
    // One line per place and fund (the demo's grants pay a share at some places: a line of their
    // own there); a second line at a place and fund would show here as a failure.
    expect(seen.has(`${key}|${l.fund_id}`), `${key}|${l.fund_id}`).toBe(false);
    seen.add(`${key}|${l.fund_id}`);
    out.set(key, (out.get(key) ?? 0n) + exportCents(l.amount));
  }
  return out;
}

/** The payroll by (category, building, function code), from the file's rows; places at $0 have none. */
function expectedPayroll(): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const r of categorized) {
    const p = placement(r.title);
    const key = `${categoryId[p.kind]}|${building.get(r.school)}|${p.deseCode}`;
    out.set(key, (out.get(key) ?? 0n) + r.cents);
  }
  return new Map([...out].filter(([, c]) => c !== 0n));
}

const update = () =>
  t.api('post', '/reconciliation/update-salary-budget', { token, body: { budgetYearId, fiscalYear: FY } });

describe.skipIf(SKIP_BOSTON)(
  'Update FY27 Salary Budget after the Boston payroll is imported into the demo',
  () => {
    it('imports the four schools into FY27 through the crosswalk', { timeout: 120_000 }, async () => {
      const knex = t.db.knex;
      const rules = [];
      for (const title of top20) {
        const { kind, deseCode } = placement(title);
        const group = await knex('work_groups').where({ name: TARGET[kind].group }).first('id');
        rules.push({
          matchType: 'exact',
          pattern: title,
          workGroupId: group.id,
          categoryId: categoryId[kind],
          deseCode,
        });
      }
      const made = await t.api('post', '/crosswalk/rules/batch', {
        token,
        body: { rules, titles: [...new Set(rows.map((r) => r.title))] },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const versionId = (
        await knex('budget_versions').where({ budget_year_id: budgetYearId, fiscal_year: FY }).first('id')
      ).id;
      const res = await importBostonPayroll(t, token, { budgetYearId, versionId });
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      expect(res.body).toMatchObject({ imported: 744, fiscalYears: [FY] });
      // The demo's FY27 salary lines at its own buildings are what goes stale.
      const before = await salaryLines();
      const stale = [...before.keys()].filter((k) => !expectedPayroll().has(k));
      expect(stale.length).toBeGreaterThan(40);
    });

    it('makes the salary lines the payroll by category, building and code, and says what it did', async () => {
      const before = await salaryLines();
      const linesBefore = new Map(linesAt);
      const expected = expectedPayroll();
      const res = await update();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(answerCents(res.body.totalOperatingSalary)).toBe(sum(rows));
      expect(answerCents(res.body.distributedAmount)).toBe(sum(categorized));
      // No stale line, no missing line, every amount to the cent.
      expect(await salaryLines()).toEqual(expected);
      // The counts: a place in both changed only if its amount did; new places added; the rest removed.
      const kept = [...expected.keys()].filter((k) => before.has(k));
      expect(res.body).toMatchObject({
        updatedItems: kept.filter((k) => before.get(k) !== expected.get(k)).length,
        createdItems: [...expected.keys()].filter((k) => !before.has(k)).length,
        removedItems: [...before.keys()]
          .filter((k) => !expected.has(k))
          .reduce((n, k) => n + linesBefore.get(k)!, 0),
      });
      expect(res.body.removedItems).toBeGreaterThan(40);
      // Each removal audited with what the line held, under the update's cause.
      const removals = await t.db
        .knex('audit_log')
        .where({ entity: 'line-item', action: 'delete' })
        .whereRaw(`after ->> 'cause' = ?`, ['Salary budget reconciliation']);
      expect(removals).toHaveLength(res.body.removedItems);
    });

    it('changes nothing when run a second time', async () => {
      const before = await salaryLines();
      const res = await update();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ updatedItems: 0, createdItems: 0, removedItems: 0 });
      expect(await salaryLines()).toEqual(before);
    });

    it("shows the people's function codes in the DESE report: 2210 School Leadership is the payroll coded 2210", async () => {
      const leaders = categorized.filter((r) => placement(r.title).deseCode === '2210');
      const res = await t.api('get', `/dese-report?budgetYearId=${budgetYearId}&fiscalYear=${FY}`, { token });
      expect(res.status).toBe(200);
      const row = (code: string) =>
        res.body.series
          .flatMap((s: { rows: { code: string }[] }) => s.rows)
          .find((r: { code: string }) => r.code === code);
      expect(row('2210')).toMatchObject({ name: expect.stringMatching(/School Leadership/i) });
      expect(answerCents(row('2210').salaries)).toBe(sum(leaders));
      expect(row('2210').employeeCount).toBe(leaders.length);
      // Every salary code the people carry is budgeted at exactly their payroll.
      const byCode = new Map<string, bigint>();
      for (const r of categorized) {
        const code = placement(r.title).deseCode;
        byCode.set(code, (byCode.get(code) ?? 0n) + r.cents);
      }
      for (const [code, cents] of byCode) {
        expect(answerCents(row(code).salaries), code).toBe(cents);
      }
      // No one is coded 1210 Superintendent: no salary is budgeted there.
      expect(answerCents(row('1210')?.salaries ?? 0)).toBe(0n);
    });

    it('shows the same codes in the per-pupil table by DESE category', async () => {
      const [report, perPupil] = await Promise.all([
        t.api('get', `/dese-report?budgetYearId=${budgetYearId}&fiscalYear=${FY}`, { token }),
        t.api('get', `/nss/per-pupil?budgetYearId=${budgetYearId}&fiscalYear=${FY}`, { token }),
      ]);
      expect(perPupil.status, JSON.stringify(perPupil.body)).toBe(200);
      // DESE's chart, read here: detail code -> its spending category.
      const chart = csvRecords(
        readFileSync(path.join(import.meta.dirname, '../../fixtures/dese_function_codes.csv'), 'utf8'),
      );
      const parentOf = new Map(chart.slice(1).map((r) => [r[0], r[3]]));
      const reportRows = report.body.series.flatMap(
        (x: { rows: { code: string; total: number }[] }) => x.rows,
      );
      for (const category of ['Instructional Leadership', 'Administration']) {
        const expected = reportRows
          .filter((r: { code: string }) => parentOf.get(r.code) === category)
          .reduce((c: bigint, r: { total: number }) => c + answerCents(r.total), 0n);
        const row = perPupil.body.byFunction.find((f: { name: string }) => f.name === category);
        expect(answerCents(row?.amount ?? 0), category).toBe(expected);
      }
    });
  },
);
