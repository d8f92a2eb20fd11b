import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { FIGURES_FY27 } from '../../test/worlds/nss.world';

/**
 * The state figures of a fiscal year: entered by an ADMIN, or imported from a
 * CSV, audited like every other record. Bad input (a negative enrollment, a required NSS of 0, a
 * CSV with a column missing or unknown, a value that cannot be read) is refused with a message
 * naming the value, and nothing is written: not the figures, not an audit row.
 */

const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);

const call = (method: string, path: string, token: string | undefined, body?: unknown) =>
  t.api(method, path, { token, body });

/** Everything a refused call must leave as it was. */
async function snapshot() {
  const db = t.db.knex;
  return {
    figures: await db('nss_state_figures').orderBy('fiscal_year').select('*'),
    municipal: await db('nss_municipal_spending').orderBy(['fiscal_year', 'eoyr_code']).select('*'),
    audit: (await db('audit_log').where({ entity: 'nss-state-figures' }).count({ n: '*' }))[0].n,
  };
}

const HEADER =
  'fiscal_year,foundation_enrollment,foundation_budget,required_local_contribution,chapter70_aid,required_nss,carry_forward,source,municipal_5200,municipal_5200_source,municipal_3300';

describe('PUT /nss/state-figures/:fiscalYear', () => {
  it('returns 401, then 403 for FINANCE, and writes nothing', async () => {
    const before = await snapshot();
    expect((await call('put', '/nss/state-figures/2030', undefined, FIGURES_FY27)).status).toBe(401);
    const res = await call('put', '/nss/state-figures/2030', finance.token, FIGURES_FY27);
    expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a negative enrollment, a required NSS of 0 and a line given twice, naming each, writing nothing', async () => {
    const before = await snapshot();
    const res = await call('put', '/nss/state-figures/2030', admin.token, {
      ...FIGURES_FY27,
      foundationEnrollment: -5,
      requiredNss: 0,
      municipal: [
        { eoyrCode: '5200', amount: 1 },
        { eoyrCode: '5200', amount: 2 },
      ],
    });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(
      res.body.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(byPath.foundationEnrollment).toBe('Foundation enrollment cannot be negative');
    expect(byPath.requiredNss).toContain('divide by zero');
    expect(byPath['municipal.1.eoyrCode']).toBe('Line 5200 is given twice');
    const zeroEnrollment = await call('put', '/nss/state-figures/2030', admin.token, {
      ...FIGURES_FY27,
      foundationEnrollment: 0,
    });
    expect(zeroEnrollment.body.details[0].message).toBe('Foundation enrollment must be more than 0 pupils');
    const badYear = await call('put', '/nss/state-figures/FY1', admin.token, FIGURES_FY27);
    expect(badYear.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('saves a year with its sources and municipal lines, audited on create, update and delete', async () => {
    const created = await call('put', '/nss/state-figures/FY30', admin.token, FIGURES_FY27);
    expect(created.status).toBe(200);
    expect(created.body.created).toBe(true);
    expect(created.body.figures).toMatchObject({
      fiscalYear: 2030,
      foundationEnrollment: 1234.5,
      requiredNss: 10000000,
      requiredNssSource: 'DESE FY27 Chapter 70 aid and required contribution, Jan 2026',
      chapter70AidSource: null,
    });
    const health = created.body.figures.municipal.find((m: { eoyrCode: string }) => m.eoyrCode === '5200');
    expect(health).toMatchObject({
      counts: true,
      amount: 1200000,
      label: 'Health insurance, active school employees',
    });
    const updated = await call('put', '/nss/state-figures/2030', admin.token, {
      ...FIGURES_FY27,
      requiredNss: 10000000.01,
      municipal: [],
    });
    expect(updated.body.created).toBe(false);
    expect(updated.body.figures.municipal).toEqual([]);
    const list = await call('get', '/nss/state-figures', finance.token);
    expect(list.body.figures.map((f: { fiscalYear: number }) => f.fiscalYear)).toContain(2030);
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'nss-state-figures', entity_id: '2030' })
      .orderBy('id');
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1].before.requiredNss).toBe(10000000);
    expect(audit[1].after.requiredNss).toBe(10000000.01);
    expect((await call('delete', '/nss/state-figures/2030', admin.token)).status).toBe(200);
    expect((await call('delete', '/nss/state-figures/2030', admin.token)).status).toBe(404);
    expect(await t.db.knex('nss_municipal_spending').where({ fiscal_year: 2030 })).toEqual([]);
    const last = await t.db
      .knex('audit_log')
      .where({ entity: 'nss-state-figures', entity_id: '2030' })
      .orderBy('id', 'desc')
      .first();
    expect(last.action).toBe('delete');
  });
});

