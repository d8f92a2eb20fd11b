import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildWorld } from '../../test/factories';

// Input the database would refuse, or that a lenient parse would read as something else, stops at
// the edge with a 400 or 415 and changes nothing.
const { t, finance } = useApp(['FINANCE']);

const lineRow = (id: number) =>
  t.db.knex('line_items').where({ id }).first('first_name', 'notes', 'hire_date', 'updated_at');

describe('path ids', () => {
  it('refuses an id written any way but plain digits, instead of acting on another line', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { first_name: 'Pat' });
    const before = await lineRow(id);
    // Number('5e0') is 5, Number('5.0') is 5, Number(' 5') is 5: each used to edit line 5.
    for (const written of [`${id}e0`, `${id}.0`, `%20${id}`, `+${id}`, `0x${id.toString(16)}`]) {
      const res = await t.api('patch', `/line-items/budget/${written}`, {
        token: finance.token,
        body: { firstName: 'Changed' },
      });
      expect(res.status, written).toBe(400);
      expect(res.body.details[0]).toMatchObject({ path: 'id', message: 'Expected a positive whole number' });
    }
    expect(await lineRow(id)).toEqual(before);
    const ok = await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { firstName: 'Pat' },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses an id beyond the integer columns with a 400, not a database error', async () => {
    const res = await t.api('patch', '/line-items/budget/99999999999', {
      token: finance.token,
      body: { firstName: 'X' },
    });
    expect(res.status).toBe(400);
    const query = await t.api('get', '/line-items/fiscal-years?budgetYearId=1e3', { token: finance.token });
    expect(query.status).toBe(400);
  });

  it('reads ids in query strings and lists as plain digits too, on every screen that takes one', async () => {
    const admin = await t.userWith('ADMIN');
    const probes: [string, string, string][] = [
      ['get', '/scenarios/cuts/compare?ids=1e0,2', finance.token],
      ['get', '/scenarios/cuts?budgetYearId=1e0', finance.token],
      ['get', '/cola/multi-year-projection?budgetYearId=1e0&startYear=2027&endYear=2029', finance.token],
      ['get', '/auth/security-log?userId=1e0', admin.token],
      ['get', '/auth/security-log?beforeId=0x10', admin.token],
      ['patch', '/public-dashboard/links/1e0', admin.token],
    ];
    for (const [method, path, token] of probes) {
      const res = await t.api(method, path, { token, body: method === 'patch' ? { title: 'x' } : undefined });
      expect(res.status, path).toBe(400);
    }
  });
});

describe('request bodies', () => {
  it('answers 415 to JSON sent as text/plain or as a form, and writes nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { first_name: 'Pat' });
    const before = await lineRow(id);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.api('patch', `/line-items/budget/${id}`, {
        token: finance.token,
        body: JSON.stringify({ firstName: 'Changed' }),
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error).toBe('Send the request body as application/json');
    }
    expect(await lineRow(id)).toEqual(before);
  });

  it('still takes a call with no body and no content type', async () => {
    const res = await t.api('post', '/auth/logout', { token: (await t.userWith('VIEW_ONLY')).token });
    expect(res.status).toBe(200);
  });

  it('refuses a NUL character in any text with a 400 naming the field, signed in or not', async () => {
    const login = await t.api('post', '/auth/login', {
      body: { email: 'a\u0000@example.org', password: 'x' },
    });
    expect(login.status).toBe(400);
    expect(login.body.details[0].path).toBe('email');
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { first_name: 'Pat' });
    const before = await lineRow(id);
    const edit = await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { notes: 'before\u0000after' },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.details[0].path).toBe('notes');
    const query = await t.api('get', '/line-items/budget?search=a%00b', { token: finance.token });
    expect(query.status).toBe(400);
    expect(await lineRow(id)).toEqual(before);
  });

  it('refuses a date in year 0 (or out of 1900-2199) with a 400, not a database error', async () => {
    const w = await buildWorld(t.db.knex);
    const id = await buildEmployee(t.db.knex, w, { first_name: 'Pat' });
    const before = await lineRow(id);
    for (const hireDate of [
      '0000-01-01',
      '1899-12-31',
      '2200-01-01',
      '2025-02-30',
      '2025-13-45',
      '2024-99-99',
    ]) {
      const res = await t.api('patch', `/line-items/budget/${id}`, {
        token: finance.token,
        body: { hireDate },
      });
      expect(res.status, hireDate).toBe(400);
      expect(res.body.details[0].path).toBe('hireDate');
    }
    expect(await lineRow(id)).toEqual(before);
    const ok = await t.api('patch', `/line-items/budget/${id}`, {
      token: finance.token,
      body: { hireDate: '1999-08-30' },
    });
    expect(ok.status).toBe(200);
  });
});
