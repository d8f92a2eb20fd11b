import { describe, expect, it } from 'vitest';
import { DATA_SLOT, HTML_SLOT, renderPublicPage } from './public-page';
import type { PublicView, PublicYearData } from '@shared/schemas/public-dashboard';

const TEMPLATE = `<html><head><title>x</title></head><body><div id="root">${HTML_SLOT}</div>${DATA_SLOT}<script src="/a.js"></script></body></html>`;

const year = (fiscalYear: number, totalBudget: number): PublicYearData => ({
  fiscalYear,
  publishedAt: '2026-11-20T15:00:00.000Z',
  totalBudget,
  townGoal: 41_000_000,
  hasTownGoal: true,
  guidanceGap: 41_000_000 - totalBudget,
  categoryBreakdown: [{ name: 'Salaries', amount: totalBudget, itemCount: 3, color: '#1d4ed8' }],
  buildingBreakdown: [{ name: '<a href="https://evil.example">x</a>', amount: totalBudget }],
  salaryData: { teachers: [], paras: [] },
  locationData: { locations: [], totalEmployees: null, totalSalaries: null },
  perPupil: null,
  deseBreakdown: [],
  includesProjectedEmployees: false,
});

const view: PublicView = {
  urlPath: 'district',
  schoolName: 'Millbrook </script><script>alert(1)</script>',
  schoolLogoUrl: null,
  townWebsiteUrl: null,
  schoolWebsiteUrl: null,
  componentOrder: ['budgetStatus', 'buildingChart'],
  visibleComponents: ['budgetStatus', 'buildingChart'],
  years: [2026, 2027],
  data: { '2026': year(2026, 40_000_000), '2027': year(2027, 41_444_400) },
  links: [],
  publishedAt: '2026-11-20T15:00:00.000Z',
};

describe('the public page HTML', () => {
  it('writes the latest year’s totals as text a reader without JavaScript sees', () => {
    const html = renderPublicPage(TEMPLATE, view, undefined);
    expect(html).toContain('FY27');
    expect(html).toContain('$41,444,400');
    expect(html).toContain('$41,000,000');
    expect(html).not.toContain(HTML_SLOT);
  });

  it('shows the year the address asks for when it is published, else the latest', () => {
    expect(renderPublicPage(TEMPLATE, view, '2026')).toContain('$40,000,000');
    expect(renderPublicPage(TEMPLATE, view, '2031')).toContain('$41,444,400');
  });

  it('escapes names in the HTML and in the JSON, so no script or link from the data runs', () => {
    const html = renderPublicPage(TEMPLATE, view, undefined);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;x&lt;/a&gt;');
    const json = /<script type="application\/json" id="public-view-data">(.*?)<\/script>/s.exec(html)![1];
    expect(JSON.parse(json)).toEqual(view);
  });

  it('carries everything published, in the configured sections, for a reader without JavaScript', () => {
    const full: PublicView = {
      ...view,
      schoolName: 'Millbrook',
      schoolLogoUrl: '/api/public-dashboard/logo/1',
      townWebsiteUrl: 'https://town.example.org',
      schoolWebsiteUrl: 'javascript:alert(1)',
      visibleComponents: [
        'schoolInfo',
        'budgetStatus',
        'categoryChart',
        'salaryCharts',
        'headcountChart',
        'links',
        'townLinks',
      ],
      links: [
        {
          title: 'Budget book',
          description: 'The full FY27 book',
          url: 'https://example.org/book.pdf',
          linkType: 'document',
          videoId: null,
        },
        {
          title: 'Hearing video',
          description: null,
          url: 'https://www.youtube.com/watch?v=abc',
          linkType: 'video',
          videoId: 'abc',
        },
      ],
      data: {
        ...view.data,
        '2027': {
          ...year(2027, 41_444_400),
          deseBreakdown: [
            {
              name: 'Teachers',
              amount: 30_000_000,
              functions: [{ code: '2305', name: 'Classroom Teachers', amount: 30_000_000 }],
            },
          ],
          salaryData: {
            teachers: [{ range: '$60k-$70k', rangeStart: 60000, count: 12, isOther: false }],
            paras: [],
          },
          locationData: {
            locations: [{ location: 'Hillside', count: 40, totalSalary: 2_500_000, isOther: false }],
            totalEmployees: 40,
            totalSalaries: 2_500_000,
          },
        },
      },
    };
    const html = renderPublicPage(TEMPLATE, full, undefined);
    // The other published year, the sentence about the goal, the logo, the links, every table.
    expect(html).toContain('<a href="?year=2026">FY26</a>');
    expect(html).toContain('The proposed budget is more than the town&#39;s goal.');
    expect(html).toContain(
      '<img class="pub-school__logo" src="/api/public-dashboard/logo/1" alt="Millbrook logo">',
    );
    expect(html).toContain('<a href="https://example.org/book.pdf">Budget book</a> · The full FY27 book');
    expect(html).toContain('<a href="https://www.youtube.com/watch?v=abc">Hearing video</a>');
    expect(html).toContain('<a href="https://town.example.org">Town website</a>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('2305 Classroom Teachers');
    expect(html).toContain('$60k-$70k');
    expect(html).toContain('Hillside');
    // A section switched off is not in the page: the buildings were not chosen here.
    expect(html).not.toContain('Spending by school');
  });

  it('writes no staff table for a section the snapshot does not carry, and marks a rounded salary total', () => {
    const staff: PublicView = {
      ...view,
      visibleComponents: ['salaryCharts', 'headcountChart'],
      data: { ...view.data, '2027': { ...year(2027, 41_444_400), salaryData: null, locationData: null } },
    };
    const none = renderPublicPage(TEMPLATE, staff, undefined);
    expect(none).not.toContain('by salary range');
    expect(none).not.toContain('Staff by location');

    const rounded = renderPublicPage(
      TEMPLATE,
      {
        ...staff,
        data: {
          ...view.data,
          '2027': {
            ...year(2027, 41_444_400),
            locationData: {
              locations: [
                {
                  location: 'Hillside',
                  count: 11,
                  totalSalary: 530_000,
                  isOther: false,
                  salaryRounded: true,
                },
                {
                  location: 'Other',
                  count: 10,
                  totalSalary: 469_320.77,
                  isOther: true,
                  salaryRounded: false,
                },
              ],
              totalEmployees: 21,
              totalSalaries: 1_000_000,
              totalSalariesRounded: true,
            },
          },
        },
      },
      undefined,
    );
    expect(rounded).toContain('<td class="num">about $530,000</td>');
    expect(rounded).toContain('<td class="num">$469,321</td>');
    expect(rounded).toContain('rounded to the nearest $10,000');
  });

  it("writes a school name holding '$' patterns as it is, in the title too", () => {
    const html = renderPublicPage(TEMPLATE, { ...view, schoolName: "St. Mary's $& $' Academy" }, undefined);
    expect(html).toContain('<title>FY27 St. Mary&#39;s $&amp; $&#39; Academy Budget</title>');
  });

  it('says Dashboard Not Found for an unknown path, with null as the snapshot', () => {
    const html = renderPublicPage(TEMPLATE, null, undefined);
    expect(html).toContain('<h1>Dashboard Not Found</h1>');
    expect(html).toContain('<title>Dashboard Not Found</title>');
    expect(html).toContain('id="public-view-data">null</script>');
  });
});
