import { beforeAll, describe, expect, it } from 'vitest';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { useApp } from '../../test/use-app';
import { buildBuilding } from '../../test/factories';

/**
 * Past years are read-only history beyond their lines. A year closes by itself
 * once the year two after it is Town Appropriated (migration 20261127000650); then every write
 * that belongs to it (its lines, its town goal, its state figures, its budget year's enrollment) is
 * refused 409 naming the year, why, and how to reopen it, writing nothing, while the reports still
 * read it. An administrator's reopen on Budget Stages opens it again.
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
const knex = () => t.db.knex;
const api = (method: string, path: string, body?: unknown, token = admin.token) =>
  t.api(method, path, { token, body });

let budgetYearId: number;
let oldLine: number;
let building: number;
let goalId: number;
const CLOSED = lockedYearMessage(2025, 'DRAFT', true, 2027);

const figures = (requiredNss: number) => ({
  foundationEnrollment: 1200,
  foundationBudget: 18_000_000.25,
  requiredLocalContribution: 11_000_000,
  chapter70Aid: 7_000_000.5,
  requiredNss,
  carryForward: 0,
});
const goal = (dollarGoal: number) => ({ fiscalYear: 2025, goalType: 'DOLLAR', dollarGoal });
const enrollment = (studentCount: number) => ({
  budgetYearId,
  buildingId: building,
  grade: 'K',
  studentCount,
});
const line = (fiscalYear: number, accountDescription: string) =>
  api('post', '/line-items', {
    isOperating: false,
    budgetYearId,
    fiscalYear,
    accountDescription,
    amount: 1000,
    deseCode: '2310',
  });

/** Everything a refused write could have changed. */
async function written() {
  const rows = async (table: string) => knex()(table).orderBy('id');
  return {
    lines: await knex()('line_items').where({ fiscal_year: 2025 }).orderBy('id'),
    goals: await rows('town_goals'),
    figures: await knex()('nss_parameters').orderBy('fiscal_year'),
    enrollment: await rows('enrollment'),
  };
}

