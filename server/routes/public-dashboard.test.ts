import { describe, expect, it } from 'vitest';
import { can, anonymousActor, POLICY, type Action } from '@server/policies/index';
import { allRoutes } from '@server/routes/index';
import { DEFAULT_COMPONENT_ORDER } from '@shared/schemas/public-dashboard';
import { useApp } from '../../test/use-app';

/** The public dashboard's configuration and links (ADMIN), as the admin screen drives them. */
const { t, admin } = useApp(['ADMIN']);
let configId: number;

const configRow = () => t.db.knex('public_dashboard_configs').where({ id: configId }).first();
const linkRows = () => t.db.knex('public_dashboard_links').where({ config_id: configId }).orderBy('id');
const auditCount = () =>
  t.db
    .knex('audit_log')
    .whereIn('entity', ['public-dashboard', 'public-dashboard-link'])
    .count<{ count: string }[]>('* as count')
    .then((r) => Number(r[0].count));

describe('the anonymous actor', () => {
  it('is refused by every permission in the policy table', () => {
    for (const action of Object.keys(POLICY) as Action[]) {
      expect(can(anonymousActor, action), action).toBe(false);
    }
  });

  it('is what public routes run as: none of them is an ADMIN route in disguise', () => {
    const publicPaths = allRoutes.filter((r) => r.action === 'public').map((r) => r.path);
    expect(publicPaths).toEqual(
      expect.arrayContaining([
        '/public-dashboard/view/:urlPath',
        '/public-dashboard/view/:urlPath/data.csv',
        '/public-dashboard/logos/:file',
      ]),
    );
    expect(publicPaths.filter((p) => p.startsWith('/public-dashboard'))).toHaveLength(3);
  });
});

describe('GET /public-dashboard/config', () => {
  it('refuses without sign-in (401) and for VIEW_ONLY and FINANCE (403), making nothing', async () => {
    expect((await t.api('get', '/public-dashboard/config')).status).toBe(401);
    for (const role of ['VIEW_ONLY', 'FINANCE'] as const) {
      const res = await t.api('get', '/public-dashboard/config', { token: (await t.userWith(role)).token });
      expect(res.status).toBe(403);
    }
    expect(await t.db.knex('public_dashboard_configs').count('* as n').first()).toEqual({ n: 0 });
  });

  it('makes the default row on first read, once, unpublished with salary charts hidden', async () => {
    const first = await t.api('get', '/public-dashboard/config', { token: admin.token });
    expect(first.status).toBe(200);
    const again = await t.api('get', '/public-dashboard/config', { token: admin.token });
    expect(again.body.config.id).toBe(first.body.config.id);
    configId = first.body.config.id;
    expect(first.body.config).toMatchObject({
      isPublished: false,
      publishedAt: null,
      publishedYears: [],
      componentOrder: DEFAULT_COMPONENT_ORDER,
      showBudgetStatus: true,
      showSalaryCharts: false,
      showProjectedEmployees: false,
      dataChangedSincePublish: false,
    });
    expect(await t.db.knex('public_dashboard_configs').count('* as n').first()).toEqual({ n: 1 });
  });
});

