import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  insertEmployees,
  insertProposed,
} from '../../test/factories';
import {
  c,
  copyState,
  expectedBreakdown,
  expectedLines,
  expectedTotals,
  type ModelLine,
  type ModelState,
} from '../../test/worlds/budget-stages-compare.model';
import { evaluateWorkbook } from '../../test/worlds/budget-stages-compare.xlsx-check';

/**
 * What changed between two stages, and why. A year is built, moved to the
 * superintendent's recommendation, edited with reasons (a line added and one deleted too), voted,
 * reopened and edited again; every comparison is then worked out again in integer cents from the
 * lines this test wrote (budget-stages-compare.model.ts) and compared with the API's.
 */
const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let by: number;
let otherBy: number;
const FY = 2027;
let cat: { a: number; b: number };
let bld: { hs: number; elm: number };
const ids: Record<string, number> = {};
const stage: Record<string, number> = {};
const state: ModelState = new Map();
const at: Record<string, ModelState> = {};

const money = (v: string) => BigInt(v.replace('.', ''));

async function advance(stageName: string, date: string, fiscalYear = FY, budgetYearId = by) {
  const res = await t.api('post', '/budget-stages/advance', {
    token: admin.token,
    body: { budgetYearId, fiscalYear, stage: stageName, date, note: 'Vote' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events.at(-1).id as number;
}
const put = (id: number, body: object) => t.api('put', `/line-items/${id}`, { token: finance.token, body });
const patchEmployee = (id: number, body: object) =>
  t.api('patch', `/line-items/budget/${id}`, { token: finance.token, body });
const compare = (from: number | string, to: number | string, extra = '', token = finance.token) =>
  t.api('get', `/budget-stages/compare?budgetYearId=${by}&fiscalYear=FY${FY}&from=${from}&to=${to}${extra}`, {
    token,
  });

beforeAll(async () => {
  const db = t.db.knex;
  by = await buildBudgetYear(db, { currentFiscalYear: FY, label: `FY27 cmp ${process.pid}` });
  cat = {
    a: await buildCategory(db, { name: 'Instruction' }),
    b: await buildCategory(db, { name: 'Facilities' }),
  };
  bld = {
    hs: await buildBuilding(db, { name: 'High School' }),
    elm: await buildBuilding(db, { name: 'Elm Street' }),
  };
  const proposed: [string, string, string, number | null, number | null, string | null][] = [
    ['P1', 'Textbooks', '120000.10', cat.a, bld.elm, '2305'],
    ['P2', 'Boiler service', '45000.45', cat.b, bld.hs, '4220'],
    ['P3', 'Buses', '310000.99', cat.b, null, '3300'],
    ['P4', 'Committee stipends', '7500.00', null, null, '1110'],
    ['P6', 'Old copier lease', '999.99', cat.b, bld.hs, null],
  ];
  const pIds = await insertProposed(
    db,
    proposed.map(([, desc, amount, categoryId, buildingId, dese]) => ({
      budgetYearId: by,
      fiscalYear: FY,
      amount,
      accountDescription: desc,
      categoryId,
      buildingId,
      columns: { dese_code: dese },
    })),
  );
  proposed.forEach(([key, desc, amount, categoryId, buildingId, dese], i) => {
    ids[key] = pIds[i];
    state.set(pIds[i], {
      id: pIds[i],
      kind: 'proposed',
      description: desc,
      amount: money(amount),
      categoryId,
      buildingId,
      dese,
    });
  });
  const people: [string, string, string, string, string, string, number, number, string][] = [
    ['E1', 'Ada', 'Lane', 'Teacher', '61000.00', '62500.00', cat.a, bld.elm, '2305'],
    ['E2', 'Bo', 'Reed', 'Custodian', '48250.50', '49000.00', cat.b, bld.hs, '4220'],
  ];
  const eIds = await insertEmployees(
    db,
    people.map(([, firstName, lastName, position, salary, next, categoryId, buildingId, dese]) => ({
      budgetYearId: by,
      fiscalYear: FY,
      firstName,
      lastName,
      position,
      salary,
      nextYearSalary: next,
      manual: true,
      categoryId,
      buildingId,
      columns: { dese_code: dese },
    })),
  );
  people.forEach(([key, first, last, position, salary, next, categoryId, buildingId, dese], i) => {
    ids[key] = eIds[i];
    state.set(eIds[i], {
      id: eIds[i],
      kind: 'employee',
      description: `${last}, ${first} (${position})`,
      salary: money(salary),
      next: money(next),
      position,
      categoryId,
      buildingId,
      dese,
    });
  });
  // A stage of another fiscal year of this budget year, and one of another budget year (of a year
  // of its own: FY2027's one home is this budget year, docs/ARCHITECTURE.md).
  await insertProposed(db, [{ budgetYearId: by, fiscalYear: FY + 1, amount: '10.00' }]);
  stage.otherFiscalYear = await advance('SUPERINTENDENT_RECOMMENDED', '2027-02-01', FY + 1);
  otherBy = await buildBudgetYear(db, { currentFiscalYear: FY + 2, label: `FY29 other ${process.pid}` });
  await insertProposed(db, [{ budgetYearId: otherBy, fiscalYear: FY + 2, amount: '20.00' }]);
  stage.otherBudgetYear = await advance('SUPERINTENDENT_RECOMMENDED', '2027-02-01', FY + 2, otherBy);
});

const line = (key: string) => state.get(ids[key]) as ModelLine;

describe('GET /budget-stages/compare', () => {
  it('records reasons with edits after the recommendation; refuses bad reasons and writes nothing', async () => {
    stage.A = await advance('SUPERINTENDENT_RECOMMENDED', '2027-02-01');
    at.A = copyState(state);
    const audits = async () => Number((await t.db.knex('audit_log').count({ n: '*' }).first())!.n);
    const before = {
      audits: await audits(),
      row: await t.db.knex('line_items').where({ id: ids.P1 }).first(),
    };
    expect((await put(ids.P1, { amount: 1, changeReason: '   ' })).status).toBe(400);
    const long = await put(ids.P1, { amount: 1, changeReason: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain('Reason for the change must be at most 2000 characters');
    const alone = await put(ids.P1, { changeReason: 'Only a reason' });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toContain('Nothing to update');
    expect((await patchEmployee(ids.E1, { changeReason: 'Only a reason' })).status).toBe(400);
    expect(
      (await t.api('patch', `/line-items/${ids.P4}`, { token: finance.token, body: { changeReason: 'x' } }))
        .status,
    ).toBe(400);
    expect(await audits()).toBe(before.audits);
    expect(await t.db.knex('line_items').where({ id: ids.P1 }).first()).toEqual(before.row);

    expect(
      (await put(ids.P1, { amount: 115000.1, changeReason: '  Reduced per the committee workshop ' })).status,
    ).toBe(200);
    line('P1').amount = money('115000.10');
    const moved = await put(ids.P2, {
      categoryId: cat.a,
      buildingId: bld.elm,
      deseCode: '2310',
      changeReason: 'Moved to the elementary science program',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    Object.assign(line('P2'), { categoryId: cat.a, buildingId: bld.elm, dese: '2310' });
    expect((await put(ids.P3, { amount: 305000 })).status).toBe(200);
    line('P3').amount = money('305000.00');
    expect(
      (await patchEmployee(ids.E1, { currentSalary: 61500, changeReason: 'Step correction' })).status,
    ).toBe(200);
    line('E1').salary = money('61500.00');
    const assigned = await t.api('patch', `/line-items/${ids.P4}`, {
      token: finance.token,
      body: { buildingId: bld.hs, changeReason: 'Reassigned to the high school' },
    });
    expect(assigned.status).toBe(200);
    line('P4').buildingId = bld.hs;
    const added = await t.api('post', '/line-items', {
      token: finance.token,
      body: {
        isOperating: false,
        budgetYearId: by,
        fiscalYear: FY,
        accountDescription: 'Robotics kits',
        amount: 2500.25,
        categoryId: cat.a,
        buildingId: bld.hs,
        deseCode: '2305',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    ids.P5 = added.body.lineItem.id;
    state.set(ids.P5, {
      id: ids.P5,
      kind: 'proposed',
      description: 'Robotics kits',
      amount: money('2500.25'),
      categoryId: cat.a,
      buildingId: bld.hs,
      dese: '2305',
    });
    expect((await t.api('delete', `/line-items/${ids.P6}`, { token: finance.token })).status).toBe(200);
    state.delete(ids.P6);

    const [entry] = await t.db
      .knex('audit_log')
      .where({ entity: 'line-item', entity_id: String(ids.P1) })
      .orderBy('id', 'desc')
      .limit(1);
    expect(entry.after.changeReason).toBe('Reduced per the committee workshop');
    expect(entry.after.cause).toBe('Proposed line edited');
  });

  it('compares after the vote and a reopen; every figure as worked out in cents', async () => {
    stage.B = await advance('SCHOOL_COMMITTEE_ADOPTED', '2027-03-12');
    at.B = copyState(state);
    const reopened = await t.api('post', '/budget-stages/reopen', {
      token: admin.token,
      body: { budgetYearId: by, fiscalYear: FY, reason: 'Vote of 2 April' },
    });
    expect(reopened.status).toBe(200);
    stage.reopen = reopened.body.events.at(-1).id;
    expect((await put(ids.P1, { amount: 118000.1, changeReason: 'Restored part by the vote' })).status).toBe(
      200,
    );
    line('P1').amount = money('118000.10');
    expect(
      (await patchEmployee(ids.E2, { position: 'Head Custodian', changeReason: 'Promotion' })).status,
    ).toBe(200);
    Object.assign(line('E2'), { position: 'Head Custodian', description: 'Reed, Bo (Head Custodian)' });
    at.current = copyState(state);

    const reasons = {
      AB: {
        P1: 'Reduced per the committee workshop',
        P2: 'Moved to the elementary science program',
        E1: 'Step correction',
        P4: 'Reassigned to the high school',
      },
      BC: { P1: 'Restored part by the vote', E2: 'Promotion' },
      AC: {
        P1: 'Reduced per the committee workshop; Restored part by the vote',
        P2: 'Moved to the elementary science program',
        E1: 'Step correction',
        P4: 'Reassigned to the high school',
        E2: 'Promotion',
      },
    };
    await check(stage.A, stage.B, at.A, at.B, reasons.AB);
    await check(stage.B, 'current', at.B, at.current, reasons.BC);
    await check(stage.A, 'current', at.A, at.current, reasons.AC);
    // Backwards: every difference the other way round.
    await check('current', stage.A, at.current, at.A, reasons.AC);
  });

  it('lists unchanged lines too with lines=all', async () => {
    const res = await compare(stage.B, 'current', '&lines=all');
    expect(res.status).toBe(200);
    const unchanged = res.body.lines.filter((l: { change: string }) => l.change === 'unchanged');
    expect(res.body.lineCounts).toEqual({ added: 0, removed: 0, changed: 2, unchanged: state.size - 2 });
    expect(unchanged).toHaveLength(state.size - 2);
    for (const u of unchanged) {
      expect(u.difference).toBe(0);
      expect(u.reason).toBeNull();
    }
  });

  it("refuses the same stage twice, a reopen, another year, unknown ids and VIEW_ONLY's lines; writes nothing", async () => {
    const counts = async () => [
      // A refused role is a security event (entity 'security'); nothing else may be written.
      Number((await t.db.knex('audit_log').whereNot({ entity: 'security' }).count({ n: '*' }).first())!.n),
      Number((await t.db.knex('budget_stages').count({ n: '*' }).first())!.n),
    ];
    const before = await counts();
    const same = await compare(stage.A, stage.A);
    expect(same.status).toBe(400);
    expect(same.body.error).toBe('Choose two different stages');
    expect((await compare('current', 'current')).body.error).toBe('Choose two different stages');
    const reopen = await compare(stage.reopen, 'current');
    expect(reopen.status).toBe(400);
    expect(reopen.body.error).toContain('froze no figures');
    // The years as every screen writes them (FY27), never FY2027.
    expect(reopen.body.error).toContain(`Stage ${stage.reopen} is the reopening of FY27 for changes`);
    const otherFy = await compare(stage.A, stage.otherFiscalYear);
    expect(otherFy.status).toBe(400);
    expect(otherFy.body.error).toContain(`Stage ${stage.otherFiscalYear} is a stage of FY28`);
    expect(otherFy.body.error).toContain(
      `not of FY27 in FY27 cmp ${process.pid}: compare two stages of the same year`,
    );
    const otherBudget = await compare(stage.otherBudgetYear, stage.A);
    expect(otherBudget.status).toBe(400);
    expect(otherBudget.body.error).toContain(`FY29 other ${process.pid}`);
    const unknown = await compare(999999, stage.A);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Budget stage 999999 not found');
    const noYear = await t.api(
      'get',
      `/budget-stages/compare?budgetYearId=999999&fiscalYear=2027&from=${stage.A}&to=current`,
      { token: finance.token },
    );
    expect(noYear.status).toBe(404);
    const bad = await compare('first', 'current');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("from must be a stage id or 'current'");
    expect((await compare(stage.A, 'current', '&lines=some')).status).toBe(400);
    // VIEW_ONLY reads the totals and breakdowns, never the lines (salaries).
    expect((await compare(stage.A, 'current', '&lines=changed', viewer.token)).status).toBe(403);
    expect((await compare(stage.A, 'current', '&lines=all', viewer.token)).status).toBe(403);
    const xlsx = await fetch(
      `${t.url}/api/budget-stages/compare.xlsx?budgetYearId=${by}&fiscalYear=${FY}&from=${stage.A}&to=${stage.A}`,
      {
        headers: { Authorization: `Bearer ${finance.token}` },
      },
    );
    expect(xlsx.status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /budget-stages/compare.xlsx', () => {
  it('writes every difference and total as a formula whose cached value is the figure', async () => {
    const res = await fetch(
      `${t.url}/api/budget-stages/compare.xlsx?budgetYearId=${by}&fiscalYear=${FY}&from=${stage.A}&to=current`,
      { headers: { Authorization: `Bearer ${finance.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="FY2027-stage-${stage.A}-vs-current.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'By category',
      'By DESE function',
      'By building',
      'Lines',
    ]);
    const totals = expectedTotals(at.A, at.current);
    const summary = book.getWorksheet('Summary')!;
    // Its title names the year as the screen does; the file name keeps its four digits.
    expect(String(summary.getCell('A1').value)).toMatch(/^[A-Za-z ]+: FY27, budget year FY27 cmp /);
    const formula = (ws: ExcelJS.Worksheet, a: string) =>
      (ws.getCell(a).value as ExcelJS.CellFormulaValue).formula;
    expect(summary.getCell('A5').value).toBe('Proposed budget');
    expect(formula(summary, 'D5')).toBe('C5-B5');
    expect(formula(summary, 'B5')).toMatch(/^'By category'!B\d+$/);
    expect(formula(summary, 'D8')).toBe('C8-B8');
    // Every formula's cached result equals the formula worked out from the sheet's own cells.
    const checked = evaluateWorkbook(book);
    expect(checked.mismatches).toEqual([]);
    expect(checked.formulas).toBeGreaterThan(40);
    const cents = (ws: ExcelJS.Worksheet, a: string) =>
      c((ws.getCell(a).value as ExcelJS.CellFormulaValue).result as number);
    expect(cents(summary, 'B5')).toBe(totals.proposed.from);
    expect(cents(summary, 'C5')).toBe(totals.proposed.to);
    expect(cents(summary, 'D5')).toBe(totals.proposed.difference);
    expect(cents(summary, 'D8')).toBe(totals.salaries.difference);
    const lines = book.getWorksheet('Lines')!;
    const last = lines.rowCount;
    expect(lines.getCell(`A${last - 1}`).value).toBe('Proposed amounts, total difference');
    expect(formula(lines, `K${last - 1}`)).toMatch(/^SUMIFS\(K5:K\d+,B5:B\d+,"proposed"\)$/);
    expect(cents(lines, `K${last - 1}`)).toBe(totals.proposed.difference);
    expect(cents(lines, `K${last}`)).toBe(totals.salaries.difference);
    const reasonCol = lines.getColumn(12).values.map(String);
    expect(reasonCol).toContain('Reduced per the committee workshop; Restored part by the vote');
  });
});

/** One comparison checked against the model: totals, the three breakdowns, and line by line with reasons. */
async function check(
  from: number | string,
  to: number | string,
  fromState: ModelState,
  toState: ModelState,
  reasons: Record<string, string>,
) {
  const res = await compare(from, to);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body;
  const totals = expectedTotals(fromState, toState);
  for (const k of ['proposed', 'salaries', 'nextYearSalaries'] as const) {
    expect({
      from: c(body.totals[k].from),
      to: c(body.totals[k].to),
      difference: c(body.totals[k].difference),
    }).toEqual(totals[k]);
    const pct =
      totals[k].from === 0n ? null : Number((totals[k].difference * 1000000n) / totals[k].from) / 10000;
    expect(
      body.totals[k].percent === null ? null : Math.abs(body.totals[k].percent - pct!),
    ).toBeLessThanOrEqual(0.005);
  }
  expect(body.totals.proposedCount).toEqual({
    ...totals.proposedCount,
    difference: totals.proposedCount.to - totals.proposedCount.from,
  });
  expect(body.totals.employeeCount).toEqual({
    ...totals.employeeCount,
    difference: totals.employeeCount.to - totals.employeeCount.from,
  });
  // Lines on both sides that differ in a modelled field are changed; the rest of both unchanged.
  const changed = new Set(
    expectedLines(fromState, toState)
      .filter((r) => r.change === 'changed')
      .map((r) => r.lineId),
  );
  const both = [...toState.keys()].filter((id) => fromState.has(id));
  expect(body.lineCounts).toEqual({
    added: [...toState.keys()].filter((id) => !fromState.has(id)).length,
    removed: [...fromState.keys()].filter((id) => !toState.has(id)).length,
    changed: changed.size,
    unchanged: both.length - changed.size,
  });

  const breakdowns: [string, (l: ModelLine) => number | string | null][] = [
    ['byCategory', (l) => l.categoryId],
    ['byBuilding', (l) => l.buildingId],
    ['byFunction', (l) => l.dese],
  ];
  for (const [name, key] of breakdowns) {
    const expected = expectedBreakdown(fromState, toState, key);
    const got = new Map(
      body[name].map(
        (r: { key: unknown; proposed: Record<string, number>; salaries: Record<string, number> }) => [
          String(r.key),
          {
            proposed: {
              from: c(r.proposed.from),
              to: c(r.proposed.to),
              difference: c(r.proposed.difference),
            },
            salaries: {
              from: c(r.salaries.from),
              to: c(r.salaries.to),
              difference: c(r.salaries.difference),
            },
          },
        ],
      ),
    );
    expect(got, name).toEqual(expected);
  }
  expect(body.byFunction.map((r: { name: string }) => r.name)).toContain('2305 Teachers, Classroom');
  expect(body.byBuilding.at(-1).name).toBe('District Wide');

  const names: Record<string, Record<string, string>> = {
    category: { [String(cat.a)]: 'Instruction', [String(cat.b)]: 'Facilities', null: 'No category' },
    building: { [String(bld.hs)]: 'High School', [String(bld.elm)]: 'Elm Street', null: 'District Wide' },
  };
  const expected = expectedLines(fromState, toState).map((r) => ({
    ...r,
    from: typeof r.from === 'string' && names[r.field] ? names[r.field][r.from] : r.from,
    to: typeof r.to === 'string' && names[r.field] ? names[r.field][r.to] : r.to,
  }));
  const got = body.lines.map((l: Record<string, any>) => ({
    lineId: l.lineId,
    change: l.change,
    field: l.field,
    from: l.valueType === 'money' ? c(l.from) : l.from,
    to: l.valueType === 'money' ? c(l.to) : l.to,
    difference: c(l.difference),
  }));
  const order = (a: { lineId: number; field: string }, b: { lineId: number; field: string }) =>
    a.lineId - b.lineId || a.field.localeCompare(b.field);
  expect([...got].sort(order)).toEqual([...expected].sort(order));
  const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
  for (const l of body.lines) {
    expect(l.reason, `${byId.get(l.lineId)} ${l.field}`).toBe(reasons[byId.get(l.lineId)!] ?? null);
    const m = (toState.get(l.lineId) ?? fromState.get(l.lineId))!;
    expect(l.description).toBe(m.description);
  }
  // Proposed lines first, then employees; changed, added, removed.
  const rank = (l: { kind: string; change: string }) =>
    (l.kind === 'employee' ? 10 : 0) + ['changed', 'added', 'removed'].indexOf(l.change);
  const ranks = body.lines.map(rank);
  expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
  const lineSum = (kind: string) =>
    body.lines
      .filter((l: { kind: string; difference: number | null }) => l.kind === kind && l.difference !== null)
      .reduce((a: bigint, l: { difference: number }) => a + c(l.difference)!, 0n);
  expect(lineSum('proposed')).toBe(totals.proposed.difference);
  expect(lineSum('employee')).toBe(totals.salaries.difference);
  expect(body.from.stageId).toBe(from === 'current' ? null : from);
  expect(body.to.label).toEqual(to === 'current' ? "Today's working figures" : expect.any(String));
}
