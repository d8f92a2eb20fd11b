import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, insertProposed } from '../../test/factories';

const { t, admin, finance, viewer } = useApp(['ADMIN', 'FINANCE', 'VIEW_ONLY']);
let seq = 0;

const knex = () => t.db.knex;
const fundRows = () => knex()('funds').select('*').orderBy('id');
const code = () => `F${process.pid % 1000}x${++seq}`;

async function create(body: Record<string, unknown>, token = admin.token) {
  return t.api('post', '/funds', { token, body });
}

/** The 400's field messages, keyed by field. */
const fieldErrors = (body: { details: { path: string; message: string }[] }) =>
  Object.fromEntries(body.details.map((d) => [d.path, d.message]));

describe('funds', () => {
  it('every install has its general fund, which counts toward NSS; every role reads the funds', async () => {
    expect((await t.api('get', '/funds')).status).toBe(401);
    for (const token of [admin.token, finance.token, viewer.token]) {
      const res = await t.api('get', '/funds', { token });
      expect(res.status).toBe(200);
      const general = res.body.funds[0];
      expect(general).toMatchObject({ kind: 'general', countsTowardNss: true, nssDefault: true });
    }
  });

  it('adds a grant with its award and period; grants start outside NSS; each write is in the history', async () => {
    const c = code();
    const res = await create({
      name: 'Title I',
      code: c,
      kind: 'federal_grant',
      awardAmount: 412345.67,
      periodStart: '2026-07-01',
      periodEnd: '2027-09-30',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.fund).toMatchObject({
      name: 'Title I',
      code: c,
      kind: 'federal_grant',
      countsTowardNss: false,
      nssDefault: true,
      awardAmount: 412345.67,
      periodStart: '2026-07-01',
      periodEnd: '2027-09-30',
    });
    const id = res.body.fund.id;
    const [row] = await knex()('funds').where({ id }).select(knex().raw('award_amount::text as award'));
    expect(row.award).toBe('412345.67');

    // Made a state grant counted by hand: the flag is the fund's own, and stays through a kind change.
    const counted = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { countsTowardNss: true, kind: 'state_grant' },
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.fund).toMatchObject({
      kind: 'state_grant',
      countsTowardNss: true,
      nssDefault: false,
    });

    const history = await t.api('get', `/history/fund/${id}`, { token: finance.token });
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(history.body.entries[0].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'countsTowardNss', before: false, after: true }),
      ]),
    );
  });

  it('a kind changed without a word on NSS takes the new kind’s default', async () => {
    const res = await create({ name: 'Athletics', code: code(), kind: 'other' });
    expect(res.body.fund.countsTowardNss).toBe(false);
    const moved = await t.api('put', `/funds/${res.body.fund.id}`, {
      token: admin.token,
      body: { kind: 'revolving', name: 'Athletics revolving' },
    });
    expect(moved.body.fund).toMatchObject({ kind: 'revolving', countsTowardNss: false, nssDefault: true });
  });

  it('refuses a taken code (any letter case), a second general fund, an award or period off a grant, a period backwards: nothing written', async () => {
    const taken = code();
    await create({ name: 'School Choice', code: taken, kind: 'revolving' });
    const before = await fundRows();

    const clash = await create({ name: 'Other', code: taken.toLowerCase(), kind: 'revolving' });
    expect(clash.status).toBe(400);
    expect(fieldErrors(clash.body).code).toBe(`Fund code ${taken} is already School Choice's`);

    const second = await create({ name: 'Town GF', code: code(), kind: 'general' });
    expect(second.status).toBe(400);
    expect(fieldErrors(second.body).kind).toMatch(/^The district has one general fund: /);

    const award = await create({ name: 'Lunch', code: code(), kind: 'revolving', awardAmount: 10 });
    expect(fieldErrors(award.body).awardAmount).toBe('Only a grant has an award amount and a grant period');

    const backwards = await create({
      name: 'IDEA',
      code: code(),
      kind: 'federal_grant',
      periodStart: '2027-07-01',
      periodEnd: '2026-06-30',
    });
    expect(fieldErrors(backwards.body).periodEnd).toBe('The grant period must end on or after its start');

    for (const body of [
      { name: '', code: code(), kind: 'other' },
      { name: 'X', code: 'has space', kind: 'other' },
      { name: 'X', code: code(), kind: 'lottery' },
      { name: 'X', code: code(), kind: 'federal_grant', awardAmount: 1.005 },
      { name: 'X', code: code(), kind: 'federal_grant', awardAmount: -1 },
      { name: 'X', code: code(), kind: 'federal_grant', periodStart: '2026-02-30' },
      { name: 'X', code: code(), kind: 'other', extra: 1 },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await fundRows()).toEqual(before);
  });

  it('an update is checked on the values the fund will have', async () => {
    const grant = await create({ name: 'ESSER', code: code(), kind: 'federal_grant', awardAmount: 500 });
    const id = grant.body.fund.id;
    const before = await fundRows();
    // Still holding its award, it cannot become a revolving fund: refused on the kind that was sent,
    // not on the award nobody sent.
    const res = await t.api('put', `/funds/${id}`, { token: admin.token, body: { kind: 'revolving' } });
    expect(res.status).toBe(400);
    expect(fieldErrors(res.body)).toEqual({
      kind: 'ESSER still has an award amount, which only a grant has: clear it to change its kind to Revolving fund',
    });
    // An award sent with the kind is refused on the award.
    const sent = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { kind: 'other', awardAmount: 5 },
    });
    expect(fieldErrors(sent.body)).toEqual({
      awardAmount: 'Only a grant has an award amount and a grant period',
    });
    // An end before the saved start.
    await t.api('put', `/funds/${id}`, { token: admin.token, body: { periodStart: '2026-07-01' } });
    const back = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { periodEnd: '2026-06-30' },
    });
    expect(fieldErrors(back.body).periodEnd).toBe('The grant period must end on or after its start');
    expect((await t.api('put', `/funds/${id}`, { token: admin.token, body: {} })).status).toBe(400);
    expect((await t.api('put', '/funds/999999', { token: admin.token, body: { name: 'N' } })).status).toBe(
      404,
    );
    // Cleared of its award and period, it may.
    const ok = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { kind: 'revolving', awardAmount: null, periodStart: null, periodEnd: null },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await fundRows()).length).toBe(before.length);
  });

  it('refuses a grant period that no longer reaches a year the grant still pays, and changes nothing', async () => {
    const grant = await create({
      name: 'Title IV',
      code: code(),
      kind: 'federal_grant',
      awardAmount: 90_000,
      periodStart: '2025-07-01',
      periodEnd: '2027-06-30',
    });
    const id = grant.body.fund.id;
    const budgetYearId = await buildBudgetYear(knex(), { currentFiscalYear: 2027 });
    const [line] = await insertProposed(knex(), [{ budgetYearId, fiscalYear: 2027, amount: '40000.00' }]);
    await knex()('line_items').where({ id: line }).update({ fund_id: id });
    const before = await fundRows();
    // Ending in June 2026, it could not pay FY2027, whose line it still pays.
    const short = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { periodEnd: '2026-06-30' },
    });
    expect(short.status).toBe(400);
    expect(fieldErrors(short.body).periodEnd).toBe(
      'Title IV still pays FY27 (1 line), which this grant period does not reach: move them to another fund first, or keep a period that reaches FY27',
    );
    const late = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { periodStart: '2027-07-01', periodEnd: '2028-06-30' },
    });
    expect(late.status).toBe(400);
    expect(await fundRows()).toEqual(before);
    // A period still reaching FY2027 is taken; so is any change once the line is moved.
    const shorter = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { periodEnd: '2027-03-31' },
    });
    expect(shorter.status, JSON.stringify(shorter.body)).toBe(200);
    await knex()('line_items').where({ id: line }).update({ fund_id: null });
    const moved = await t.api('put', `/funds/${id}`, {
      token: admin.token,
      body: { periodEnd: '2026-06-30' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });

  it('the general fund keeps its kind and is never deleted; another fund is', async () => {
    const general = (await knex()('funds').where({ kind: 'general' }).first())!;
    const before = await fundRows();
    const kind = await t.api('put', `/funds/${general.id}`, { token: admin.token, body: { kind: 'other' } });
    expect(kind.status).toBe(400);
    expect(fieldErrors(kind.body).kind).toMatch(/^The general fund stays the general fund/);
    const del = await t.api('delete', `/funds/${general.id}`, { token: admin.token });
    expect(del.status).toBe(409);
    expect(del.body.error).toMatch(/^The general fund stays the general fund/);
    expect(await fundRows()).toEqual(before);
    // Its code is the ledger's fund segment.
    const renamed = await t.api('put', `/funds/${general.id}`, {
      token: admin.token,
      body: { code: '0100' },
    });
    expect(renamed.status).toBe(200);

    const made = await create({ name: 'Circuit Breaker', code: code(), kind: 'circuit_breaker' });
    const gone = await t.api('delete', `/funds/${made.body.fund.id}`, { token: admin.token });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('Circuit Breaker (Circuit Breaker) deleted');
    expect(await knex()('funds').where({ id: made.body.fund.id }).first()).toBeUndefined();
    expect((await t.api('delete', `/funds/${made.body.fund.id}`, { token: admin.token })).status).toBe(404);
  });

  it('only an ADMIN changes funds', async () => {
    const made = await create({ name: 'Tuition', code: code(), kind: 'revolving' });
    const id = made.body.fund.id;
    for (const token of [finance.token, viewer.token]) {
      expect((await create({ name: 'No', code: code(), kind: 'other' }, token)).status).toBe(403);
      expect((await t.api('put', `/funds/${id}`, { token, body: { name: 'No' } })).status).toBe(403);
      expect((await t.api('delete', `/funds/${id}`, { token })).status).toBe(403);
    }
    expect((await knex()('funds').where({ id }).first()).name).toBe('Tuition');
  });
});