beforeAll(async () => {
  const made = await api('post', '/budget-years', {
    label: 'FY25',
    firstFiscalYear: 2025,
    lastFiscalYear: 2027,
    currentFiscalYear: 2025,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  budgetYearId = made.body.budgetYear.id;
  building = await buildBuilding(knex(), { name: 'Elm Elementary', buildingType: 'elementary' });
  const old = await line(2025, 'Copier lease');
  expect(old.status, JSON.stringify(old.body)).toBe(201);
  oldLine = old.body.lineItem.id;
  expect((await line(2027, 'Buses')).status).toBe(201);
  const saved = await api('post', '/town-goals', goal(40_000_000), finance.token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  goalId = saved.body.goal.id;
  expect((await api('put', '/nss/state-figures/2025', figures(18_500_000))).status).toBe(200);
  expect((await api('post', '/enrollment', enrollment(70))).status).toBe(200);
});

const advance = (stage: string, date: string) =>
  api('post', '/budget-stages/advance', { budgetYearId, fiscalYear: 2027, stage, date });

describe('a year closed by the appropriation two years on', () => {
  it('stays open through FY2027’s vote, and closes when FY2027 is Town Appropriated', async () => {
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2026-02-01'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-12'],
    ]) {
      const res = await advance(stage, date);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await api('put', `/line-items/${oldLine}`, { amount: 1100 }, finance.token)).status).toBe(200);
    const appropriated = await advance('TOWN_APPROPRIATED', '2026-05-09');
    expect(appropriated.status, JSON.stringify(appropriated.body)).toBe(200);

    const stages = await api('get', `/budget-stages?budgetYearId=${budgetYearId}&fiscalYear=2025`);
    expect(stages.status).toBe(200);
    expect(stages.body.current).toMatchObject({ stage: 'DRAFT', closed: true, closedBy: 2027, locked: true });
    expect(stages.body.current.caption).toBe("Draft, closed since FY27's appropriation: read-only history");
    expect(stages.body.next.blocked).toMatch(/closed/);
    const closed = await api('get', '/budget-stages/closed-years', undefined, finance.token);
    expect(closed.status).toBe(200);
    expect(closed.body.closedYears).toEqual([
      { budgetYearId, fiscalYear: 2025, closedBy: 2027, message: CLOSED },
    ]);
  });

  it('refuses every write of FY2025 with a 409 naming the year, why and how to reopen, writing nothing', async () => {
    expect(CLOSED).toBe(
      "FY25 is closed (Draft: FY27 is appropriated, two years on): it is read-only history, and nothing in it can change until an administrator reopens it with a reason (Budget Stages, 'Reopen the closed year')",
    );
    const before = await written();
    for (const [method, path, body, token] of [
      ['put', `/line-items/${oldLine}`, { amount: 1200 }, finance.token],
      ['delete', `/line-items/${oldLine}`, undefined, finance.token],
      [
        'post',
        '/line-items',
        { isOperating: false, budgetYearId, fiscalYear: 2025, accountDescription: 'New', amount: 5 },
        finance.token,
      ],
      ['post', '/town-goals', goal(41_000_000), finance.token],
      ['delete', `/town-goals/${goalId}`, undefined, finance.token],
      ['put', '/nss/state-figures/2025', figures(18_600_000), admin.token],
      ['delete', '/nss/state-figures/2025', undefined, admin.token],
      ['post', '/enrollment', enrollment(71), admin.token],
      [
        'post',
        '/enrollment/batch',
        { budgetYearId, buildingId: building, grades: [{ grade: 'K', studentCount: 72 }] },
        admin.token,
      ],
    ] as const) {
      const res = await api(method, path, body, token);
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.error, `${method} ${path}`).toBe(CLOSED);
    }
    // An import of several years is refused whole when one of them is closed.
    const csv = await api('post', '/nss/state-figures/import', {
      csv: [
        'fiscal_year,foundation_enrollment,foundation_budget,required_local_contribution,chapter70_aid,required_nss',
        '2026,1200,18000000,11000000,7000000,18500000',
        '2025,1200,18000000,11000000,7000000,18700000',
      ].join('\n'),
    });
    expect(csv.status, JSON.stringify(csv.body)).toBe(409);
    expect(csv.body.error).toBe(CLOSED);
    expect(await written()).toEqual(before);
  });

  it('still reads FY2025 in the reports: its lines, goal, figures and enrollment', async () => {
    const lines = await api(
      'get',
      `/line-items/budget?budgetYearId=${budgetYearId}&fiscalYear=2025&isOperating=false`,
      undefined,
      finance.token,
    );
    expect(lines.status).toBe(200);
    expect(lines.body.lineItems.map((l: { amount: number }) => l.amount)).toEqual([1100]);
    const goals = await api('get', '/town-goals', undefined, finance.token);
    expect(goals.status).toBe(200);
    expect(JSON.stringify(goals.body)).toContain('40000000');
    expect((await api('get', '/nss/state-figures')).status).toBe(200);
    expect((await api('get', `/enrollment?budgetYearId=${budgetYearId}`)).status).toBe(200);
  });

  it("opens again with an administrator's reopen (Budget Stages), and its writes go through", async () => {
    const reopened = await api('post', '/budget-stages/reopen-closed', {
      budgetYearId,
      fiscalYear: 2025,
      reason: 'The auditor found a misposted lease',
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.current).toMatchObject({ closed: false, closedBy: null, locked: false });
    expect((await api('get', '/budget-stages/closed-years')).body.closedYears).toEqual([]);
    expect((await api('put', `/line-items/${oldLine}`, { amount: 1200 }, finance.token)).status).toBe(200);
    expect((await api('post', '/town-goals', goal(41_000_000), finance.token)).status).toBe(200);
    expect((await api('put', '/nss/state-figures/2025', figures(18_600_000))).status).toBe(200);
    expect((await api('post', '/enrollment', enrollment(71))).status).toBe(200);
  });
});
