import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  EMPLOYEE_ROW_COLUMNS,
  PROPOSED_ROW_COLUMNS,
  decodeLineItemRows,
  employeeLineItemSchema,
  proposedLineItemSchema,
  type LineItemRows,
} from '@shared/schemas/line-items';
import { buildEmployee, buildProposed, buildWorld, type World } from '../../test/factories';

// GET /line-items/budget?format=rows (the grids' compact form) decodes to exactly the lines of the
// object form, in the same order, for every kind of value a line can hold. The test server also
// holds both bodies to the route's declared schema (test/response-check.ts).

const { t, finance } = useApp(['FINANCE']);
let w: World;
beforeAll(async () => {
  w = await buildWorld(t.db.knex);
  const db = t.db.knex;
  const [run] = await db('import_runs')
    .insert({ file_name: 'payroll.csv', import_type: 'operating', budget_year_id: w.budgetYearId })
    .returning('id');
  const [version] = await db('budget_versions')
    .insert({ fiscal_year: 2026, label: `Draft ${w.label}`, budget_year_id: w.budgetYearId })
    .returning('id');
  // Imported, with a version, a departure date, review metadata and text that JSON must escape.
  await buildEmployee(db, w, {
    first_name: 'Zoë "Z"',
    last_name: "O'Brien\\Back",
    notes: 'Line one\nline two\ttab, comma; "quoted" and unicode – ✓',
    import_run_id: run.id,
    version_id: version.id,
    date_of_departure: '2026-06-30',
    budget_status: 'Budgeted',
    job_class: 'JC-1',
    location_code: 'N1',
    dese_code: '2305',
    department: 'Grade 2',
    metadata: JSON.stringify({ needsReview: true, importWarnings: ['Hire date missing'], row: 12 }),
    created_at: '2025-07-01T12:34:56.789999Z',
    updated_at: '2025-07-02T00:00:00.000001Z',
  });
  // Every nullable field null, District Wide, no work group, a manual next-year salary, half time.
  await buildEmployee(db, w, {
    first_name: null,
    last_name: 'Vacant',
    position: null,
    current_salary: null,
    next_year_salary: '71000.50',
    next_year_salary_manual: true,
    current_fte: '0.50',
    work_group_id: null,
    work_group: null,
    hire_date: null,
    building_id: null,
    employee_status: null,
  });
  // Projected into the fiscal year, a new hire (salary 0), the largest salary the column holds,
  // Retiring with no next-year salary, a category, and a timestamp before 1970.
  await buildEmployee(db, w, {
    first_name: 'Ann',
    last_name: 'Able',
    is_projected: true,
    current_salary: '0.00',
    next_year_salary: null,
    employee_status: 'Retiring',
    category_id: w.categoryId,
    building_id: w.otherBuildingId,
    created_at: '1969-12-31T23:59:59.9995Z',
  });
  await buildEmployee(db, w, { last_name: 'Large', current_salary: '999999999999.99', current_fte: '0.01' });
  // Proposed lines: a credit, one without a category, imported, projected, another category.
  await buildProposed(db, w, { amount: '-2500.75', notes: 'Grant offset', building_id: w.buildingId });
  await buildProposed(db, w, {
    category_id: null,
    amount: null,
    account_line: null,
    name: 'Copier lease',
    dese_categories: '2430',
    dese_code: '2430',
    import_run_id: run.id,
  });
  await buildProposed(db, w, { is_projected: true, metadata: JSON.stringify({ needsReview: false }) });
  const [other] = await db('budget_categories')
    .insert({ name: `Textbooks "${w.label}"`, color: '#ef4444', display_order: 2 })
    .returning('id');
  await buildProposed(db, w, { category_id: other.id, amount: '0.10' });
});

async function get(query: string) {
  const res = await t.api('get', `/line-items/budget?${query}`, { token: finance.token });
  expect(res.status, query).toBe(200);
  return res.body as unknown;
}

/** Both forms of one query: the decoded compact lines must be the object form's, key order too. */
async function expectSameLines(query: string, count: number) {
  const objects = (await get(query)) as { lineItems: unknown[] };
  const rows = (await get(`${query}&format=rows`)) as LineItemRows;
  const decoded = decodeLineItemRows(rows);
  expect(objects.lineItems).toHaveLength(count);
  expect(decoded).toEqual(objects.lineItems);
  expect(JSON.stringify(decoded)).toBe(JSON.stringify(objects.lineItems));
  return { objects: objects.lineItems, rows };
}

