import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

const { t, admin } = useApp(['ADMIN']);
let budgetYearId: number;
beforeAll(async () => {
  const [by] = await t.db
    .knex('budget_years')
    .insert({ fiscal_year: 'FY31', name: 'FY31', current_fiscal_year: 2031 })
    .returning('id');
  budgetYearId = by.id;
});

const versionCount = async () => Number((await t.db.knex('budget_versions').count('* as c'))[0].c);

describe('POST /versions', () => {
  it('returns 401 without a token', async () => {
    expect((await t.api('post', '/versions', { body: { fiscalYear: 'FY26', label: 'A' } })).status).toBe(401);
  });

  it('returns 400 with the form’s messages, and for unknown fields or a status other than DRAFT', async () => {
    const before = await versionCount();
    const missing = await t.api('post', '/versions', { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    const blank = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: '', label: '   ' },
    });
    for (const res of [missing, blank]) {
      expect(res.body.details).toEqual(
        expect.arrayContaining([
          { path: 'fiscalYear', message: 'Please select a fiscal year' },
          { path: 'label', message: 'Please enter a version label' },
        ]),
      );
    }
    const badYear = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 'next year', label: 'A' },
    });
    expect(badYear.body.details).toEqual([{ path: 'fiscalYear', message: 'Invalid fiscal year: next year' }]);
    const final = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 'FY31', label: 'A', status: 'FINAL' },
    });
    expect(final.body.details).toEqual([
      { path: 'status', message: 'A new version is always created as DRAFT' },
    ]);
    const extra = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 'FY31', label: 'A', isActive: true },
    });
    expect(extra.status).toBe(400);
    expect(await versionCount()).toBe(before);
  });

  it('returns 403 for FINANCE and VIEW_ONLY', async () => {
    for (const role of ['FINANCE', 'VIEW_ONLY'] as const) {
      const u = await t.userWith(role);
      expect(
        (await t.api('post', '/versions', { token: u.token, body: { fiscalYear: 'FY31', label: 'A' } }))
          .status,
      ).toBe(403);
    }
  });

  it('creates DRAFT versions numbered within their fiscal year, uploaded by the signed-in user', async () => {
    const first = await t.api('post', '/versions', {
      token: admin.token,
      body: {
        fiscalYear: 'FY31',
        label: '  Preliminary  ',
        description: '',
        status: 'DRAFT',
        uploadedBy: 'admin',
        budgetYearId,
      },
    });
    expect(first.status).toBe(201);
    expect(first.body.version).toMatchObject({
      label: 'Preliminary',
      fiscalYear: 2031,
      versionNumber: 1,
      description: null,
      status: 'DRAFT',
      isActive: false,
      uploadedBy: admin.id,
      budgetYearId,
    });
    const second = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 2031, label: 'Final draft', description: 'For the committee', uploadedBy: 12345 },
    });
    expect(second.body.version).toMatchObject({
      versionNumber: 2,
      uploadedBy: admin.id,
      description: 'For the committee',
    });
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'budget-version', entity_id: String(first.body.version.id) });
    expect(audit).toHaveLength(1);
  });

  it('returns 409 for a label already used in that fiscal year (any case), and 404 for an unknown budget year', async () => {
    await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 'FY32', label: 'Town Meeting' },
    });
    const before = await versionCount();
    const dup = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 'FY32', label: 'town meeting' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('A version labelled "town meeting" already exists for FY32');
    const ghost = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 'FY32', label: 'X', budgetYearId: 999_999 },
    });
    expect(ghost.status).toBe(404);
    expect(await versionCount()).toBe(before);
    const otherYear = await t.api('post', '/versions', {
      token: admin.token,
      body: { fiscalYear: 'FY33', label: 'Town Meeting' },
    });
    expect(otherYear.status).toBe(201);
  });
});

describe('GET /versions', () => {
  it('returns 401, 400 for a bad fiscal year, and 403 for FINANCE', async () => {
    expect((await t.api('get', '/versions')).status).toBe(401);
    expect((await t.api('get', '/versions?fiscalYear=soon', { token: admin.token })).status).toBe(400);
    const u = await t.userWith('FINANCE');
    expect((await t.api('get', '/versions', { token: u.token })).status).toBe(403);
  });

  it('lists versions newest first, filtered by fiscal year or budget year', async () => {
    const all = await t.api('get', '/versions', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.versions.length).toBeGreaterThanOrEqual(4);
    const fy31 = await t.api('get', '/versions?fiscalYear=FY31', { token: admin.token });
    expect(fy31.body.versions.map((v: { label: string }) => v.label)).toEqual(['Final draft', 'Preliminary']);
    expect(fy31.body.versions[1]).toMatchObject({ uploadedByName: expect.stringContaining('ADMIN User') });
    const byYear = await t.api('get', `/versions?budgetYearId=${budgetYearId}&fiscalYear=2031`, {
      token: admin.token,
    });
    expect(byYear.body.versions.map((v: { label: string }) => v.label)).toEqual([
      'Final draft',
      'Preliminary',
    ]);
  });
});
