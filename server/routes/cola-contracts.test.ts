import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { contractBody } from '../../test/worlds/contract-requests';
import { buildBudgetYear, buildWorkGroup, grow, insertEmployees } from '../../test/factories';

/**
 * Contracts through the API: every write recomputes the work group's automatic next-year salaries in
 * its own transaction (checked against salary × (1 + COLA) computed here in BigInt cents), the line's
 * history says why, manual values and other groups stay put, and bad input changes nothing.
 */

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

const call = (method: string, path: string, body?: unknown, token = finance.token) =>
  t.api(method, path, { token, body });
const cents = (v: string | number | null) => (v === null ? null : BigInt(Math.round(Number(v) * 100)));

/** A work group with three FY2026 employees (one manual) and an unrelated group's employee. */
async function world() {
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db);
  const groupId = await buildWorkGroup(db);
  const otherId = await buildWorkGroup(db);
  const salaries = ['61234.57', '48000.00', '99999.99'];
  const ids = await insertEmployees(
    db,
    salaries.map((salary) => ({ budgetYearId, fiscalYear: 2026, salary, workGroupId: groupId })),
  );
  const [manualId] = await insertEmployees(db, [
    {
      budgetYearId,
      fiscalYear: 2026,
      salary: '70000.00',
      nextYearSalary: '75000.00',
      manual: true,
      workGroupId: groupId,
    },
  ]);
  const [otherLine] = await insertEmployees(db, [
    { budgetYearId, fiscalYear: 2026, salary: '50000.00', nextYearSalary: '50000.00', workGroupId: otherId },
  ]);
  return { groupId, otherId, ids, salaries, manualId, otherLine };
}

const body = (workGroupId: number, rates: [number, number][], extra: Record<string, unknown> = {}) =>
  contractBody(workGroupId, 'Teachers Association', rates, { contractYears: rates.length, ...extra });

async function nextYear(ids: number[]) {
  const rows = await t.db.knex('line_items').whereIn('id', ids).orderBy('id').select('next_year_salary');
  return rows.map((r) => cents(r.next_year_salary));
}

