import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { publishAndView } from '../../test/publish-view';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildScenario,
  insertEmployees,
  insertProposed,
  sumCents,
} from '../../test/factories';

/**
 * The resident page's budget by DESE function code never shows a function whose amount is the pay
 * of 1 to 4 people (docs/PRIVACY.md section 1): such functions are one row together, with the smallest
 * other functions with staff until that row counts at least 5 people; when even all of them are
 * fewer, they are in the total only. Checked in the public JSON and in the CSV download; every
 * expected figure is worked out here from the lines, in integer cents.
 */
const FY = 2026;
const OTHER = 'Other functions (fewer than 5 staff each)';

/** Proposed amounts by DESE code ('' for a line with no code); staff by code. */
interface District {
  proposed: Record<string, string[]>;
  staff: Record<string, number>;
}

async function publishDistrict(t: ReturnType<typeof useApp>['t'], path: string, d: District) {
  const budgetYearId = await buildBudgetYear(t.db.knex, { currentFiscalYear: FY, label: 'FY26' });
  const base = { budgetYearId, fiscalYear: FY };
  const operating = await buildScenario(t.db.knex, budgetYearId, 'operating');
  const proposed = await buildScenario(t.db.knex, budgetYearId, 'proposed');
  await insertEmployees(
    t.db.knex,
    Object.entries(d.staff).flatMap(([code, n]) =>
      Array.from({ length: n }, (_, i) => ({
        ...base,
        scenarioId: operating,
        salary: `${90 + i}123.45`,
        columns: { dese_code: code },
      })),
    ),
  );
  await insertProposed(
    t.db.knex,
    Object.entries(d.proposed).flatMap(([code, amounts]) =>
      amounts.map((amount) => ({
        ...base,
        scenarioId: proposed,
        amount,
        columns: code ? { dese_code: code } : {},
      })),
    ),
  );
  const { year, rows } = await publishAndView(t, FY, { urlPath: path });
  return { year, rows: rows.filter((r) => r.Table === 'Budget by DESE function') };
}

const all = (d: District) => sumCents(Object.values(d.proposed).flat());
const of = (d: District, ...codes: string[]) => sumCents(codes.flatMap((c) => d.proposed[c]));
const dollars = (cents: number) => cents / 100;
/** Every function code the page or the CSV names, and every amount either shows. */
function shownCodes(year: PublicYearData, rows: Record<string, string>[]) {
  return [
    ...year.deseBreakdown.flatMap((g) => g.functions.map((f) => f.code)),
    ...rows.map((r) => r.Item.split(' ')[0]),
  ];
}

describe('functions of 1 and 3 staff, folded with the next smallest into one row of 5 or more', () => {
  const { t } = useApp();
  // Administration: the Superintendent (1 person), Business and Finance (3) and the School
  // Committee (no staff: not personnel, shown as it is). School Leadership (6) is the smallest
  // function with staff besides, so it joins them (1 + 3 = 4 is fewer than 5); Teachers (12) stay.
  const d: District = {
    proposed: {
      '1210': ['215000.00'],
      '1410': ['180000.33', '12345.10'],
      '1110': ['8500.25'],
      '2210': ['640000.17'],
      '2305': ['1100000.05', '20000.00'],
      '3300': ['95432.10'],
      '': ['4321.00'],
    },
    staff: { '1210': 1, '1410': 3, '2210': 6, '2305': 12 },
  };
  let year: PublicYearData;
  let rows: Record<string, string>[];

  beforeAll(async () => {
    ({ year, rows } = await publishDistrict(t, 'dese-folded', d));
  });

  it('shows neither the 1-person nor the 3-person function on its own, on the page or in the CSV', () => {
    const codes = shownCodes(year, rows);
    for (const hidden of ['1210', '1410', '2210']) {
      expect(codes).not.toContain(hidden);
    }
    expect(codes).toEqual(expect.arrayContaining(['1110', '2305', '3300']));
    // Administration is only what is shown under it: the School Committee, not the two salaries.
    const admin = year.deseBreakdown.find((g) => g.name === 'Administration')!;
    expect(admin).toEqual({
      name: 'Administration',
      amount: dollars(of(d, '1110')),
      functions: [{ code: '1110', name: 'School Committee', amount: dollars(of(d, '1110')) }],
    });
    expect(year.deseBreakdown.map((g) => g.name)).not.toContain('Instructional Leadership');
    const amounts = year.deseBreakdown.flatMap((g) => [g.amount, ...g.functions.map((f) => f.amount)]);
    for (const alone of [of(d, '1210'), of(d, '1410'), of(d, '1210', '1410')]) {
      expect(amounts).not.toContain(dollars(alone));
      expect(rows.map((r) => sumCents([r.Amount]))).not.toContain(alone);
    }
  });

  it('counts them in one row whose amount is their exact sum, the section still adding up to the total', () => {
    const folded = of(d, '1210', '1410', '2210');
    expect(year.deseBreakdown.map((g) => [g.name, g.amount])).toEqual([
      ['Administration', dollars(of(d, '1110'))],
      ['Teachers', dollars(of(d, '2305'))],
      ['Pupil Services', dollars(of(d, '3300'))],
      [OTHER, dollars(folded)],
      ['No DESE function code', dollars(of(d, ''))],
    ]);
    expect(year.totalBudget).toBe(dollars(all(d)));
    expect(sumCents(year.deseBreakdown.map((g) => g.amount.toFixed(2)))).toBe(all(d));
    expect(year.deseWithheld).toBeUndefined();
    const other = rows.filter((r) => r.Group === OTHER);
    expect(other.map((r) => [r.Item, sumCents([r.Amount])])).toEqual([['Total', folded]]);
  });
});

describe('functions whose staff are fewer than 5 even all together', () => {
  const { t } = useApp();
  const d: District = {
    proposed: { '1210': ['215000.00'], '1410': ['192345.43'], '3300': ['95432.10'] },
    staff: { '1210': 1, '1410': 3 },
  };

  it('publishes them in the total only: no row of theirs, the total the true total', async () => {
    const { year, rows } = await publishDistrict(t, 'dese-withheld', d);
    const codes = shownCodes(year, rows);
    expect(codes).not.toContain('1210');
    expect(codes).not.toContain('1410');
    expect(year.deseBreakdown.map((g) => [g.name, g.amount])).toEqual([
      ['Pupil Services', dollars(of(d, '3300'))],
    ]);
    expect(rows.map((r) => r.Group)).not.toContain(OTHER);
    expect(year.deseWithheld).toBe(true);
    expect(year.totalBudget).toBe(dollars(all(d)));
  });
});