describe('PATCH /public-dashboard/config/:id', () => {
  const settings = {
    urlPath: 'springfield-schools',
    schoolName: 'Springfield Public Schools',
    schoolLogoUrl: 'https://example.org/logo.png',
    townWebsiteUrl: 'https://springfield.example.gov',
    schoolWebsiteUrl: 'http://schools.example.org/',
    publishedYears: [2027, 2026],
    componentOrder:
      'links,schoolInfo,budgetStatus,progressBar,categoryChart,buildingChart,salaryCharts,headcountChart,townLinks',
  };

  it('saves the full settings, sorted years, and audits the change', async () => {
    const before = await auditCount();
    const res = await t.api('patch', `/public-dashboard/config/${configId}`, {
      token: admin.token,
      body: settings,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.config).toMatchObject({ ...settings, publishedYears: [2026, 2027], isPublished: false });
    const row = await configRow();
    expect(row.url_path).toBe('springfield-schools');
    expect(row.published_years).toEqual([2026, 2027]);
    expect(await auditCount()).toBe(before + 1);
  });

  it('changes a single show flag and nothing else', async () => {
    const res = await t.api('patch', `/public-dashboard/config/${configId}`, {
      token: admin.token,
      body: { showSalaryCharts: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.config).toMatchObject({
      showSalaryCharts: true,
      schoolName: 'Springfield Public Schools',
    });
    expect((await configRow()).show_salary_charts).toBe(true);
  });

  it.each([
    [{ urlPath: 'has space' }, 'urlPath', 'letters, digits'],
    [{ urlPath: '../etc' }, 'urlPath', 'letters, digits'],
    [{ urlPath: '' }, 'urlPath', 'URL path is required'],
    [{ townWebsiteUrl: 'javascript:alert(1)' }, 'townWebsiteUrl', 'Town website URL must be a web address'],
    [{ schoolWebsiteUrl: 'data:text/html,<b>x</b>' }, 'schoolWebsiteUrl', 'School website URL must'],
    [{ schoolLogoUrl: 'javascript:alert(1)' }, 'schoolLogoUrl', 'School logo URL must'],
    [{ componentOrder: 'links,links' }, 'componentOrder', 'Component order must list only'],
    [{ componentOrder: 'links,evil' }, 'componentOrder', 'Component order must list only'],
    [{ publishedYears: [2026.5] }, 'publishedYears.0', 'fiscal years'],
    [{ showSalaryCharts: 'yes' }, 'showSalaryCharts', ''],
    [{ isPublished: true }, '', 'isPublished'],
    [{}, '', 'Nothing to update'],
  ])('refuses %j with 400 naming %s, writing nothing', async (body, path, message) => {
    const before = await configRow();
    const audits = await auditCount();
    const res = await t.api('patch', `/public-dashboard/config/${configId}`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    if (path) {
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await configRow()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a URL path another dashboard uses with 409, writing nothing', async () => {
    await t.db.knex('public_dashboard_configs').insert({ url_path: 'taken-path' });
    const before = await configRow();
    const res = await t.api('patch', `/public-dashboard/config/${configId}`, {
      token: admin.token,
      body: { urlPath: 'taken-path', schoolName: 'Changed' },
    });
    expect(res.status).toBe(409);
    expect(res.body.details).toEqual([{ path: 'urlPath', message: expect.stringContaining('already used') }]);
    expect(await configRow()).toEqual(before);
    await t.db.knex('public_dashboard_configs').where({ url_path: 'taken-path' }).delete();
  });

  it('answers 404 for a dashboard that does not exist', async () => {
    const res = await t.api('patch', '/public-dashboard/config/999999', {
      token: admin.token,
      body: { showLinks: false },
    });
    expect(res.status).toBe(404);
  });

  it('is refused for VIEW_ONLY and FINANCE (403) before the body is read', async () => {
    for (const role of ['VIEW_ONLY', 'FINANCE'] as const) {
      const res = await t.api('patch', `/public-dashboard/config/${configId}`, {
        token: (await t.userWith(role)).token,
        body: { schoolName: 'Hijacked' },
      });
      expect(res.status).toBe(403);
    }
    expect((await configRow()).school_name).toBe('Springfield Public Schools');
  });
});

describe('links', () => {
  let linkId: number;

  it('adds website, document and video links, in order, and lists them', async () => {
    const add = (body: object) =>
      t.api('post', `/public-dashboard/${configId}/links`, { token: admin.token, body });
    const site = await add({
      title: 'Budget book',
      url: 'https://example.org/budget.pdf',
      linkType: 'document',
    });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    linkId = site.body.link.id;
    const video = await add({
      title: 'Budget hearing',
      description: 'The March hearing',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      linkType: 'video',
    });
    expect(video.body.link).toMatchObject({ videoId: 'dQw4w9WgXcQ', isActive: true, displayOrder: 1 });
    const list = await t.api('get', `/public-dashboard/${configId}/links`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.links.map((l: { title: string }) => l.title)).toEqual(['Budget book', 'Budget hearing']);
  });

  it.each([
    [{ title: '', url: 'https://example.org' }, 'Title and URL are required'],
    [{ title: 'No URL' }, 'Title and URL are required'],
    [{ title: 'x', url: 'https://example.org/not-youtube', linkType: 'video' }, 'Invalid YouTube URL/ID'],
    [{ title: 'x', url: 'too-short', linkType: 'video' }, 'Invalid YouTube URL/ID'],
    [{ title: 'x', url: 'javascript:alert(1)' }, 'URL must be a web address'],
    [{ title: 'x', url: 'data:text/html,hi', linkType: 'document' }, 'URL must be a web address'],
    [{ title: 'x', url: 'https://example.org', linkType: 'podcast' }, 'Link type must be one of'],
  ])('refuses %j with 400 (%s), adding nothing', async (body, message) => {
    const before = await linkRows();
    const res = await t.api('post', `/public-dashboard/${configId}/links`, { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await linkRows()).toEqual(before);
  });

  it('edits a link, hides and shows it, and refuses turning it into a video without a YouTube URL', async () => {
    const edit = await t.api('patch', `/public-dashboard/links/${linkId}`, {
      token: admin.token,
      body: {
        title: 'FY27 budget book',
        description: '',
        url: 'https://example.org/fy27.pdf',
        linkType: 'document',
      },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.link).toMatchObject({ title: 'FY27 budget book', description: null });
    const hide = await t.api('patch', `/public-dashboard/links/${linkId}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(hide.body.link.isActive).toBe(false);
    const before = await linkRows();
    const bad = await t.api('patch', `/public-dashboard/links/${linkId}`, {
      token: admin.token,
      body: { linkType: 'video' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Invalid YouTube URL/ID');
    expect(await linkRows()).toEqual(before);
  });

  it('deletes a link (audited) and answers 404 for it afterwards', async () => {
    const audits = await auditCount();
    expect((await t.api('delete', `/public-dashboard/links/${linkId}`, { token: admin.token })).status).toBe(
      200,
    );
    expect((await linkRows()).map((l) => l.id)).not.toContain(linkId);
    expect(await auditCount()).toBe(audits + 1);
    expect((await t.api('delete', `/public-dashboard/links/${linkId}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('refuses every link route to VIEW_ONLY and FINANCE', async () => {
    const [link] = await linkRows();
    for (const role of ['VIEW_ONLY', 'FINANCE'] as const) {
      const token = (await t.userWith(role)).token;
      expect((await t.api('get', `/public-dashboard/${configId}/links`, { token })).status).toBe(403);
      const add = await t.api('post', `/public-dashboard/${configId}/links`, {
        token,
        body: { title: 'x', url: 'https://example.org' },
      });
      expect(add.status).toBe(403);
      const hide = await t.api('patch', `/public-dashboard/links/${link.id}`, {
        token,
        body: { isActive: false },
      });
      expect(hide.status).toBe(403);
      expect((await t.api('delete', `/public-dashboard/links/${link.id}`, { token })).status).toBe(403);
    }
    expect((await linkRows())[0]).toEqual(link);
  });
});