describe('POST /nss/state-figures/import', () => {
  const good =
    `${HEADER}\n` +
    'FY2032,"1,234.50","$9,800,000.00",6000000,4000000,"10,000,000",-50000,DESE FY32 Chapter 70 sheet,"$1,200,000",Town accountant,400000\n' +
    '2033,1250,9900000,6100000,4100000,10200000,,DESE FY33,,,\n';

  it('refuses a file with a column missing or unknown, naming them, and writes nothing', async () => {
    const before = await snapshot();
    const missing = await call('post', '/nss/state-figures/import', admin.token, {
      csv: 'fiscal_year,foundation_enrollment,foundation_budget,chapter70_aid,required_nss\nFY32,1,1,1,1\n',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('Missing column: required_local_contribution');
    const unknown = await call('post', '/nss/state-figures/import', admin.token, {
      csv: good.replace('municipal_3300', 'town_buses').replace('source,', 'notes,'),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('Unknown columns: notes, town_buses');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file with one bad value anywhere, naming the row, column and value, and writes nothing', async () => {
    const before = await snapshot();
    const res = await call('post', '/nss/state-figures/import', admin.token, {
      csv: good
        .replace('2033,1250', '2033,-1250')
        .replace('"10,000,000"', '0')
        .replace(',400000\n', ',lots\n'),
    });
    expect(res.status).toBe(400);
    const messages = res.body.details.map(
      (d: { path: string; message: string }) => `${d.path}: ${d.message}`,
    );
    expect(messages).toContain(
      'row 3, foundation_enrollment: Foundation enrollment cannot be negative (‘-1250’)',
    );
    expect(messages.find((m: string) => m.startsWith('row 2, required_nss'))).toContain('divide by zero');
    expect(messages).toContain('row 2, municipal_3300: ‘lots’ is not an amount');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a year given twice, naming it as every screen names a year (FY32), and writes nothing', async () => {
    const before = await snapshot();
    const res = await call('post', '/nss/state-figures/import', admin.token, {
      csv: `${good}2032,1250,9900000,6100000,4100000,10200000,,DESE FY32,,,\n`,
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'row 4, fiscal_year', message: 'FY32 is in the file twice' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('reads an enrollment with its thousands grouped, and refuses one whose commas are misplaced', async () => {
    const row = (enrollment: string) =>
      `${HEADER}\nFY2031,"${enrollment}",9800000,6000000,4000000,10000000,,DESE FY31,,,\n`;
    const before = await snapshot();
    for (const misplaced of ['1,50,0', '15,00', '1,5']) {
      const res = await call('post', '/nss/state-figures/import', admin.token, { csv: row(misplaced) });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        {
          path: 'row 2, foundation_enrollment',
          message: `‘${misplaced}’ is not a number of pupils (1500 or 1,500, at most 2 decimals)`,
        },
      ]);
    }
    expect(await snapshot()).toEqual(before);
    const thousands = await call('post', '/nss/state-figures/import', admin.token, { csv: row('1,500') });
    expect(thousands.status).toBe(200);
    expect(thousands.body.figures[0]).toMatchObject({ fiscalYear: 2031, foundationEnrollment: 1500 });
    expect((await call('delete', '/nss/state-figures/2031', admin.token)).status).toBe(200);
  });

  it('checks a dry run without writing, then imports every year, audited', async () => {
    const before = await snapshot();
    const dry = await call('post', '/nss/state-figures/import', admin.token, { csv: good, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.dryRun).toBe(true);
    expect(dry.body.years).toEqual([
      { fiscalYear: 2032, created: true },
      { fiscalYear: 2033, created: true },
    ]);
    expect(await snapshot()).toEqual(before);
    const res = await call('post', '/nss/state-figures/import', admin.token, { csv: good });
    expect(res.status).toBe(200);
    const fy32 = res.body.figures[0];
    expect(fy32).toMatchObject({
      fiscalYear: 2032,
      foundationEnrollment: 1234.5,
      foundationBudget: 9800000,
      requiredNss: 10000000,
      carryForward: -50000,
      requiredNssSource: 'DESE FY32 Chapter 70 sheet',
    });
    expect(fy32.municipal).toEqual([
      expect.objectContaining({
        eoyrCode: '3300',
        amount: 400000,
        counts: false,
        source: 'DESE FY32 Chapter 70 sheet',
      }),
      expect.objectContaining({ eoyrCode: '5200', amount: 1200000, counts: true, source: 'Town accountant' }),
    ]);
    expect(res.body.figures[1]).toMatchObject({ fiscalYear: 2033, carryForward: 0, municipal: [] });
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'nss-state-figures' })
      .whereIn('entity_id', ['2032', '2033']);
    expect(audit).toHaveLength(2);
    expect((await call('post', '/nss/state-figures/import', finance.token, { csv: good })).status).toBe(403);
  });
});
