import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withheldRows } from '@server/lib/pay-groups';
import { can } from '@server/policies/index';
import type { AnyRoute } from './define';
import { allRoutes } from './index';
import { createTestApp, type TestApp } from '../../test/app';
import { cents } from '../../test/real-files';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
} from '../../test/factories';

/**
 * Individual pay reaches only ADMIN and FINANCE. One person's salary ($87,654.32, a figure no sum
 * of this world makes by accident) sits on an employee line without a DESE function code, alone in
 * its building, in a stage snapshot, in the line's history and among lines a change could touch; every GET route of
 * the route table is called as VIEW_ONLY (a school committee member) with the world's ids, and no
 * answer (JSON, or the text of a workbook's cells) holds that salary or the person's name. The
 * routes a VIEW_ONLY reader may open must answer 200 at least once, so a refusal cannot pass for
 * privacy.
 */
let t: TestApp;
let admin: string;
let finance: string;
let viewer: string;
const FY = 2027;
const SALARY = '87654.32';
const NAME = 'Privateperson';
/** The five colleagues coded by their category: a group large enough to be summed for anyone. */
const COLLEAGUES = ['61000.11', '61500.22', '62000.33', '62500.44', '63000.55'];
const ids = {} as { by: number; line: number; stage: number; category: number; building: number };

