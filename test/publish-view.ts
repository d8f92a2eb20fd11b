import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { publicViewResponse, type PublicYearData } from '@shared/schemas/public-dashboard';
import type { TestApp } from './app';

/**
 * Publishes `fiscalYear` on the residents' page as an admin does (the page's settings `config`,
 * its urlPath among them, then Publish), and reads it back as a resident: the year of the public
 * JSON, checked against its schema, and every row of the CSV download.
 */
export async function publishAndView(
  t: TestApp,
  fiscalYear: number,
  config: { urlPath: string } & Record<string, unknown>,
): Promise<{ year: PublicYearData; rows: Record<string, string>[] }> {
  const admin = (await t.userWith('ADMIN')).token;
  const id = (await t.api('get', '/public-dashboard/config', { token: admin })).body.config.id;
  expect(
    (await t.api('patch', `/public-dashboard/config/${id}`, { token: admin, body: config })).status,
  ).toBe(200);
  const res = await t.api('post', `/public-dashboard/publish/${id}`, {
    token: admin,
    body: { publishedYears: [fiscalYear] },
  });
  // Publish's own check: the dashboard, Budget Comparison and the snapshot agree to the cent.
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = await t.api('get', `/public-dashboard/view/${config.urlPath}`);
  expect(view.status).toBe(200);
  expect(publicViewResponse.safeParse(view.body).success).toBe(true);
  const csv = await fetch(`${t.url}/api/public-dashboard/view/${config.urlPath}/data.csv?year=${fiscalYear}`);
  expect(csv.status).toBe(200);
  const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
  return { year: view.body.data[String(fiscalYear)] as PublicYearData, rows };
}
