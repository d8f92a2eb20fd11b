// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicDashboardConfig } from '@web/api/public-dashboard';
import { formatDateTime } from '@web/lib/format';
import { residentPreview } from '@web/test/public-view';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { PublicDashboardConfigScreen } from './index';

// QA found the Publish panel writing a stage's date 'March 12, 2027' (residents' caption) beside
// 'Dec 1, 2026, 3:00 PM' for when it was published, where Budget Stages writes the same vote. Both
// screens now write a date as the app's formatDay does ('Mar 12, 2027') and a time as its
// formatDateTime does; Budget Stages' test asserts the same caption.

const admin = makeUser();
const PUBLISHED_AT = '2026-12-01T15:00:00.000Z';
const PUBLISHED_NOW = '2027-03-20T14:30:00.000Z';
const CAPTION = 'School Committee Adopted, voted Mar 12, 2027';

const config = {
  id: 4,
  urlPath: 'district',
  schoolName: 'Harbor View Schools',
  schoolLogoUrl: null,
  townWebsiteUrl: null,
  schoolWebsiteUrl: null,
  publishedYears: [2027],
  isPublished: true,
  publishedAt: PUBLISHED_AT,
  componentOrder: '',
  showSchoolInfo: true,
  showBudgetStatus: true,
  showProgressBar: true,
  showCategoryChart: true,
  showBuildingChart: true,
  showSalaryCharts: true,
  showHeadcountChart: true,
  showLinks: true,
  showTownLinks: true,
  showProjectedEmployees: false,
  funds: 'all',
  dataChangedSincePublish: true,
} as unknown as PublicDashboardConfig;

/** FY2027 from budget year FY26, voted by the committee on Mar 12, 2027, as the server names it. */
const source = {
  budgetYearId: 2,
  budgetYearLabel: 'FY26',
  stage: 'SCHOOL_COMMITTEE_ADOPTED' as const,
  stageDate: '2027-03-12',
  stageCaption: 'School Committee Adopted, voted March 12, 2027',
};

const preview = residentPreview({
  visibleComponents: ['budgetStatus'],
  years: [2027],
  data: {
    '2027': {
      fiscalYear: 2027,
      publishedAt: PUBLISHED_AT,
      totalBudget: 100,
      townGoal: 100,
      hasTownGoal: true,
      guidanceGap: 0,
      categoryBreakdown: [],
      buildingBreakdown: [],
      salaryData: null,
      locationData: null,
      perPupil: null,
      deseBreakdown: [],
      includesProjectedEmployees: false,
      stage: 'SCHOOL_COMMITTEE_ADOPTED',
      stageLabel: 'School Committee Adopted',
      stageCaption: source.stageCaption,
    },
  },
  publishedAt: PUBLISHED_AT,
  changes: ['FY27 figures changed'],
  sources: [{ fiscalYear: 2027, budgetYearId: 2, options: [source] }],
});

function renderScreen() {
  storeSession(admin);
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/public-dashboard/config': { config },
    '/api/line-items/all-fiscal-years': { fiscalYears: [{ fiscalYear: 2027, itemCount: 3 }] },
    '/api/public-dashboard/4/links': { links: [] },
    '/api/public-dashboard/preview': preview,
    '/api/public-dashboard/publish/4': () =>
      jsonResponse(200, {
        config: { ...config, publishedAt: PUBLISHED_NOW, dataChangedSincePublish: false },
        publishedYears: [2027],
        sources: [{ fiscalYear: 2027, ...source }],
        publishedAt: PUBLISHED_NOW,
        publicPath: 'district',
      }),
  });
  renderRoutes('/p', [{ path: 'p', element: <PublicDashboardConfigScreen /> }]);
}

describe('Public Dashboard: the Publish panel and the preview write dates as Budget Stages does', () => {
  it('writes the stage date as Mar 12, 2027 and each time as formatDateTime does', async () => {
    renderScreen();
    const years = await screen.findByRole('list', { name: 'Years residents would see' });
    expect(years.textContent).toBe(`FY27: budget year FY26, ${CAPTION}, $100`);

    const published = formatDateTime(PUBLISHED_AT);
    expect(published).toMatch(/^Dec 1, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    const status = screen.getByText('Last published').closest('div')!;
    expect(within(status).getByRole('definition').textContent).toBe(published);
    expect(screen.getByText(/Residents still see the figures of/).textContent).toContain(
      `Residents still see the figures of ${published}.`,
    );
    expect(screen.getByText(/Residents see the page published/).textContent).toBe(
      `Residents see the page published ${published} at /public/district.`,
    );
  });

  it('names the year’s stage with the same date in the Publish dialog and in what Publish answers', async () => {
    renderScreen();
    await screen.findByRole('list', { name: 'Years residents would see' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('list', { name: 'Years to publish' }).textContent).toBe(
      `FY27: budget year FY26, ${CAPTION}`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          `Published FY27 (budget year FY26, ${CAPTION}) at ${formatDateTime(PUBLISHED_NOW)}.`,
        ),
      ).toBeTruthy(),
    );
  });
});
