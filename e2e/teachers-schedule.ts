import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { apiCall } from './helpers';

// The Teachers' salary schedule the placement specs share: the demo district has none, so a spec
// imports the real Lunenburg one (once per server) and reads its cells from the file itself.

/** The repository's copy of ../shared/fixtures/real/lunenburg_teacher_salary_schedule_fy25_fy27.csv. */
export const SCHEDULE_FILE = path.resolve(
  import.meta.dirname,
  '../fixtures/lunenburg_teacher_salary_schedule_fy25_fy27.csv',
);
const CSV = readFileSync(SCHEDULE_FILE, 'utf8');

/** A cell of the file, in dollars: amount('FY27', 4, 'Masters'). */
export function amount(fiscalYear: string, step: number, lane: string): number {
  const [header, ...rows] = CSV.trim().split(/\r?\n/);
  const column = header.split(',').indexOf(lane);
  const row = rows.map((r) => r.split(',')).find((r) => r[0] === fiscalYear && Number(r[2]) === step);
  return Number(row![column]);
}

export async function workGroupId(page: Page, name: string): Promise<number> {
  const { workGroups } = await apiCall(page, 'GET', '/cola/work-groups');
  return workGroups.find((g: { name: string }) => g.name === name).id;
}

/** The Teachers' schedule: the one already imported, else the Lunenburg file imported now. */
export async function teachersSchedule(page: Page, teachers: number) {
  const { schedules } = await apiCall(page, 'GET', '/cola/schedules');
  const existing = schedules.find((s: { workGroupId: number | null }) => s.workGroupId === teachers);
  if (existing) {
    return existing;
  }
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/cola/schedules/import', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      workGroupId: String(teachers),
      name: 'Lunenburg Teachers FY25-FY27',
      file: { name: path.basename(SCHEDULE_FILE), mimeType: 'text/csv', buffer: Buffer.from(CSV) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).schedule;
}
