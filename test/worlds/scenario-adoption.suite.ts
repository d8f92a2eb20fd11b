import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { buildBudgetYear, buildCategory, buildScenario, insertEmployees, insertProposed } from '../factories';

/**
 * The shared world of the adoption undo and copy tests: a budget year of their own
 * per test with five proposed lines, and the steps a person takes (a scenario, its adoption through
 * the preview's basis, the stages, a line edit with a reason). `now` holds each line's amount in
 * integer cents as the test believes it stands, recomputed from the percents the test chose.
 */
export const w = {} as {
  t: TestApp;
  admin: string;
  finance: string;
  fiscalYear: number;
  budgetYearId: number;
  ids: number[];
};
export const now = new Map<number, bigint>();
const AMOUNTS = ['135366.67', '45999.99', '8000.05', '70000.00', '1234.56'];

export const c = (v: string | number) => {
  const [whole, frac = ''] = String(v).replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return String(v).startsWith('-') ? -cents : cents;
};
/** round(cents x percent / 100) with whole percents, halves away from zero (amounts are positive). */
export const kept = (cents: bigint, percent: number) => {
  const s = cents * BigInt(percent);
  return s / 100n + ((s % 100n) * 2n >= 100n ? 1n : 0n);
};
export const original = (i: number) => c(AMOUNTS[i]);
export const total = () => [...now.values()].reduce((a, b) => a + b, 0n);
export const call = (method: string, path: string, body?: unknown, token = w.admin) =>
  w.t.api(method, path, { token, body });

/** Registers the app's start and stop with the test file's hooks. */
export function useAdoptionApp() {
  beforeAll(async () => {
    w.t = await createTestApp();
    w.admin = (await w.t.userWith('ADMIN', { name: 'Alice Admin' })).token;
    w.finance = (await w.t.userWith('FINANCE')).token;
  });
  afterAll(() => w.t.close());
}

/** A budget year of its own for each test: five proposed lines, one person with a DESE code. */
export async function freshYear(currentFiscalYear: number) {
  const db = w.t.db.knex;
  w.fiscalYear = currentFiscalYear;
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear });
  w.budgetYearId = budgetYearId;
  const proposed = await buildScenario(db, budgetYearId, 'proposed', true);
  const operating = await buildScenario(db, budgetYearId, 'operating', true);
  const category = await buildCategory(db, { name: `Schools ${budgetYearId}`, deseFunction: '2305' });
  w.ids = await insertProposed(
    db,
    AMOUNTS.map((amount, i) => ({
      budgetYearId,
      fiscalYear: currentFiscalYear,
      amount,
      scenarioId: proposed,
      categoryId: category,
      accountDescription: `Line ${i}`,
    })),
  );
  // The committee votes only a budget with a DESE function code on every dollar.
  await insertEmployees(db, [
    {
      budgetYearId,
      fiscalYear: currentFiscalYear,
      salary: '61000.00',
      scenarioId: operating,
      columns: { dese_code: '2305' },
    },
  ]);
  now.clear();
  w.ids.forEach((id, i) => now.set(id, original(i)));
  return w.ids;
}

export const stage = async (path: string, body: Record<string, unknown>) => {
  const res = await call('post', `/budget-stages/${path}`, {
    budgetYearId: w.budgetYearId,
    fiscalYear: w.fiscalYear,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
/** Adopt, vote, appropriate and reopen with a reason, as the season did. */
export async function throughTheVote(reason: string) {
  await stage('advance', { stage: 'SUPERINTENDENT_RECOMMENDED', date: '2027-02-01' });
  await stage('advance', { stage: 'SCHOOL_COMMITTEE_ADOPTED', date: '2027-03-12' });
  await stage('advance', { stage: 'TOWN_APPROPRIATED', date: '2027-05-10' });
  await stage('reopen', { reason });
}

export async function setCuts(id: number, cuts: Record<number, number>) {
  const saved = await call('put', `/scenarios/cuts/${id}/adjustments`, { adjustments: cuts });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
export async function scenario(name: string, cuts: Record<number, number>, copyFromId?: number) {
  const made = await call('post', '/scenarios/cuts', {
    budgetYearId: w.budgetYearId,
    fiscalYear: w.fiscalYear,
    name,
    ...(copyFromId === undefined ? {} : { copyFromId }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (Object.keys(cuts).length) {
    await setCuts(made.body.scenario.id, cuts);
  }
  return made.body.scenario.id as number;
}
/** Adopts the scenario as the confirmation does (preview, then its basis); returns the adoption id. */
export async function adopt(id: number, cuts: Record<number, number>) {
  const shown = await call('post', `/scenarios/cuts/${id}/adopt/preview`, {});
  const done = await call('post', `/scenarios/cuts/${id}/adopt`, { basis: shown.body.basis });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  for (const [line, p] of Object.entries(cuts)) {
    now.set(Number(line), kept(now.get(Number(line))!, p));
  }
  return done.body.adoption.id as number;
}
/** Undoes as the dialog does: reads the undo preview, then sends its basis; returns the response. */
export async function undo(adoption: number, body: { reason?: string; overwriteEdited?: boolean } = {}) {
  const path = `/scenario-adoptions/${adoption}/undo`;
  const shown = await call('post', `${path}/preview`, { overwriteEdited: body.overwriteEdited });
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  return call('post', path, { ...body, basis: shown.body.basis });
}
/** Each line and the dashboard's proposed total against the amounts the test expects. */
export async function expectLines() {
  const rows = await w.t.db.knex('line_items').whereIn('id', w.ids).orderBy('id').select('id', 'amount');
  expect(rows.map((r) => [r.id, c(r.amount)])).toEqual(w.ids.map((id) => [id, now.get(id)]));
  const q = `budgetYearId=${w.budgetYearId}&fiscalYear=${w.fiscalYear}`;
  const dash = (await call('get', `/line-items/budget/summary?${q}`)).body;
  expect(c(dash.proposedBudget)).toBe(total());
}
/** A line edit as FINANCE makes it, with the reason a transfer carries. */
export async function edit(id: number, cents: bigint, changeReason: string) {
  const res = await call(
    'put',
    `/line-items/${id}`,
    { amount: Number(cents) / 100, changeReason },
    w.finance,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  now.set(id, cents);
}
