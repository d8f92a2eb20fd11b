import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';

/**
 * GET /categories/dese-codes?fiscalYear= feeds every picker of a line's, a position's or a rule's DESE function
 * code: each code says whether DESE's list for the fiscal year asked about names it (the list the
 * year's DESE report reads), so a picker offers only the codes in force that year. Which codes are
 * in force is worked out here again from the chart file (a code's name_fyYYYY is its name in DESE's
 * list of that year, empty when that list lacks it).
 */
const { t, viewer } = useApp(['VIEW_ONLY']);

const chart = (
  parse(readFileSync(path.resolve(import.meta.dirname, '../../fixtures/dese_function_codes.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as { code: string; level: string; name_fy2009: string; name_fy2025: string }[]
).filter((r) => r.level === 'detail');
const inForce = (list: 'name_fy2009' | 'name_fy2025') =>
  chart
    .filter((r) => r[list] !== '')
    .map((r) => r.code)
    .sort();

interface Listed {
  code: string;
  name: string;
  current: boolean;
}
const codesOf = async (query: string) => {
  const res = await t.api('get', `/categories/dese-codes${query}`, { token: viewer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.codes as Listed[];
};
const currentOf = (codes: Listed[]) =>
  codes
    .filter((c) => c.current)
    .map((c) => c.code)
    .sort();

describe('GET /categories/dese-codes: the codes in force in a fiscal year', () => {
  it('marks a code DESE retired as not current in a later year, and lists it still', async () => {
    const fy2027 = await codesOf('?fiscalYear=2027');
    expect(currentOf(fy2027)).toEqual(inForce('name_fy2025'));
    // 2310 Teachers, Specialists: FY2009's list only. Still listed, for the lines that carry it.
    expect(fy2027.find((c) => c.code === '2310')).toEqual({
      code: '2310',
      name: 'Teachers, Specialists',
      parentName: expect.any(String),
      current: false,
    });
    expect(fy2027.find((c) => c.code === '2305')?.current).toBe(true);
    expect(fy2027).toHaveLength(chart.length);
  });

  it("reads an early year with that year's list, and takes the label a person types", async () => {
    const fy2009 = await codesOf('?fiscalYear=FY2009');
    expect(currentOf(fy2009)).toEqual(inForce('name_fy2009'));
    // 2130 Instructional Technology Leadership came after FY2009.
    expect(fy2009.find((c) => c.code === '2130')?.current).toBe(false);
    expect(fy2009.find((c) => c.code === '2310')?.current).toBe(true);
  });

  it('without a year, every code of the chart and no word on which are in force; a year that is no year is refused', async () => {
    const all = await codesOf('');
    expect(all.map((c) => c.code).sort()).toEqual(chart.map((r) => r.code).sort());
    expect(all.filter((c) => 'current' in c)).toEqual([]);
    const bad = await t.api('get', '/categories/dese-codes?fiscalYear=soon', { token: viewer.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Invalid fiscal year: soon');
  });
});
