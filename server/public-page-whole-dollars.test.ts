import { describe, expect, it } from 'vitest';
import { DATA_SLOT, HTML_SLOT, renderPublicPage } from './public-page';
import type { PublicView } from '@shared/schemas/public-dashboard';
import { ROUNDED_APART_YEAR } from '@web/test/public-year';

/**
 * The page a reader without JavaScript gets shows whole dollars; a resident adding a column must
 * reach the Total printed under it. With the real Boston payroll the state's categories read
 * Teachers $547,732,276 + Other Teaching Services $61,363,806 over a Total of $609,096,083 (exact:
 * $547,732,276.31 + $61,363,806.47 = $609,096,082.78): a dollar missing. Every expected figure
 * below is worked out by hand from those cents.
 */
const TEMPLATE = `<html><head><title>x</title></head><body>${HTML_SLOT}${DATA_SLOT}</body></html>`;

const data = ROUNDED_APART_YEAR;

const view: PublicView = {
  urlPath: 'boston',
  schoolName: 'Boston Public Schools',
  schoolLogoUrl: null,
  townWebsiteUrl: null,
  schoolWebsiteUrl: null,
  componentOrder: ['categoryChart', 'buildingChart', 'headcountChart'],
  visibleComponents: ['categoryChart', 'buildingChart', 'headcountChart'],
  years: [2027],
  data: { '2027': data },
  links: [],
  publishedAt: '2026-11-20T15:00:00.000Z',
};

/** The rows of the table whose caption starts with `caption`: its label and its last figure in dollars. */
function tableRows(html: string, caption: string): { label: string; dollars: bigint; bold: boolean }[] {
  const at = html.indexOf(`<caption>${caption}`);
  expect(at, `no table '${caption}'`).toBeGreaterThan(-1);
  const body = html.slice(at, html.indexOf('</table>', at));
  return [...body.matchAll(/<tr><th scope="row">(.*?)<\/th>(.*?)<\/tr>/g)].map(([, label, cells]) => {
    const figures = [...cells.matchAll(/\$([\d,]+)/g)];
    return {
      label: label.replace(/<\/?strong>/g, ''),
      dollars: BigInt(figures.at(-1)![1].replace(/,/g, '')),
      bold: label.startsWith('<strong>'),
    };
  });
}

const sum = (rows: { dollars: bigint }[]) => rows.reduce((n, r) => n + r.dollars, 0n);

describe('the plain public page in whole dollars', () => {
  const html = renderPublicPage(TEMPLATE, view, undefined);

  it("adds the state's categories up to their Total, and each category's functions up to it", () => {
    const rows = tableRows(html, 'The FY27 budget in the state&#39;s categories');
    const fns = (from: string, to: string) =>
      rows.slice(
        rows.findIndex((r) => r.label === from) + 1,
        to ? rows.findIndex((r) => r.label === to) : rows.length - 1,
      );
    // Each category's function codes add up to it (on their own, $500,123,457 + $47,608,820).
    expect(fns('Teachers', 'Other Teaching Services').map((r) => r.dollars)).toEqual([
      500_123_456n,
      47_608_820n,
    ]);
    expect(sum(fns('Teachers', 'Other Teaching Services'))).toBe(547_732_276n);
    const groups = rows.filter((r) => r.bold);
    expect(groups.map((g) => [g.label, g.dollars])).toEqual([
      ['Teachers', 547_732_276n],
      // .47 is the larger remainder of .31 and .47: the dollar the total gains goes here.
      ['Other Teaching Services', 61_363_807n],
    ]);
    expect(sum(fns('Other Teaching Services', ''))).toBe(61_363_807n);
    // Under them, as on the page's script, the Total they add up to.
    const total = rows.at(-1)!;
    expect([total.label, total.dollars]).toEqual(['Total', 609_096_083n]);
    expect(sum(groups)).toBe(total.dollars);
  });

  it('adds the categories, the schools and the staff salaries up to their Totals', () => {
    const categories = tableRows(html, 'Where the money goes, FY27');
    expect(categories.map((r) => [r.label, r.dollars])).toEqual([
      ['Salaries', 547_732_276n],
      ['Contracted Services', 61_363_807n],
      ['Total', 609_096_083n],
    ]);
    const schools = tableRows(html, 'Spending by school, FY27');
    // Ties go to the earlier row: Hillside and Lakeview each keep the half, so the total is once rounded.
    expect(schools.map((r) => [r.label, r.dollars])).toEqual([
      ['Hillside', 300_000_001n],
      ['Lakeview', 200_000_000n],
      ['District Wide', 109_096_082n],
      ['Total', 609_096_083n],
    ]);
    const staff = tableRows(html, 'Staff by location, FY27');
    expect(staff.map((r) => [r.label, r.dollars])).toEqual([
      ['Hillside', 1_234_568n],
      ['Other', 765_432n],
      ['Total', 2_000_000n],
    ]);
    for (const rows of [categories, schools, staff]) {
      expect(sum(rows.slice(0, -1))).toBe(rows.at(-1)!.dollars);
    }
  });
});
