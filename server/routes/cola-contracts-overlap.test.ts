import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { contractBody as contract, contractSnapshot } from '../../test/worlds/contract-requests';
import { buildBudgetYear, buildWorkGroup, grow, insertEmployees } from '../../test/factories';

/**
 * Contracts do not silently overlap. Two SETTLED contracts of one work group may
 * not cover the same fiscal year unless the newer supersedes the older; negotiating offers stand
 * beside anything. Stored next-year salaries are checked against salary × (1 + COLA) worked out
 * here in BigInt cents from the rates the test chose, never from the code under test.
 */

const { t, finance } = useApp(['FINANCE']);

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });
const cents = (v: string) => BigInt(Math.round(Number(v) * 100));
/** A percent with at most 2 decimals as basis points: 3.5 -> 350n. */
const bp = (percent: number) => BigInt(Math.round(percent * 100));

/**
 * Teachers with lines in FY2026 (moving into FY2027) and FY2027 (into FY2028), under the ratified
 * Unit A contract (FY2025-FY2027, 3.5% in FY2027) and a newly settled FY2028-FY2029 (2%, 2.25%).
 */
async function teachers() {
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db);
  const groupId = await buildWorkGroup(db);
  const fy26 = ['61234.57', '48000.00', '99999.99'];
  const fy27 = ['52345.67', '75000.01'];
  const ids26 = await insertEmployees(
    db,
    fy26.map((salary) => ({ budgetYearId, fiscalYear: 2026, salary, workGroupId: groupId })),
  );
  const ids27 = await insertEmployees(
    db,
    fy27.map((salary) => ({ budgetYearId, fiscalYear: 2027, salary, workGroupId: groupId })),
  );
  const unitA = await call(
    'post',
    '/cola/contracts',
    contract(groupId, 'Unit A 2024-2027', [
      [2025, 3],
      [2026, 3.25],
      [2027, 3.5],
    ]),
  );
  const successor = await call(
    'post',
    '/cola/contracts',
    contract(groupId, 'Unit A 2027-2029', [
      [2028, 2],
      [2029, 2.25],
    ]),
  );
  expect([unitA.status, successor.status]).toEqual([201, 201]);
  /** The stored next-year salaries in cents, FY2026 lines then FY2027 lines. */
  const stored = async () => {
    const rows = await db('line_items')
      .whereIn('id', [...ids26, ...ids27])
      .orderBy('id')
      .select('next_year_salary');
    return rows.map((r) => cents(r.next_year_salary));
  };
  /** What they must be when FY2027 pays `into27` percent and FY2028 `into28`. */
  const expected = (into27: number, into28: number) => [
    ...fy26.map((s) => grow(cents(s), bp(into27))),
    ...fy27.map((s) => grow(cents(s), bp(into28))),
  ];
  return {
    groupId,
    unitA: unitA.body.contract.id as number,
    successor: successor.body.contract.id as number,
    stored,
    expected,
  };
}

const snapshot = () => contractSnapshot(t.db.knex);

