import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildScenario,
  buildWorkGroup,
  insertEmployees,
  insertProposed,
  sumCents,
  type EmployeeInput,
  type ProposedInput,
} from '../../test/factories';

const { t, viewer } = useApp(['VIEW_ONLY']);
let budgetYearId: number;
let otherBudgetYearId: number;
let buildingA: number;
let buildingB: number;
let teachersCat: number;
let suppliesCat: number;
const employees: EmployeeInput[] = [];
const proposed: ProposedInput[] = [];

const FY = 2026;
const dollars = (cents: number) => cents / 100;

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  otherBudgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  const op = await buildScenario(db, budgetYearId, 'operating');
  const pr = await buildScenario(db, budgetYearId, 'proposed');
  const alternative = await buildScenario(db, budgetYearId, 'proposed', false);
  buildingA = await buildBuilding(db, { name: 'Alpha School', color: '#ef4444' });
  buildingB = await buildBuilding(db, { name: 'Beta School' });
  teachersCat = await buildCategory(db, { name: 'Test Teachers', color: '#1d4ed8', isPersonnel: true });
  suppliesCat = await buildCategory(db, { name: 'Test Supplies', color: '#f59e0b' });
  const teacherGroup = await buildWorkGroup(db, `Teachers ${process.pid}`);
  const paraGroup = await buildWorkGroup(db, `Paraprofessionals ${process.pid}`);
  const base = { budgetYearId, fiscalYear: FY, scenarioId: op };
  for (let i = 0; i < 6; i++) {
    employees.push({
      ...base,
      salary: `5${i}000.1${i}`,
      workGroupId: teacherGroup,
      buildingId: buildingA,
      categoryId: teachersCat,
    });
  }
  employees.push(
    // Two teachers by position only, in a range of two people: suppressed.
    { ...base, salary: '91000.00', position: 'Grade 3 Teacher', buildingId: buildingB, fte: 0.5 },
    { ...base, salary: '92500.50', position: 'Grade 4 Teacher', buildingId: buildingB },
    // Paraeducators by work group, and by the imported label 'Para Educator'.
    { ...base, salary: '31000.01', workGroupId: paraGroup, buildingId: buildingA },
    { ...base, salary: '32000.02', workGroupId: paraGroup, buildingId: buildingA },
    { ...base, salary: '33000.03', workGroupId: paraGroup, buildingId: buildingB },
    { ...base, salary: '34000.04', workGroup: 'Para Educator', buildingId: buildingB },
    { ...base, salary: '35000.05', workGroup: 'Para Educator', buildingId: buildingB, isProjected: true },
    // By position alone: a paraprofessional, and an aide (an aide is a para even with 'Teacher' in the title).
    { ...base, salary: '39000.09', position: 'Special Education Paraprofessional', buildingId: buildingB },
    { ...base, salary: '38000.00', position: 'Teacher Aide', buildingId: buildingB },
    // District Wide custodian and a new hire with no salary yet (counted, not in a salary range).
    { ...base, salary: '45000.55', position: 'Custodian' },
    { ...base, salary: '0.00', workGroupId: teacherGroup, buildingId: buildingA },
  );
  await insertEmployees(db, employees);
  proposed.push(
    {
      budgetYearId,
      fiscalYear: FY,
      scenarioId: pr,
      amount: '1000.10',
      categoryId: suppliesCat,
      buildingId: buildingA,
    },
    {
      budgetYearId,
      fiscalYear: FY,
      scenarioId: pr,
      amount: '2000.25',
      categoryId: suppliesCat,
      buildingId: buildingA,
    },
    {
      budgetYearId,
      fiscalYear: FY,
      scenarioId: pr,
      amount: '300000.33',
      categoryId: teachersCat,
      buildingId: buildingA,
    },
    { budgetYearId, fiscalYear: FY, scenarioId: null, amount: '500.01' },
    {
      budgetYearId,
      fiscalYear: FY,
      scenarioId: pr,
      amount: '700.07',
      categoryId: suppliesCat,
      buildingId: buildingB,
      isProjected: true,
    },
  );
  await insertProposed(db, proposed);
  // Noise that no FY26 aggregate of this budget year may count.
  await insertEmployees(db, [
    { budgetYearId, fiscalYear: 2027, salary: '99999.99', scenarioId: op, isProjected: true },
    { budgetYearId: otherBudgetYearId, fiscalYear: FY, salary: '77777.77' },
  ]);
  await insertProposed(db, [
    { budgetYearId, fiscalYear: FY, scenarioId: alternative, amount: '123456.78', categoryId: suppliesCat },
    { budgetYearId, fiscalYear: 2031, scenarioId: pr, amount: '10.00', isProjected: true },
    { budgetYearId: otherBudgetYearId, fiscalYear: FY, amount: '8888.88' },
  ]);
});