const staff = (path: string, token = admin, body?: unknown) =>
  t.api(body === undefined ? 'get' : 'post', path, { token, body });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWith('ADMIN')).token;
  finance = (await t.userWith('FINANCE')).token;
  viewer = (await t.userWith('VIEW_ONLY')).token;
  const db = t.db.knex;
  ids.by = await buildBudgetYear(db, { currentFiscalYear: FY, label: `FY27 pay ${process.pid}` });
  const operating = await buildScenario(db, ids.by, 'operating');
  const proposed = await buildScenario(db, ids.by, 'proposed');
  ids.category = await buildCategory(db, { name: 'Instruction', deseFunction: '2305', isPersonnel: true });
  ids.building = await buildBuilding(db, { name: 'Elm Street' });
  const base = { budgetYearId: ids.by, fiscalYear: FY, scenarioId: operating, buildingId: ids.building };
  await insertEmployees(
    db,
    COLLEAGUES.map((salary, i) => ({ ...base, salary, categoryId: ids.category, lastName: `Colleague${i}` })),
  );
  // The person: no category and no code of their own, so no function code (the unmapped dollars),
  // and the only one in their building.
  const annex = await buildBuilding(db, { name: 'Annex' });
  [ids.line] = await insertEmployees(db, [
    {
      ...base,
      buildingId: annex,
      salary: '87000.00',
      firstName: 'Pat',
      lastName: NAME,
      position: 'Director of Finance',
    },
  ]);
  await insertProposed(db, [
    {
      budgetYearId: ids.by,
      fiscalYear: FY,
      amount: '15000.00',
      scenarioId: proposed,
      categoryId: ids.category,
    },
  ]);
  // The salary as FINANCE sets it: the line's history holds the amount before and after.
  const edited = await t.api('patch', `/line-items/budget/${ids.line}`, {
    token: finance,
    body: { currentSalary: Number(SALARY), changeReason: 'Step increase' },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const goal = await t.api('post', '/town-goals', {
    token: finance,
    body: { fiscalYear: FY, goalType: 'DOLLAR', dollarGoal: 500_000 },
  });
  expect(goal.status, JSON.stringify(goal.body)).toBe(200);
  // A stage: its snapshot holds the line, and the stage comparison reads it.
  const advanced = await staff('/budget-stages/advance', admin, {
    budgetYearId: ids.by,
    fiscalYear: FY,
    stage: 'SUPERINTENDENT_RECOMMENDED',
    date: '2027-01-15',
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
  ids.stage = advanced.body.events.at(-1).id;
});
afterAll(() => t.close());

/** Values for each query field and path parameter a route may take, from this world. */
const values = (): Record<string, string> => ({
  budgetYearId: String(ids.by),
  fiscalYear: String(FY),
  year: String(FY),
  from: String(ids.stage),
  to: 'current',
  id: String(ids.line),
  entity: 'line-item',
});
/** Other readings of a route worth asking for (each grouping of a report). */
const VARIANTS: Record<string, string[]> = {
  '/ledger/report': ['by=category', 'by=function', 'by=building', 'by=account'],
  '/budget-stages/compare': ['', 'lines=changed', 'lines=all'],
  '/budget-stages/compare.xlsx': ['', 'lines=all'],
  '/budget-stages/:id/snapshot': ['kind=employee', 'kind=all'],
  '/line-items/budget': ['isOperating=true'],
};

function fieldsOf(schema: unknown): string[] {
  const def = (
    schema as { _zod?: { def?: { shape?: object; in?: { _zod?: { def?: { shape?: object } } } } } }
  )?._zod?.def;
  return Object.keys(def?.shape ?? def?.in?._zod?.def?.shape ?? {});
}

/** The URLs to call for a route: its path with the world's ids, and the query fields it knows. */
function urlsOf(route: AnyRoute): string[] {
  const v = values();
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => v[name] ?? '1');
  const known = fieldsOf(route.query)
    .filter((f) => f in v && f !== 'id' && f !== 'year')
    .map((f) => `${f}=${v[f]}`);
  return (VARIANTS[route.path] ?? ['']).map((extra) => {
    const query = [...known, ...(extra ? [extra] : [])].join('&');
    return query ? `${path}?${query}` : path;
  });
}

/** The text of an answer: its JSON, or every cell of a workbook. */
async function textOf(url: string, token: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${t.url}/api${url}`, { headers: { Authorization: `Bearer ${token}` } });
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 200 && type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const cells: string[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? cell.value)))),
    );
    return { status: res.status, text: cells.join('\n') };
  }
  return { status: res.status, text: await res.text() };
}

const leaks = (text: string) =>
  [SALARY, '87,654.32', NAME]
    .filter((needle) => text.includes(needle))
    .concat(
      // A workbook keeps numbers as numbers: 87654.32 may read back with float noise.
      /87654\.3(19|20)\d*/.test(text) ? ['87654.32 (as a float)'] : [],
    );

const gets = allRoutes.filter((r) => r.method === 'get');

describe('VIEW_ONLY never reads one person’s pay', () => {
  it('FINANCE sees the salary where the world put it (the seed reaches the routes)', async () => {
    const unmapped = await textOf(
      `/function-codes/unmapped?budgetYearId=${ids.by}&fiscalYear=${FY}`,
      finance,
    );
    expect(unmapped.text).toContain(SALARY);
    const history = await textOf(`/history/line-item/${ids.line}`, admin);
    expect(history.text).toContain(SALARY);
    const snapshot = await textOf(`/budget-stages/${ids.stage}/snapshot?kind=employee`, finance);
    expect(snapshot.text).toContain(NAME);
  });

  it('no GET route answers VIEW_ONLY with the salary or the name', { timeout: 120_000 }, async () => {
    const found: string[] = [];
    const unread: string[] = [];
    for (const route of gets) {
      const readable = route.action === 'public' || can({ role: 'VIEW_ONLY' }, route.action);
      let answered = false;
      for (const url of urlsOf(route)) {
        const { status, text } = await textOf(url, viewer);
        answered ||= status === 200;
        const hit = leaks(text);
        if (hit.length) {
          found.push(`${url} (${status}): ${hit.join(', ')}`);
        }
      }
      // The routes a reader may open answer with this world's figures (the public page has none published).
      if (readable && !answered && !route.path.startsWith('/public-dashboard/')) {
        unread.push(route.path);
      }
    }
    expect(found).toEqual([]);
    expect(unread).toEqual([]);
  });

  it('still tells VIEW_ONLY what a screen needs: counts, and sums over five people or more', async () => {
    const q = `budgetYearId=${ids.by}&fiscalYear=${FY}`;
    const unmapped = (await t.api('get', `/function-codes/unmapped?${q}`, { token: viewer })).body;
    expect(unmapped).toMatchObject({ lineCount: 1, amount: null, employee: { lineCount: 1, amount: null } });
    expect(unmapped.message).toBe(
      '1 employee line (salaries shown only to administrators and finance staff) has no function code',
    );
    // Six people in the year: the year's salaries are a sum anyone may read.
    const all = [...COLLEAGUES, SALARY].reduce((sum, v) => sum + cents(v), 0n);
    const compare = (
      await t.api('get', `/budget-stages/compare?${q}&from=${ids.stage}&to=current`, { token: viewer })
    ).body;
    expect(cents(String(compare.totals.salaries.to))).toBe(all);
    const report = (await t.api('get', `/dese-report?${q}`, { token: viewer })).body;
    expect(cents(String(report.totals.payroll))).toBe(all);
  });

  it('the total less the rows shown never gives the salary back', async () => {
    const q = `budgetYearId=${ids.by}&fiscalYear=${FY}`;
    const compare = (
      await t.api('get', `/budget-stages/compare?${q}&from=${ids.stage}&to=current`, { token: viewer })
    ).body;
    const total = cents(String(compare.totals.salaries.to));
    for (const key of ['byCategory', 'byFunction', 'byBuilding']) {
      const shown = compare[key]
        .filter((r: { salaries: unknown }) => r.salaries !== null)
        .reduce((sum: bigint, r: { salaries: { to: number } }) => sum + cents(String(r.salaries.to)), 0n);
      expect(total - shown, key).not.toBe(cents(SALARY));
    }
    const report = (await t.api('get', `/dese-report?${q}`, { token: viewer })).body;
    const parts = [...report.series, report.unmapped].filter((p: { payroll: unknown }) => p.payroll !== null);
    const shown = parts.reduce((sum: bigint, p: { payroll: number }) => sum + cents(String(p.payroll)), 0n);
    expect(cents(String(report.totals.payroll)) - shown).not.toBe(cents(SALARY));
    expect(report.notes.join(' ')).toContain('shown only to administrators and finance staff');
    const places = (await t.api('get', `/line-items/headcount-by-location?${q}`, { token: viewer })).body;
    const shownPlaces = places.locations
      .filter((l: { totalSalary: unknown }) => l.totalSalary !== null)
      .reduce((sum: bigint, l: { totalSalary: number }) => sum + cents(String(l.totalSalary)), 0n);
    expect(cents(String(places.totalSalary)) - shownPlaces).not.toBe(cents(SALARY));
  });
});

describe('which rows of a breakdown are withheld', () => {
  it('rows of 1 to 4 people, and the smallest others until the withheld hold five', () => {
    expect([...withheldRows([6, 7, 8])]).toEqual([]);
    // One person alone: the smallest other row goes too, or the total would give them back.
    expect([...withheldRows([1, 9, 6, 0])].sort()).toEqual([0, 2]);
    // Two small rows that make five together need no other.
    expect([...withheldRows([2, 3, 40])].sort()).toEqual([0, 1]);
    // Too few people in all: every row with people is withheld.
    expect([...withheldRows([1, 2, 0])].sort()).toEqual([0, 1]);
  });
});
