import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicView } from '@shared/schemas/public-dashboard';
import type { PublicPreview } from '@shared/schemas/public-dashboard-preview';
import { forgetPublicViews, publicViewForPath } from '@server/domains/public-dashboard/public-dashboard-view';
import { useApp } from '../../test/use-app';
import { sumCents } from '../../test/factories';
import { buildPublicWorld, FY, type PublicWorld } from '../../test/worlds/public-dashboard.world';

/**
 * Residents see only what was published. Save Settings, links, a logo and the
 * section switches change the draft, which the admin's preview shows at once; the public JSON, CSV
 * and page stay as they were until Publish, then show all of it.
 */
const { t, admin } = useApp(['ADMIN']);
let w: PublicWorld;
let configId: number;
let hearingId: number;
const PATH = 'draft-district';
const NEW_PATH = 'draft-district-2';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const view = (path = PATH) => t.api('get', `/public-dashboard/view/${path}`);
const csv = async (path = PATH) =>
  (await fetch(`${t.url}/api/public-dashboard/view/${path}/data.csv`)).text();
const preview = async (query = ''): Promise<PublicPreview> => {
  const res = await t.api('get', `/public-dashboard/preview${query}`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const configure = async (body: object) => {
  const res = await t.api('patch', `/public-dashboard/config/${configId}`, { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const publish = async () => {
  const res = await t.api('post', `/public-dashboard/publish/${configId}`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
async function uploadLogo(): Promise<string> {
  const form = new FormData();
  form.append('logo', new File([new Uint8Array(PNG)], 'crest.png'));
  const res = await fetch(`${t.url}/api/public-dashboard/upload-logo`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

/** What residents get at the path: the JSON (with its ETag), the CSV and the page's view. */
async function residents(path = PATH) {
  forgetPublicViews(t.app);
  const json = await view(path);
  return {
    status: json.status,
    body: json.body as PublicView,
    etag: json.headers.get('etag'),
    csv: await csv(path),
    page: await publicViewForPath(t.app, path),
  };
}

beforeAll(async () => {
  w = await buildPublicWorld(t.db.knex);
  configId = (await t.api('get', '/public-dashboard/config', { token: admin.token })).body.config.id;
  await configure({
    urlPath: PATH,
    schoolName: 'Springfield Public Schools',
    publishedYears: [FY],
    showHeadcountChart: true,
  });
  const link = await t.api('post', `/public-dashboard/${configId}/links`, {
    token: admin.token,
    body: { title: 'Budget hearing', url: 'https://youtu.be/dQw4w9WgXcQ', linkType: 'video' },
  });
  hearingId = link.body.link.id;
  for (const title of ['Budget book', 'Parent survey']) {
    await t.api('post', `/public-dashboard/${configId}/links`, {
      token: admin.token,
      body: { title, url: 'https://example.org/book.pdf', linkType: 'document' },
    });
  }
  await publish();
});

describe('GET /public-dashboard/preview', () => {
  it('returns 401 without sign-in and 403 for VIEW_ONLY and FINANCE', async () => {
    expect((await t.api('get', '/public-dashboard/preview')).status).toBe(401);
    for (const role of ['VIEW_ONLY', 'FINANCE'] as const) {
      const res = await t.api('get', '/public-dashboard/preview', { token: (await t.userWith(role)).token });
      expect(res.status).toBe(403);
    }
  });

  it('returns 400 for years that are not fiscal years', async () => {
    const res = await t.api('get', '/public-dashboard/preview?years=2026,next', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toMatch(/^years/);
  });

  it('equals the published view right after Publish, with nothing to change', async () => {
    const p = await preview();
    const now = (await residents()).body;
    const { changes, problems, lastPublishedAt, publishedUrlPath, sources, confirmations, ...asView } = p;
    expect({ changes, problems, confirmations, lastPublishedAt, publishedUrlPath }).toEqual({
      changes: [],
      problems: [],
      confirmations: [],
      lastPublishedAt: now.publishedAt,
      publishedUrlPath: PATH,
    });
    expect(sources.map((s) => [s.fiscalYear, s.budgetYearId])).toEqual([[FY, w.budgetYearId]]);
    // The same page, but for when it was taken.
    const undated = (v: PublicView) => ({
      ...v,
      publishedAt: '',
      data: Object.fromEntries(Object.entries(v.data).map(([k, d]) => [k, d && { ...d, publishedAt: '' }])),
    });
    expect(undated(asView)).toEqual(undated(now));
    // A draft year: no stage yet.
    expect(now.data[String(FY)]!.stageLabel).toBeNull();
  });
});

describe('the draft and Publish', () => {
  let before: Awaited<ReturnType<typeof residents>>;
  let logoUrl: string;

  beforeAll(async () => {
    before = await residents();
    expect(before.status).toBe(200);
    expect(before.body.schoolName).toBe('Springfield Public Schools');
  });

  it('changes nothing residents see on Save Settings, a logo, a link added, edited, hidden or deleted, or a section switched', async () => {
    const unchanged = async (what: string) => {
      const now = await residents();
      expect(now.body, what).toEqual(before.body);
      expect(now.etag, what).toBe(before.etag);
      expect(now.csv, what).toBe(before.csv);
      expect(now.page, what).toEqual(before.body);
    };
    // Save Settings: the whole form.
    await configure({
      urlPath: PATH,
      schoolName: 'Springfield Regional Schools',
      townWebsiteUrl: 'https://springfield.example.gov',
      schoolWebsiteUrl: 'https://schools.springfield.example',
      publishedYears: [FY],
      componentOrder:
        'budgetStatus,schoolInfo,progressBar,categoryChart,buildingChart,salaryCharts,headcountChart,links,townLinks',
    });
    await unchanged('Save Settings');
    logoUrl = await uploadLogo();
    await configure({ schoolLogoUrl: logoUrl });
    await unchanged('a logo uploaded and saved');
    await t.api('post', `/public-dashboard/${configId}/links`, {
      token: admin.token,
      body: {
        title: 'Town meeting warrant',
        url: 'https://springfield.example.gov/warrant',
        linkType: 'document',
      },
    });
    await unchanged('Add Link');
    const links = (await t.api('get', `/public-dashboard/${configId}/links`, { token: admin.token })).body
      .links;
    const book = links.find((l: { title: string }) => l.title === 'Budget book');
    await t.api('patch', `/public-dashboard/links/${hearingId}`, {
      token: admin.token,
      body: { title: 'FY26 budget hearing', url: 'https://youtu.be/dQw4w9WgXcQ', linkType: 'video' },
    });
    await unchanged('Edit Link');
    expect((await t.api('delete', `/public-dashboard/links/${book.id}`, { token: admin.token })).status).toBe(
      200,
    );
    await unchanged('Delete Link');
    const survey = links.find((l: { title: string }) => l.title === 'Parent survey');
    await t.api('patch', `/public-dashboard/links/${survey.id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    await unchanged('Hide Link');
    // Switching sections on, and switching off one that holds no figures, waits for Publish too.
    await configure({ showSalaryCharts: true, showTownLinks: false });
    await unchanged('section switches');
  });

  it('shows all of it at once in the preview, naming each change against the published page', async () => {
    const p = await preview();
    expect(p.schoolName).toBe('Springfield Regional Schools');
    expect(p.schoolLogoUrl).toBe(logoUrl);
    expect(p.townWebsiteUrl).toBe('https://springfield.example.gov');
    expect(p.links.map((l) => l.title)).toEqual(['FY26 budget hearing', 'Town meeting warrant']);
    expect(p.visibleComponents).toContain('salaryCharts');
    expect(p.visibleComponents).not.toContain('townLinks');
    expect(p.visibleComponents.slice(0, 2)).toEqual(['budgetStatus', 'schoolInfo']);
    expect(p.data[String(FY)]!.salaryData).not.toBeNull();
    expect(p.changes).toEqual([
      'School name changed',
      'Logo added',
      'Town website added',
      'School website added',
      'Section order changed',
      'Salary charts shown',
      'Town links hidden',
      '1 link added',
      '2 links removed',
      '1 link changed',
    ]);
    expect(p.problems).toEqual([]);
    expect(p.lastPublishedAt).toBe(before.body.publishedAt);
    // Residents still have none of it.
    expect((await residents()).body).toEqual(before.body);
  });

  it('keeps the page at its address until Publish moves it', async () => {
    await configure({ urlPath: NEW_PATH });
    expect((await residents()).body).toEqual(before.body);
    expect((await view(NEW_PATH)).status).toBe(404);
    const p = await preview();
    expect(p.urlPath).toBe(NEW_PATH);
    expect(p.publishedUrlPath).toBe(PATH);
    expect(p.changes[0]).toBe(`Address changes to /public/${NEW_PATH}`);
  });

  it('withdraws a section of figures at once when it is switched off (what is switched off is not sent)', async () => {
    await configure({ showHeadcountChart: false });
    const now = await residents();
    expect(now.body.visibleComponents).not.toContain('headcountChart');
    expect(now.body.data[String(FY)]!.locationData).toBeNull();
    expect(now.csv).not.toContain('Staff by location');
    // Nothing else moved: the name, links and address are still the published ones.
    expect(now.body.schoolName).toBe('Springfield Public Schools');
    expect(now.body.links).toEqual(before.body.links);
    expect((await preview()).changes).not.toContain('Headcount chart hidden');
  });

  it('shows every saved change to residents after Publish, at the new address, and the preview has nothing left', async () => {
    const result = await publish();
    expect(result.publicPath).toBe(`/public/${NEW_PATH}`);
    expect((await view(PATH)).status).toBe(404);
    const now = await residents(NEW_PATH);
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({
      urlPath: NEW_PATH,
      schoolName: 'Springfield Regional Schools',
      schoolLogoUrl: logoUrl,
      townWebsiteUrl: 'https://springfield.example.gov',
      schoolWebsiteUrl: 'https://schools.springfield.example',
      publishedAt: result.publishedAt,
    });
    expect(now.body.links).toEqual([
      {
        title: 'FY26 budget hearing',
        description: null,
        url: 'https://youtu.be/dQw4w9WgXcQ',
        linkType: 'video',
        videoId: 'dQw4w9WgXcQ',
      },
      {
        title: 'Town meeting warrant',
        description: null,
        url: 'https://springfield.example.gov/warrant',
        linkType: 'document',
        videoId: null,
      },
    ]);
    expect(now.body.visibleComponents).toEqual([
      'budgetStatus',
      'schoolInfo',
      'progressBar',
      'categoryChart',
      'buildingChart',
      'salaryCharts',
      'links',
    ]);
    expect(now.body.data[String(FY)]!.totalBudget).toBe(sumCents(w.proposed.map((p) => p.amount)) / 100);
    expect(now.page).toEqual(now.body);
    expect((await preview()).changes).toEqual([]);
    const audit = await t.db
      .knex('audit_log')
      .where({ entity: 'public-dashboard', action: 'publish' })
      .orderBy('id', 'desc')
      .first();
    expect(audit.after).toMatchObject({ schoolName: 'Springfield Regional Schools' });
  });
});

describe('the stage of a published year', () => {
  it("names the stage in the preview at once and on residents' page from the next Publish", async () => {
    const advanced = await t.api('post', '/budget-stages/advance', {
      token: admin.token,
      body: {
        budgetYearId: w.budgetYearId,
        fiscalYear: FY,
        stage: 'SUPERINTENDENT_RECOMMENDED',
        date: '2026-02-10',
      },
    });
    expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
    // The admin's dashboard is told the vote is not what residents see.
    const stagesNow = async () =>
      (
        await t.api('get', `/budget-stages?budgetYearId=${w.budgetYearId}&fiscalYear=${FY}`, {
          token: admin.token,
        })
      ).body;
    const before = await stagesNow();
    expect(before.current.stageLabel).toBe("Superintendent's Recommended");
    expect(before.published).toMatchObject({ stageLabel: null });
    const p = await preview();
    expect(p.data[String(FY)]!.stageLabel).toBe("Superintendent's Recommended");
    expect(p.changes).toEqual(["FY26 is now Superintendent's Recommended"]);
    expect((await residents(NEW_PATH)).body.data[String(FY)]!.stageLabel).toBeNull();
    await publish();
    expect((await residents(NEW_PATH)).body.data[String(FY)]!.stageLabel).toBe(
      "Superintendent's Recommended",
    );
    const after = await stagesNow();
    expect(after.published.stageLabel).toBe("Superintendent's Recommended");
    expect(Date.parse(after.published.publishedAt)).toBeGreaterThan(Date.parse(before.published.publishedAt));
  });
});