const q = (fiscalYear: number | string = FY, id = budgetYearId) =>
  `budgetYearId=${id}&fiscalYear=${fiscalYear}`;

describe('GET /line-items/budget/summary', () => {
  it('returns 401 without a token', async () => {
    expect((await t.api('get', `/line-items/budget/summary?${q()}`)).status).toBe(401);
  });

  it('returns 400 for a missing or unreadable fiscal year and a bad budget year id', async () => {
    for (const query of [
      `budgetYearId=${budgetYearId}`,
      q('FY2x'),
      q(1800),
      `budgetYearId=abc&fiscalYear=2026`,
      `${q()}&extra=1`,
    ]) {
      const res = await t.api('get', `/line-items/budget/summary?${query}`, { token: viewer.token });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('returns 404 for a budget year id of nothing', async () => {
    const res = await t.api('get', `/line-items/budget/summary?${q(FY, 999999)}`, { token: viewer.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Budget year not found');
  });

  it('sums the active proposed budget to the cent, imported and projected apart, for VIEW_ONLY', async () => {
    const res = await t.api('get', `/line-items/budget/summary?${q()}`, { token: viewer.token });
    expect(res.status).toBe(200);
    const imported = proposed.filter((p) => !p.isProjected).map((p) => p.amount);
    const projected = proposed.filter((p) => p.isProjected).map((p) => p.amount);
    expect(res.body.proposedBudget).toBe(dollars(sumCents([...imported, ...projected])));
    expect(res.body.proposedCount).toBe(proposed.length);
    expect(res.body.breakdown.proposed).toEqual({
      imported: { count: imported.length, total: dollars(sumCents(imported)) },
      projected: { count: projected.length, total: dollars(sumCents(projected)) },
    });
  });

  it('accepts the fiscal year as a label and answers zeros for a year with no lines', async () => {
    const label = await t.api('get', `/line-items/budget/summary?${q('FY26')}`, { token: viewer.token });
    expect(label.body.fiscalYear).toBe(2026);
    expect(label.body.proposedCount).toBe(proposed.length);
    const empty = await t.api('get', `/line-items/budget/summary?${q(2030)}`, { token: viewer.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ proposedBudget: 0, proposedCount: 0 });
  });

  it('counts every line of a budget year that has no active budget of that kind', async () => {
    const db = t.db.knex;
    const year = await buildBudgetYear(db);
    const inactive = await buildScenario(db, year, 'proposed', false);
    await insertProposed(db, [
      { budgetYearId: year, fiscalYear: FY, scenarioId: inactive, amount: '10.10' },
      { budgetYearId: year, fiscalYear: FY, amount: '0.20' },
    ]);
    const res = await t.api('get', `/line-items/budget/summary?${q(FY, year)}`, { token: viewer.token });
    expect(res.body.proposedBudget).toBe(10.3);
  });
});

describe('GET /line-items/summary/by-category', () => {
  it('groups the proposed budget by category, largest first, with colours and Uncategorized', async () => {
    const res = await t.api('get', `/line-items/summary/by-category?${q()}`, { token: viewer.token });
    expect(res.status).toBe(200);
    const of = (id: number | null) =>
      proposed.filter((p) => (p.categoryId ?? null) === id).map((p) => p.amount);
    expect(res.body.categories).toEqual([
      {
        categoryId: teachersCat,
        category: 'Test Teachers',
        total: dollars(sumCents(of(teachersCat))),
        count: 1,
        color: '#1d4ed8',
        isPersonnel: true,
      },
      {
        categoryId: suppliesCat,
        category: 'Test Supplies',
        total: dollars(sumCents(of(suppliesCat))),
        count: 3,
        color: '#f59e0b',
        isPersonnel: false,
      },
      {
        categoryId: null,
        category: 'Uncategorized',
        total: 500.01,
        count: 1,
        color: '#94a3b8',
        isPersonnel: false,
      },
    ]);
    expect(res.body.total).toBe(dollars(sumCents(proposed.map((p) => p.amount))));
  });
});

describe('GET /line-items/summary/by-building', () => {
  it('groups the proposed budget by building, with no building as District Wide', async () => {
    const res = await t.api('get', `/line-items/summary/by-building?${q()}`, { token: viewer.token });
    const of = (id: number | null) =>
      dollars(sumCents(proposed.filter((p) => (p.buildingId ?? null) === id).map((p) => p.amount)));
    expect(res.body.buildings.map((b: any) => [b.building, b.total])).toEqual([
      ['Alpha School', of(buildingA)],
      ['Beta School', of(buildingB)],
      ['District Wide', of(null)],
    ]);
    expect(res.body.buildings[0].color).toBe('#ef4444');
  });
});

describe('GET /line-items/budget/stats', () => {
  it('counts employees and sums their salaries and FTE by building', async () => {
    const res = await t.api('get', `/line-items/budget/stats?${q()}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.totalEmployees).toBe(employees.length);
    expect(res.body.totalSalary).toBe(dollars(sumCents(employees.map((e) => e.salary))));
    expect(res.body.totalFte).toBe(employees.length - 0.5);
    expect(res.body.projectedEmployees).toBe(1);
    const a = employees.filter((e) => e.buildingId === buildingA);
    expect(res.body.byBuilding[0]).toEqual({
      buildingId: buildingA,
      building: 'Alpha School',
      count: a.length,
      total: dollars(sumCents(a.map((e) => e.salary))),
      fte: a.length,
    });
    expect(res.body.byBuilding.map((b: any) => b.building)).toContain('District Wide');
  });
});

describe('GET /line-items/salary-distribution', () => {
  it('puts teachers and paraeducators in $10k ranges and leaves out ranges under 5 people', async () => {
    const res = await t.api('get', `/line-items/salary-distribution?${q()}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.teachers).toEqual([
      {
        range: '$50k-$60k',
        rangeStart: 50000,
        count: 6,
        avgSalary: 52500.13,
        minSalary: 50000.1,
        maxSalary: 55000.15,
      },
    ]);
    expect(res.body.paras).toEqual([
      {
        range: '$30k-$40k',
        rangeStart: 30000,
        count: 7,
        avgSalary: 34571.46,
        minSalary: 31000.01,
        maxSalary: 39000.09,
      },
    ]);
    expect(res.body.excluded).toEqual({ teachers: 2, paras: 0 });
    expect(res.body.minRangeCount).toBe(5);
  });
});

describe('GET /line-items/headcount-by-location', () => {
  it('counts people per location, most first, with payroll', async () => {
    const res = await t.api('get', `/line-items/headcount-by-location?${q()}`, { token: viewer.token });
    const count = (id: number | null) => employees.filter((e) => (e.buildingId ?? null) === id).length;
    expect(res.body.locations.map((l: any) => [l.location, l.count])).toEqual([
      ['Alpha School', count(buildingA)],
      ['Beta School', count(buildingB)],
      ['District Wide', count(null)],
    ]);
    expect(res.body.totalEmployees).toBe(employees.length);
    expect(res.body.totalSalary).toBe(dollars(sumCents(employees.map((e) => e.salary))));
  });
});
