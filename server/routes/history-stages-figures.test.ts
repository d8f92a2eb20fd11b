import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, insertProposed } from '../../test/factories';

/**
 * The state figures' changes and a stage's reopen with its reason were written to
 * the audit log but once could not be read (GET /history/nss-state-figures/2029 was a 400). Their
 * history is read like every record's: newest first, who, when, each changed field.
 */
const { t } = useApp();
let admin: string;
let finance: string;
let viewer: string;
const FY = 2029;

const figures = (requiredNss: number) => ({
  foundationEnrollment: 1200,
  foundationBudget: 18_000_000.25,
  requiredLocalContribution: 11_000_000,
  chapter70Aid: 7_000_000.5,
  requiredNss,
  carryForward: 0,
});

beforeAll(async () => {
  admin = (await t.userWith('ADMIN', { name: 'Ada Admin' })).token;
  finance = (await t.userWith('FINANCE')).token;
  viewer = (await t.userWith('VIEW_ONLY')).token;
});

describe('GET /history/nss-state-figures/:fiscalYear', () => {
  it('lists each save of a year’s state figures with the figure that changed', async () => {
    const none = await t.api('get', `/history/nss-state-figures/${FY}`, { token: finance });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.entries).toEqual([]);

    const body1 = figures(18_500_000);
    const body2 = figures(18_650_000.75);
    for (const body of [body1, body2]) {
      const res = await t.api('put', `/nss/state-figures/${FY}`, { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const res = await t.api('get', `/history/nss-state-figures/${FY}`, { token: finance });
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    const [update, create] = res.body.entries;
    expect(update.actor).toBe('Ada Admin');
    expect(update.changes).toEqual([
      { field: 'requiredNss', before: body1.requiredNss, after: body2.requiredNss },
    ]);
    expect(create.after).toMatchObject({ fiscalYear: FY, requiredNss: body1.requiredNss });

    await t.api('delete', `/nss/state-figures/${FY}`, { token: admin });
    const afterDelete = await t.api('get', `/history/nss-state-figures/${FY}`, { token: finance });
    expect(afterDelete.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    expect((await t.api('get', `/history/nss-state-figures/${FY}`, { token: viewer })).status).toBe(403);
  });
});

describe('GET /history/budget-stage/:id', () => {
  it('shows a stage’s move and its reopen with the reason', async () => {
    const db = t.db.knex;
    const by = await buildBudgetYear(db, { currentFiscalYear: 2027, label: `FY27 hist ${process.pid}` });
    await insertProposed(db, [
      { budgetYearId: by, fiscalYear: 2027, amount: '1000.10', columns: { dese_code: '2305' } },
    ]);
    const year = { budgetYearId: by, fiscalYear: 2027 };
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2027-02-01'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2027-03-12'],
    ]) {
      const res = await t.api('post', '/budget-stages/advance', {
        token: admin,
        body: { ...year, stage, date },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const reason = 'The state cut Chapter 70 aid after the vote';
    const reopened = await t.api('post', '/budget-stages/reopen', {
      token: admin,
      body: { ...year, reason },
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    const events = reopened.body.events as { id: number; event: string; stage: string }[];
    const reopen = events.find((e) => e.event === 'reopen')!;
    const adopted = events.find((e) => e.stage === 'SCHOOL_COMMITTEE_ADOPTED' && e.event === 'advance')!;

    const res = await t.api('get', `/history/budget-stage/${reopen.id}`, { token: finance });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.entries).toHaveLength(1);
    expect(res.body.entries[0].actor).toBe('Ada Admin');
    expect(res.body.entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'reason', before: null, after: reason },
        { field: 'reopened', before: null, after: 'School Committee Adopted' },
      ]),
    );
    const move = await t.api('get', `/history/budget-stage/${adopted.id}`, { token: finance });
    expect(move.body.entries.map((e: { action: string }) => e.action)).toEqual(['create']);
    expect(move.body.entries[0].after).toMatchObject({
      stage: 'SCHOOL_COMMITTEE_ADOPTED',
      date: '2027-03-12',
    });

    expect((await t.api('get', '/history/budget-stage/999999', { token: finance })).status).toBe(404);
    expect((await t.api('get', `/history/budget-stage/${reopen.id}`, { token: viewer })).status).toBe(403);
  });
});
