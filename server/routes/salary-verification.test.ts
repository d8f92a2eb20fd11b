import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let budgetYearId: number;
let ids: Record<string, number>;

beforeAll(async () => {
  const [by] = await t.db
    .knex('budget_years')
    .insert({ fiscal_year: 'FY26-sv', name: 'SV', current_fiscal_year: 2026 })
    .returning('id');
  budgetYearId = by.id;
  const [wg] = await t.db.knex('work_groups').insert({ name: 'SV Teachers' }).returning('id');
  const [b] = await t.db.knex('buildings').insert({ name: 'SV School' }).returning('id');
  const base = {
    budget_year_id: budgetYearId,
    fiscal_year: 2026,
    is_operating: true,
    work_group_id: wg.id,
    building_id: b.id,
  };
  // Twenty teachers from 60,000 to 79,000: the 5th-95th percentile band is 60,950 to 78,050.
  const band = Array.from({ length: 20 }, (_, i) => ({
    ...base,
    first_name: 'Band',
    last_name: `Teacher ${String(i).padStart(2, '0')}`,
    current_salary: 60000 + i * 1000,
    next_year_salary: 61000 + i * 1000,
  }));
  const special = {
    missing: { current_salary: null },
    newHire: { current_salary: 0 },
    low: { current_salary: 30000, next_year_salary: 31000 },
    partTimeOk: { current_salary: 35000, current_fte: 0.5, next_year_salary: 36000 },
    partTimeHigh: { current_salary: 70000, current_fte: 0.5, next_year_salary: 71000 },
    decrease: { current_salary: 70000, next_year_salary: 69999.99 },
    retiringDecrease: { current_salary: 70000, next_year_salary: 0, employee_status: 'Retiring' },
    manualHigh: { current_salary: 70000, next_year_salary: 77000.01, next_year_salary_manual: true },
    manualAtLimit: { current_salary: 70000, next_year_salary: 77000, next_year_salary_manual: true },
    noFte: { current_salary: 70000, current_fte: null, next_year_salary: 71000 },
    overFte: { current_salary: 84000, current_fte: 1.2, next_year_salary: 85000 },
  };
  await t.db.knex('line_items').insert(band);
  ids = {};
  for (const [key, values] of Object.entries(special)) {
    const [row] = await t.db
      .knex('line_items')
      .insert({ ...base, first_name: 'Case', last_name: key, ...values })
      .returning('id');
    ids[key] = row.id;
  }
  // Another fiscal year and a proposed line are not checked.
  await t.db.knex('line_items').insert([
    { ...base, fiscal_year: 2027, current_salary: null },
    { ...base, is_operating: false, amount: 5 },
  ]);
});

const url = (qs: string) => `/salary-verification${qs}`;

describe('GET /salary-verification', () => {
  it('returns 401 without a token, 403 for VIEW_ONLY, 400 without a fiscal year, 404 for an unknown budget year', async () => {
    expect((await t.api('get', url(`?budgetYearId=${budgetYearId}&fiscalYear=2026`))).status).toBe(401);
    expect(
      (await t.api('get', url(`?budgetYearId=${budgetYearId}&fiscalYear=2026`), { token: viewer.token }))
        .status,
    ).toBe(403);
    expect((await t.api('get', url(`?budgetYearId=${budgetYearId}`), { token: finance.token })).status).toBe(
      400,
    );
    expect(
      (await t.api('get', url('?budgetYearId=999999&fiscalYear=2026'), { token: finance.token })).status,
    ).toBe(404);
  });

  it('flags each rule, with the work group’s percentile band computed in SQL', async () => {
    const res = await t.api('get', url(`?budgetYearId=${budgetYearId}&fiscalYear=FY26`), {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const issuesOf = (key: string) =>
      res.body.issues
        .filter((i: any) => i.lineItemId === ids[key])
        .map((i: any) => i.issue)
        .sort();
    expect(issuesOf('missing')).toEqual(['MISSING_SALARY']);
    expect(issuesOf('newHire')).toEqual(['NEW_HIRE']);
    expect(issuesOf('low')).toEqual(['OUTSIDE_RANGE']);
    expect(issuesOf('partTimeOk')).toEqual([]);
    expect(issuesOf('partTimeHigh')).toEqual(['OUTSIDE_RANGE']);
    expect(issuesOf('decrease')).toEqual(['NEXT_YEAR_DECREASE']);
    expect(issuesOf('retiringDecrease')).toEqual([]);
    expect(issuesOf('manualHigh')).toEqual(['MANUAL_INCREASE']);
    expect(issuesOf('manualAtLimit')).toEqual([]);
    expect(issuesOf('noFte')).toEqual(['FTE_ANOMALY']);
    expect(issuesOf('overFte')).toEqual(['FTE_ANOMALY']);

    const low = res.body.issues.find((i: any) => i.lineItemId === ids.low);
    expect(low).toMatchObject({
      name: 'Case low',
      workGroup: 'SV Teachers',
      building: 'SV School',
      currentSalary: 30000,
      nextYearSalary: 31000,
      severity: 'warning',
    });
    expect(low.detail).toContain('Below the SV Teachers 5th percentile');
    const high = res.body.issues.find((i: any) => i.lineItemId === ids.partTimeHigh);
    expect(high.detail).toContain('Full-time equivalent $140,000.00');
    expect(high.detail).toContain('at 0.5 FTE');
    expect(res.body.issues.find((i: any) => i.lineItemId === ids.newHire).severity).toBe('info');

    // 20 band teachers + 11 cases; the band's own extremes sit inside or on the percentile edges.
    expect(res.body.summary.checked).toBe(31);
    expect(res.body.summary.byIssue).toMatchObject({
      MISSING_SALARY: 1,
      NEW_HIRE: 1,
      MANUAL_INCREASE: 1,
      FTE_ANOMALY: 2,
    });
    const warned = new Set(
      res.body.issues.filter((i: any) => i.severity === 'warning').map((i: any) => i.lineItemId),
    );
    expect(res.body.summary.flagged).toBe(warned.size);
    // Informational issues come last.
    expect(res.body.issues.at(-1).issue).toBe('NEW_HIRE');
  });
});