describe('two settled contracts of one work group may not cover the same fiscal year', () => {
  it('refuses a second settled Teachers contract for FY2027-2029 at 1%, naming the contracts and years; nothing moves', async () => {
    const w = await teachers();
    expect(await w.stored()).toEqual(w.expected(3.5, 2));
    const before = await snapshot();

    const res = await call(
      'post',
      '/cola/contracts',
      contract(w.groupId, 'Teachers 1% 2027-2029', [
        [2027, 1],
        [2028, 1],
        [2029, 1],
      ]),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONTRACT_OVERLAP');
    expect(res.body.error).toContain('“Unit A 2024-2027”');
    expect(res.body.error).toContain(`#${w.unitA}`);
    expect(res.body.error).toMatch(/“Unit A 2024-2027” \(#\d+, FY25–FY27\) in FY27/);
    expect(res.body.error).toMatch(/“Unit A 2027-2029” \(#\d+, FY28–FY29\) in FY28–FY29/);
    expect(res.body.details[0]).toMatchObject({ path: 'supersedesContractId' });
    expect(await snapshot()).toEqual(before);
    expect(await w.stored()).toEqual(w.expected(3.5, 2));
  });

  it('settling a negotiating offer and editing years run the same check', async () => {
    const w = await teachers();
    const offer = await call(
      'post',
      '/cola/contracts',
      contract(w.groupId, 'Open offer', [[2029, 1]], { status: 'NEGOTIATING', settlementDate: null }),
    );
    expect(offer.status).toBe(201);
    const before = await snapshot();

    const settle = await call('patch', `/cola/contracts/${offer.body.contract.id}/status`, {
      status: 'SETTLED',
      settlementDate: '2026-06-01',
    });
    expect(settle.status).toBe(409);
    expect(settle.body.error).toMatch(/“Unit A 2027-2029” \(#\d+, FY28–FY29\) in FY29/);

    const settleByEdit = await call(
      'put',
      `/cola/contracts/${offer.body.contract.id}`,
      contract(w.groupId, 'Open offer', [[2029, 1]]),
    );
    expect(settleByEdit.status).toBe(409);

    // The successor's years widened back into FY2027 meet Unit A.
    const widen = await call(
      'put',
      `/cola/contracts/${w.successor}`,
      contract(w.groupId, 'Unit A 2027-2029', [
        [2027, 2],
        [2028, 2],
        [2029, 2.25],
      ]),
    );
    expect(widen.status).toBe(409);
    expect(widen.body.error).toMatch(/“Unit A 2024-2027” \(#\d+, FY25–FY27\) in FY27/);

    expect(await snapshot()).toEqual(before);
    expect(await w.stored()).toEqual(w.expected(3.5, 2));
  });

  it('a contract that supersedes the older one is accepted: the older is kept, marked and listed, and salaries move to the new rates', async () => {
    const w = await teachers();
    const res = await call(
      'post',
      '/cola/contracts',
      contract(
        w.groupId,
        'Unit A reopener 2028-2029',
        [
          [2028, 1],
          [2029, 1.5],
        ],
        { supersedesContractId: w.successor },
      ),
    );
    expect(res.status).toBe(201);
    const reopener = res.body.contract;
    expect(reopener.supersedesContractId).toBe(w.successor);
    // Only the FY2027 lines (moving into FY2028) changed.
    expect(res.body.recomputedLines).toBe(2);
    expect(await w.stored()).toEqual(w.expected(3.5, 1));

    const list = (await call('get', `/cola/contracts?workGroupId=${w.groupId}`)).body.contracts;
    const old = list.find((c: { id: number }) => c.id === w.successor);
    expect(old).toMatchObject({
      status: 'SETTLED',
      supersededBy: { id: reopener.id, name: 'Unit A reopener 2028-2029' },
    });
    expect(list.find((c: { id: number }) => c.id === w.unitA).supersededBy).toBeNull();

    // Its history says so.
    const audit = await t.db.knex('audit_log').where({ entity: 'contract', entity_id: w.successor });
    expect(audit.some((a) => JSON.stringify(a.after).includes('Unit A reopener'))).toBe(true);

    // Taking the supersession back while both still cover FY2028-FY2029 is the same overlap.
    const undo = await call(
      'put',
      `/cola/contracts/${reopener.id}`,
      contract(
        w.groupId,
        'Unit A reopener 2028-2029',
        [
          [2028, 1],
          [2029, 1.5],
        ],
        { supersedesContractId: null },
      ),
    );
    expect(undo.status).toBe(409);
    expect(await w.stored()).toEqual(w.expected(3.5, 1));

    // Deleting the reopener puts the older contract in force again.
    const deleted = await call('delete', `/cola/contracts/${reopener.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toMatch(/“Unit A 2027-2029” is in force again/);
    expect((await call('get', `/cola/contracts/${w.successor}`)).body.contract.supersededBy).toBeNull();
    expect(await w.stored()).toEqual(w.expected(3.5, 2));
  });

  it('settling an offer over a settled contract with Supersedes is accepted; going back to negotiating restores the older one', async () => {
    const w = await teachers();
    const offer = await call(
      'post',
      '/cola/contracts',
      contract(w.groupId, 'FY2027 reopener', [[2027, 4.25]], { status: 'NEGOTIATING', settlementDate: null }),
    );
    // Settled Unit A outranks the offer.
    expect(await w.stored()).toEqual(w.expected(3.5, 2));
    const id = offer.body.contract.id;
    const settled = await call('patch', `/cola/contracts/${id}/status`, {
      status: 'SETTLED',
      settlementDate: '2026-06-01',
      supersedesContractId: w.unitA,
    });
    expect(settled.status).toBe(200);
    expect(await w.stored()).toEqual(w.expected(4.25, 2));
    expect((await call('get', `/cola/contracts/${w.unitA}`)).body.contract.supersededBy).toEqual({
      id,
      name: 'FY2027 reopener',
    });

    const back = await call('patch', `/cola/contracts/${id}/status`, { status: 'NEGOTIATING' });
    expect(back.status).toBe(200);
    expect((await call('get', `/cola/contracts/${w.unitA}`)).body.contract.supersededBy).toBeNull();
    expect(await w.stored()).toEqual(w.expected(3.5, 2));
  });

  it('negotiating offers stand beside each other and beside a settled contract; settled first, else the newest offer', async () => {
    const w = await teachers();
    for (const [name, pct] of [
      ['District offer', 5],
      ['Union ask', 6],
    ] as const) {
      const r = await call(
        'post',
        '/cola/contracts',
        contract(
          w.groupId,
          name,
          [
            [2027, pct],
            [2028, pct],
          ],
          { status: 'NEGOTIATING', settlementDate: null },
        ),
      );
      expect(r.status).toBe(201);
    }
    expect(await w.stored()).toEqual(w.expected(3.5, 2));

    // With no settled contract for FY2028, the newest offer (6%) serves it.
    await call('delete', `/cola/contracts/${w.successor}`);
    expect(await w.stored()).toEqual(w.expected(3.5, 6));
  });
});

describe('a superseding contract that names no contract, or the wrong one, changes nothing', () => {
  const cases: [string, (w: Awaited<ReturnType<typeof teachers>>, other: number) => unknown, RegExp][] = [
    ['a blank', () => '', /supersedesContractId: Choose the settled contract this one supersedes/],
    ['0', () => 0, /supersedesContractId: Choose the settled contract this one supersedes/],
    ['a contract that does not exist', () => 999999, /supersedesContractId: Contract 999999 does not exist/],
    [
      'a contract of another work group',
      (_w, other) => other,
      /supersedesContractId: .*covers .*, not .*: a contract can supersede only one of its own work group/,
    ],
    [
      'a contract whose years it does not share',
      (w) => w.unitA,
      /supersedesContractId: “Unit A 2024-2027” \(#\d+\) covers FY25–FY27, none of this contract’s years/,
    ],
  ];

  it.each(cases)('%s: 400 naming supersedesContractId', async (_label, target, message) => {
    const w = await teachers();
    const otherGroup = await buildWorkGroup(t.db.knex);
    const other = await call('post', '/cola/contracts', contract(otherGroup, 'Custodians', [[2028, 2]]));
    const before = await snapshot();
    const res = await call(
      'post',
      '/cola/contracts',
      contract(w.groupId, 'Reopener', [[2029, 1]], {
        supersedesContractId: target(w, other.body.contract.id),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain('supersedesContractId');
    expect(await snapshot()).toEqual(before);
    expect(await w.stored()).toEqual(w.expected(3.5, 2));
  });

  it('a superseded contract cannot supersede the one that replaced it: 400 naming the field', async () => {
    const w = await teachers();
    const reopener = await call(
      'post',
      '/cola/contracts',
      contract(w.groupId, 'Reopener', [[2029, 1]], { supersedesContractId: w.successor }),
    );
    expect(reopener.status).toBe(201);
    const before = await snapshot();
    const res = await call(
      'put',
      `/cola/contracts/${w.successor}`,
      contract(
        w.groupId,
        'Unit A 2027-2029',
        [
          [2028, 2],
          [2029, 2.25],
        ],
        { supersedesContractId: reopener.body.contract.id },
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(
      /supersedesContractId: “Unit A 2027-2029” is itself superseded by “Reopener”/,
    );
    expect(await snapshot()).toEqual(before);
    // The superseded contract promises nothing: FY2028 has no contract and no scenario here, so 0%.
    expect(await w.stored()).toEqual(w.expected(3.5, 0));
  });

  it('a negotiating offer cannot supersede: 400 naming the field', async () => {
    const w = await teachers();
    const before = await snapshot();
    const res = await call(
      'post',
      '/cola/contracts',
      contract(w.groupId, 'Offer', [[2029, 1]], {
        status: 'NEGOTIATING',
        settlementDate: null,
        supersedesContractId: w.successor,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/supersedesContractId: Only a settled contract can supersede another/);
    expect(await snapshot()).toEqual(before);
  });
});