describe('contracts', () => {
  it('create, edit, settle, expire and delete each move the group’s automatic next-year salaries', async () => {
    const w = await world();
    const expectGrown = async (bp: bigint) =>
      expect(await nextYear(w.ids)).toEqual(w.salaries.map((s) => grow(cents(s)!, bp)));

    const created = await call(
      'post',
      '/cola/contracts',
      body(w.groupId, [
        [2027, 3.25],
        [2028, 2.5],
        [2029, 2],
      ]),
    );
    expect(created.status).toBe(201);
    const c = created.body.contract;
    expect(c).toMatchObject({
      name: 'Teachers Association',
      contractYears: 3,
      status: 'SETTLED',
      settlementDate: '2026-05-14',
    });
    expect(c.colaSettings.map((r: any) => [r.contractYear, r.fiscalYear, r.colaPercentage])).toEqual([
      [1, 2027, 3.25],
      [2, 2028, 2.5],
      [3, 2029, 2],
    ]);
    expect(created.body.recomputedLines).toBe(3);
    await expectGrown(325n);

    // The line's history names the cause.
    const history = await call('get', `/history/line-item/${w.ids[0]}`);
    const entry = history.body.entries.find((e: any) =>
      e.changes.some((ch: any) => ch.field === 'recomputedBecause'),
    );
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'nextYearSalary', before: null, after: Number(grow(cents(w.salaries[0])!, 325n)) / 100 },
      ]),
    );

    // Moving the start year keeps FY2028's row as typed and renumbers contract years.
    const edited = await call(
      'put',
      `/cola/contracts/${c.id}`,
      body(
        w.groupId,
        [
          [2027, 1.75],
          [2028, 2.5],
        ],
        { status: 'NEGOTIATING', settlementDate: null },
      ),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.contract.settlementDate).toBeNull();
    expect(edited.body.contract.contractYears).toBe(2);
    expect(edited.body.recomputedLines).toBe(3);
    await expectGrown(175n);

    const expired = await call('patch', `/cola/contracts/${c.id}/status`, { status: 'EXPIRED' });
    expect(expired.status).toBe(200);
    // An expired contract promises nothing: no scenario here, so 0%.
    await expectGrown(0n);

    const settled = await call('patch', `/cola/contracts/${c.id}/status`, {
      status: 'SETTLED',
      settlementDate: '2026-06-01',
    });
    expect(settled.body.contract.settlementDate).toBe('2026-06-01');
    await expectGrown(175n);

    const list = await call('get', `/cola/contracts?workGroupId=${w.groupId}`);
    expect(list.body.contracts.map((x: any) => x.id)).toEqual([c.id]);

    const deleted = await call('delete', `/cola/contracts/${c.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.recomputedLines).toBe(3);
    await expectGrown(0n);

    // The manual value and the other group's line never moved.
    expect(await nextYear([w.manualId, w.otherLine])).toEqual([7500000n, 5000000n]);
  });

  it('a settled contract outranks a negotiating one for the same year', async () => {
    const w = await world();
    await call(
      'post',
      '/cola/contracts',
      body(w.groupId, [[2027, 4]], { status: 'NEGOTIATING', settlementDate: null }),
    );
    await call('post', '/cola/contracts', body(w.groupId, [[2027, 2.5]]));
    expect(await nextYear(w.ids)).toEqual(w.salaries.map((s) => grow(cents(s)!, 250n)));
  });
});

describe('contract refusals change nothing', () => {
  const refusals: [string, (g: number) => unknown, RegExp][] = [
    [
      'COLA above 100',
      (g) => body(g, [[2027, 100.5]]),
      /yearlyIncreases\.0\.colaPercentage: Please enter a valid COLA percentage for FY27 \(between 0 and 100, at most 2 decimals\)/,
    ],
    ['COLA negative', (g) => body(g, [[2027, -1]]), /FY27 \(between 0 and 100, at most 2 decimals\)/],
    [
      'COLA not a number',
      (g) => body(g, [[2027, 'three' as unknown as number]]),
      /colaPercentage: COLA percentage must be a number/,
    ],
    ['COLA with 3 decimals', (g) => body(g, [[2027, 2.125]]), /FY27 \(/],
    [
      'end before start',
      (g) => ({ ...body(g, [[2027, 2]]), startYear: 2029, endYear: 2027 }),
      /endYear: The end year cannot be before the start year/,
    ],
    [
      'settlement date while negotiating',
      (g) => body(g, [[2027, 2]], { status: 'NEGOTIATING' }),
      /settlementDate: A settlement date is kept only for a SETTLED contract/,
    ],
    [
      'no COLA rows',
      (g) => ({ ...body(g, [[2027, 2]]), yearlyIncreases: [] }),
      /Please set the start and end years to generate COLA fields/,
    ],
    [
      'a year without a row',
      (g) => ({
        ...body(g, [
          [2027, 2],
          [2029, 2],
        ]),
        contractYears: 3,
      }),
      /Enter a COLA percentage for FY28/,
    ],
    [
      'contractYears that disagree',
      (g) => ({ ...body(g, [[2027, 2]]), contractYears: 3 }),
      /contractYears must be end year - start year \+ 1 \(1\)/,
    ],
    [
      'a bad status',
      (g) => body(g, [[2027, 2]], { status: 'SIGNED' }),
      /status: Status must be one of NEGOTIATING, SETTLED, EXPIRED/,
    ],
    ['no name', (g) => body(g, [[2027, 2]], { name: '  ' }), /name: Contract name is required/],
    [
      'a work group of nothing',
      () => body(999999, [[2027, 2]]),
      /workGroupId: Work group 999999 does not exist/,
    ],
    [
      'a bad settlement date',
      (g) => body(g, [[2027, 2]], { settlementDate: '2026-02-30' }),
      /settlementDate: Settlement date must be a date/,
    ],
  ];

  it.each(refusals)('%s: 400 naming the field', async (_label, make, message) => {
    const w = await world();
    const before = await t.db.knex('contracts').count({ n: '*' }).first();
    const salariesBefore = await nextYear(w.ids);
    const res = await call('post', '/cola/contracts', make(w.groupId));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await t.db.knex('contracts').count({ n: '*' }).first()).toEqual(before);
    expect(await nextYear(w.ids)).toEqual(salariesBefore);
  });

  it('an edit that fails leaves the contract and its rows as they were; unknown ids are 404', async () => {
    const w = await world();
    const created = await call('post', '/cola/contracts', body(w.groupId, [[2027, 3]]));
    const id = created.body.contract.id;
    const bad = await call('put', `/cola/contracts/${id}`, body(w.groupId, [[2027, 101]]));
    expect(bad.status).toBe(400);
    const after = await call('get', `/cola/contracts/${id}`);
    expect(after.body.contract.colaSettings.map((r: any) => r.colaPercentage)).toEqual([3]);
    expect(await nextYear(w.ids)).toEqual(w.salaries.map((s) => grow(cents(s)!, 300n)));
    expect((await call('put', '/cola/contracts/999999', body(w.groupId, [[2027, 3]]))).status).toBe(404);
    expect((await call('delete', '/cola/contracts/999999')).status).toBe(404);
    expect((await call('patch', '/cola/contracts/999999/status', { status: 'EXPIRED' })).status).toBe(404);
  });

  it('VIEW_ONLY may not read or write contracts', async () => {
    const w = await world();
    expect((await call('get', '/cola/contracts', undefined, viewer.token)).status).toBe(403);
    expect((await call('post', '/cola/contracts', body(w.groupId, [[2027, 3]]), viewer.token)).status).toBe(
      403,
    );
    expect(
      await t.db.knex('contracts').where({ work_group_id: w.groupId }).count({ n: '*' }).first(),
    ).toEqual({ n: 0 });
  });
});