describe('GET /line-items/budget?format=rows', () => {
  it('decodes to exactly the employee lines of the object form', async () => {
    const { objects, rows } = await expectSameLines(
      `budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=true`,
      4,
    );
    expect(rows.employees.columns).toEqual(EMPLOYEE_ROW_COLUMNS);
    expect(rows.proposed.rows).toEqual([]);
    // What the decoding has to restore: flags, timestamps (to the millisecond, truncated as the
    // object form does), joined names, the smallest and largest numbers, the defaulted status.
    expect(objects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          lastName: 'Able',
          isProjected: true,
          source: 'projected',
          currentSalary: 0,
          createdAt: '1969-12-31T23:59:59.999Z',
        }),
        expect.objectContaining({
          lastName: 'Vacant',
          building: null,
          nextYearSalaryManual: true,
          currentFTE: 0.5,
          employeeStatus: 'Active',
        }),
        expect.objectContaining({ lastName: 'Large', currentSalary: 999999999999.99, currentFTE: 0.01 }),
        expect.objectContaining({
          source: 'imported',
          createdAt: '2025-07-01T12:34:56.789Z',
          updatedAt: '2025-07-02T00:00:00.000Z',
          metadata: { needsReview: true, importWarnings: ['Hire date missing'], row: 12 },
        }),
      ]),
    );
  });

  it('decodes to exactly the proposed lines of the object form, and both kinds of a scenario', async () => {
    const { rows } = await expectSameLines(
      `budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=false`,
      4,
    );
    expect(rows.proposed.columns).toEqual(PROPOSED_ROW_COLUMNS);
    expect(rows.employees.rows).toEqual([]);
    // A scenario's lines: employees first, then proposed lines, as in the object form.
    await t.db.knex('line_items').where({ budget_year_id: w.budgetYearId }).update({
      scenario_id: w.operatingScenarioId,
    });
    await expectSameLines(`scenarioId=${w.operatingScenarioId}&fiscalYear=2026`, 8);
    await expectSameLines(`fiscalYear=2026&isOperating=true`, await countEmployees());
  });

  it('sends a third of the bytes of the object form', async () => {
    const query = `budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=true`;
    const size = async (q: string) =>
      (
        await (
          await fetch(`${t.url}/api/line-items/budget?${q}`, {
            headers: { Authorization: `Bearer ${finance.token}` },
          })
        ).arrayBuffer()
      ).byteLength;
    for (let i = 0; i < 40; i += 1) {
      await buildEmployee(t.db.knex, w, { first_name: `Person ${i}` });
    }
    expect(await size(`${query}&format=rows`)).toBeLessThan((await size(query)) * 0.4);
  });

  it('refuses an unknown format', async () => {
    const res = await t.api(
      'get',
      `/line-items/budget?budgetYearId=${w.budgetYearId}&isOperating=true&format=csv`,
      { token: finance.token },
    );
    expect(res.status).toBe(400);
  });

  it('answers only the first lines in grid order with limit, cached or not, and refuses a bad limit', async () => {
    const query = `budgetYearId=${w.budgetYearId}&fiscalYear=2026&isOperating=true`;
    const all = (await get(query)) as { lineItems: { id: number }[] };
    expect(all.lineItems.length).toBeGreaterThan(3);
    for (const format of ['rows', 'objects']) {
      // First after a change (the list is built), then again (served from the cache).
      await t.db
        .knex('line_items')
        .where({ id: all.lineItems[0].id })
        .update({ notes: `edited ${format}` });
      for (const pass of ['built', 'cached']) {
        const body = await get(`${query}&format=${format}&limit=3`);
        const lines =
          format === 'rows'
            ? decodeLineItemRows(body as LineItemRows)
            : (body as { lineItems: { id: number }[] }).lineItems;
        expect(
          lines.map((l) => l.id),
          `${format}, ${pass}`,
        ).toEqual(all.lineItems.slice(0, 3).map((l) => l.id));
      }
    }
    // The whole list is still whole after a limited request filled the cache.
    expect(((await get(`${query}&format=rows`)) as LineItemRows).employees.rows).toHaveLength(
      all.lineItems.length,
    );
    for (const limit of ['0', '1001', '-1', 'ten', '2.5']) {
      const res = await t.api('get', `/line-items/budget?${query}&limit=${limit}`, { token: finance.token });
      expect(res.status, limit).toBe(400);
    }
  });

  it('lists every DTO field but isOperating, in the DTO order', () => {
    const keys = (shape: object) => Object.keys(shape).filter((k) => k !== 'isOperating');
    expect(EMPLOYEE_ROW_COLUMNS).toEqual(keys(employeeLineItemSchema.shape));
    expect(PROPOSED_ROW_COLUMNS).toEqual(keys(proposedLineItemSchema.shape));
  });
});

async function countEmployees() {
  const [{ n }] = await t.db
    .knex('line_items')
    .where({ fiscal_year: 2026, is_operating: true })
    .count({ n: '*' });
  return Number(n);
}
