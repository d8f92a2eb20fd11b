import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

// A fund's name is what every Fund dropdown shows: two funds of one name (in any letter case,
// with any spaces around it) cannot be told apart there, so the second is refused like a taken code.
const { t, admin } = useApp(['ADMIN']);
let seq = 0;

const knex = () => t.db.knex;
const fundRows = () => knex()('funds').select('*').orderBy('id');
const auditCount = async () => Number((await knex()('audit_log').count<{ n: string }[]>({ n: '*' }))[0]!.n);
const code = () => `N${process.pid % 1000}x${++seq}`;

const create = (body: Record<string, unknown>) => t.api('post', '/funds', { token: admin.token, body });
const update = (id: number, body: Record<string, unknown>) =>
  t.api('put', `/funds/${id}`, { token: admin.token, body });

/** The 400's field messages, keyed by field. */
const fieldErrors = (body: { details: { path: string; message: string }[] }) =>
  Object.fromEntries(body.details.map((d) => [d.path, d.message]));

describe('fund names', () => {
  it('refuses a second fund named like one saved (any letter case, spaces around it): nothing written', async () => {
    const titleCode = code();
    const made = await create({ name: 'Title I, Part A', code: titleCode, kind: 'federal_grant' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const before = await fundRows();
    const audits = await auditCount();

    for (const name of ['Title I, Part A', '  title i, PART a  ']) {
      const res = await create({ name, code: code(), kind: 'state_grant', awardAmount: 250000 });
      expect(res.status, name).toBe(400);
      expect(fieldErrors(res.body).name).toBe(
        `A fund named "Title I, Part A" already exists (code ${titleCode})`,
      );
    }
    // Refused on both counts at once: the clerk sees each field's trouble.
    const both = await create({ name: 'TITLE I, PART A', code: titleCode, kind: 'other' });
    expect(fieldErrors(both.body)).toMatchObject({
      name: `A fund named "Title I, Part A" already exists (code ${titleCode})`,
      code: `Fund code ${titleCode} is already Title I, Part A's`,
    });
    expect(await fundRows()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("refuses renaming a fund onto another's name, and allows its own name (or a case change of it)", async () => {
    const idea = await create({ name: 'IDEA Entitlement', code: code(), kind: 'federal_grant' });
    const other = await create({ name: 'Early Literacy', code: code(), kind: 'state_grant' });
    const id = other.body.fund.id as number;
    const before = await fundRows();

    const onto = await update(id, { name: ' idea entitlement ' });
    expect(onto.status).toBe(400);
    expect(fieldErrors(onto.body).name).toBe(
      `A fund named "IDEA Entitlement" already exists (code ${idea.body.fund.code})`,
    );
    expect(await fundRows()).toEqual(before);

    // Saved with its own name as the form sends it, then with only its letter case changed.
    const same = await update(id, { name: 'Early Literacy', awardAmount: 1000 });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const cased = await update(id, { name: 'EARLY LITERACY' });
    expect(cased.status, JSON.stringify(cased.body)).toBe(200);
    expect(cased.body.fund).toMatchObject({ name: 'EARLY LITERACY', awardAmount: 1000 });

    // A pair named alike before the check came (written straight to the table): each keeps its name
    // through a save of its other values; only a rename is checked.
    await knex()('funds').insert({
      name: 'Early literacy ',
      code: code(),
      kind: 'other',
      counts_toward_nss: false,
    });
    const kept = await update(id, { name: 'EARLY LITERACY', note: 'FY27 award' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    // The general fund keeps its own name too.
    const general = (await knex()('funds').where({ kind: 'general' }).first())!;
    const unchanged = await update(general.id, { name: general.name });
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
  });

  it('lets one of several admins adding a fund of one name at once win; the others are told', async () => {
    const name = `Summer Learning ${process.pid}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => create({ name, code: code(), kind: 'state_grant' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect(fieldErrors(r.body).name).toMatch(/^A fund named "Summer Learning \d+" already exists/);
    }
    expect(await knex()('funds').where({ name })).toHaveLength(1);
  });
});
