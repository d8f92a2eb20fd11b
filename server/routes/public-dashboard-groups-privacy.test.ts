import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@shared/money';
import {
  OTHER_BUILDINGS_LABEL,
  OTHER_CATEGORIES_LABEL,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';
import { positionsFromLines } from '@server/domains/positions';
import { plainHtml, usePublicPage } from '../../test/public-page-server';
import { publishAndView } from '../../test/publish-view';
import { useApp } from '../../test/use-app';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildScenario,
  insertEmployees,
  insertProposed,
  sumCents,
} from '../../test/factories';

/**
 * The resident page's budget by category and by building never shows a category or a building
 * whose lines hold the pay of 1 to 4 people (docs/PRIVACY.md section 1), as the budget by DESE function
 * does not: such rows are one row, with the smallest others with staff until it counts 5 people,
 * or in the total only when even together they are fewer. Checked in the JSON, the CSV, the page
 * without JavaScript and the staffing by school; every expected figure is worked out here from the
 * lines, in integer cents (FTE in thousandths).
 */
const FY = 2026;

type Cat = 'Teaching Staff' | 'Aide Staff' | 'Central Office Salary' | 'Classroom Supplies' | 'Tuition';
type Place = 'Big School' | 'Mid School' | 'Tiny Annex' | 'Warehouse' | null;
/** Personnel categories, and every category's DESE function (so the DESE rule has codes to fold). */
const CATEGORIES: [Cat, boolean, string][] = [
  ['Teaching Staff', true, '2305'],
  ['Aide Staff', true, '2330'],
  ['Central Office Salary', true, '1210'],
  ['Classroom Supplies', false, '2410'],
  ['Tuition', false, '9100'],
];

interface District {
  /** [building, category, how many, FTE of each]. */
  staff: [Place, Cat, number, number?][];
  /** [building (null: District Wide), category, amount]. */
  lines: [Place, Cat, string][];
  projected?: boolean;
}

/** Big School 13 people, Mid School 6, Tiny Annex 2 (1.0 and 0.5 FTE); Central Office one person. */
const FOLDED: District = {
  staff: [
    ['Big School', 'Teaching Staff', 6],
    ['Big School', 'Aide Staff', 6],
    ['Big School', 'Central Office Salary', 1],
    ['Mid School', 'Teaching Staff', 6],
    ['Tiny Annex', 'Teaching Staff', 1],
    ['Tiny Annex', 'Teaching Staff', 1, 0.5],
  ],
  lines: [
    ['Big School', 'Teaching Staff', '512345.67'],
    ['Mid School', 'Teaching Staff', '398765.43'],
    ['Tiny Annex', 'Teaching Staff', '141234.56'],
    ['Big School', 'Aide Staff', '201111.11'],
    ['Big School', 'Central Office Salary', '187654.32'],
    ['Tiny Annex', 'Classroom Supplies', '3210.99'],
    ['Warehouse', 'Classroom Supplies', '45000.10'],
    ['Big School', 'Classroom Supplies', '12000.00'],
    [null, 'Tuition', '250000.00'],
  ],
};

const amountsOf = (d: District, where: (l: [Place, Cat, string]) => boolean) =>
  sumCents(d.lines.filter(where).map((l) => l[2]));
const ofCategory = (d: District, ...cats: Cat[]) => amountsOf(d, (l) => cats.includes(l[1]));
const ofBuilding = (d: District, ...places: Place[]) => amountsOf(d, (l) => places.includes(l[0]));
const all = (d: District) => amountsOf(d, () => true);
const dollars = (cents: number) => cents / 100;

async function publishDistrict(t: ReturnType<typeof useApp>['t'], path: string, d: District) {
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY26' });
  const base = { budgetYearId, fiscalYear: FY };
  const operating = await buildScenario(db, budgetYearId, 'operating');
  const proposed = await buildScenario(db, budgetYearId, 'proposed');
  const places = new Map<Place, number | null>([[null, null]]);
  for (const name of ['Big School', 'Mid School', 'Tiny Annex', 'Warehouse'] as const) {
    places.set(name, await buildBuilding(db, { name }));
  }
  const cats = new Map<Cat, number>();
  for (const [name, isPersonnel, deseFunction] of CATEGORIES) {
    cats.set(name, await buildCategory(db, { name, isPersonnel, deseFunction }));
  }
  await insertEmployees(
    db,
    d.staff.flatMap(([place, cat, n, fte], s) =>
      Array.from({ length: n }, (_, i) => ({
        ...base,
        scenarioId: operating,
        salary: `${60 + s}${i}12.34`,
        fte: fte ?? 1,
        buildingId: places.get(place)!,
        categoryId: cats.get(cat)!,
        isProjected: d.projected ?? false,
      })),
    ),
  );
  await insertProposed(
    db,
    d.lines.map(([place, cat, amount]) => ({
      ...base,
      scenarioId: proposed,
      amount,
      buildingId: places.get(place)!,
      categoryId: cats.get(cat)!,
    })),
  );
  await db('enrollment').insert({
    budget_year_id: budgetYearId,
    building_id: places.get('Big School'),
    grade: 'K',
    student_count: 300,
  });
  // The roster the staffing by school reads, from the employee lines (as the demo seed makes it).
  await positionsFromLines(db, { budgetYearId, fiscalYear: FY, actorLabel: 'test' });
  return publishAndView(t, FY, {
    urlPath: path,
    showCategoryChart: true,
    showBuildingChart: true,
    showHeadcountChart: true,
  });
}

const csvTable = (rows: Record<string, string>[], table: string) =>
  rows.filter((r) => r.Table === table).map((r) => [r.Item, sumCents([r.Amount])]);

describe('a building of 2 staff and a category of 1, folded with the next smallest', () => {
  const { t } = useApp();
  let year: PublicYearData;
  let rows: Record<string, string>[];
  const pages = usePublicPage(t);

  beforeAll(async () => {
    ({ year, rows } = await publishDistrict(t, 'groups-folded', FOLDED));
  });

  // Central Office Salary (1 person) is joined by the smallest category with staff, Aide Staff (6);
  // Tiny Annex (2) by the smallest building with staff, Mid School (6).
  const otherCategories = ofCategory(FOLDED, 'Central Office Salary', 'Aide Staff');
  const otherBuildings = ofBuilding(FOLDED, 'Tiny Annex', 'Mid School');

  it('shows the categories with no staff or 5 and more as they are, then one row of the exact sum', () => {
    expect(year.categoryBreakdown.map((c) => [c.name, c.amount, c.itemCount])).toEqual([
      ['Teaching Staff', dollars(ofCategory(FOLDED, 'Teaching Staff')), 3],
      ['Tuition', dollars(ofCategory(FOLDED, 'Tuition')), 1],
      ['Classroom Supplies', dollars(ofCategory(FOLDED, 'Classroom Supplies')), 3],
      [OTHER_CATEGORIES_LABEL, dollars(otherCategories), 2],
    ]);
    expect(csvTable(rows, 'Budget by category')).toEqual(
      year.categoryBreakdown.map((c) => [c.name, sumCents([c.amount.toFixed(2)])]),
    );
    // Per pupil is by the same rows: the one person's category is not there either.
    expect(year.perPupil!.byCategory.map((c) => c.name)).toEqual(year.categoryBreakdown.map((c) => c.name));
    expect(year.perPupil!.byCategory.at(-1)!.amount).toBe(dollars(Math.round(otherCategories / 300)));
  });

  it('shows the buildings with no staff or 5 and more as they are, then one row of the exact sum', () => {
    expect(year.buildingBreakdown.map((b) => [b.name, b.amount])).toEqual([
      ['Big School', dollars(ofBuilding(FOLDED, 'Big School'))],
      ['District Wide', dollars(ofBuilding(FOLDED, null))],
      ['Warehouse', dollars(ofBuilding(FOLDED, 'Warehouse'))],
      [OTHER_BUILDINGS_LABEL, dollars(otherBuildings)],
    ]);
    expect(csvTable(rows, 'Budget by building')).toEqual(
      year.buildingBreakdown.map((b) => [b.name, sumCents([b.amount.toFixed(2)])]),
    );
  });

  it('leaves every total as it was: the breakdowns add up to the budget', () => {
    expect(year.totalBudget).toBe(dollars(all(FOLDED)));
    expect(sumCents(year.categoryBreakdown.map((c) => c.amount.toFixed(2)))).toBe(all(FOLDED));
    expect(sumCents(year.buildingBreakdown.map((b) => b.amount.toFixed(2)))).toBe(all(FOLDED));
    expect(year.categoryWithheld).toBeUndefined();
    expect(year.buildingWithheld).toBeUndefined();
    expect(csvTable(rows, 'Summary').find(([item]) => item === 'Total budget')![1]).toBe(all(FOLDED));
  });

  it('names neither alone, nor shows their amounts, in the JSON, the CSV or the page without JavaScript', async () => {
    const html = await plainHtml(pages.base, 'groups-folded');
    const alone = [
      ofCategory(FOLDED, 'Central Office Salary'),
      ofBuilding(FOLDED, 'Tiny Annex'),
      amountsOf(FOLDED, (l) => l[0] === 'Tiny Annex' && l[1] === 'Teaching Staff'),
    ];
    const json = JSON.stringify(year);
    for (const text of [json, JSON.stringify(rows), html]) {
      for (const name of ['Tiny Annex', 'Central Office Salary', 'Mid School', 'Aide Staff']) {
        expect(text).not.toContain(name);
      }
    }
    for (const cents of alone) {
      expect(json).not.toContain(String(dollars(cents)));
      expect(rows.map((r) => (r.Amount ? sumCents([r.Amount]) : null))).not.toContain(cents);
      expect(html).not.toContain(formatMoney(dollars(cents)));
    }
    expect(html).toContain(OTHER_CATEGORIES_LABEL);
    expect(html).toContain(formatMoney(dollars(otherBuildings)));
    expect(html).toContain('Schools and other places with fewer than 5 staff are counted together');
  });

  it('counts the staffing by school the same way: FTE of the small school only in Other', () => {
    const staffing = year.staffing!;
    // 13 at Big School; Other: Tiny Annex 1.0 + 0.5 and Mid School 6 x 1.0.
    expect(staffing.byBuilding.map((g) => [g.name, Math.round(g.fte * 1000)])).toEqual([
      ['Big School', 13000],
      [OTHER_BUILDINGS_LABEL, 1000 + 500 + 6000],
    ]);
    expect(Math.round(staffing.totals.fte * 1000)).toBe(20500);
    expect(staffing.buildingsWithheld).toBeUndefined();
    for (const line of staffing.fundedBy?.byBuilding ?? []) {
      expect(['Big School', OTHER_BUILDINGS_LABEL]).toContain(line.name);
    }
  });
});

describe('categories and buildings whose staff are fewer than 5 even all together', () => {
  const { t } = useApp();
  const d: District = {
    staff: [
      ['Tiny Annex', 'Teaching Staff', 2],
      ['Big School', 'Central Office Salary', 1],
    ],
    lines: [
      ['Tiny Annex', 'Teaching Staff', '141234.56'],
      ['Big School', 'Central Office Salary', '187654.32'],
      ['Warehouse', 'Classroom Supplies', '45000.10'],
      [null, 'Tuition', '250000.00'],
    ],
  };

  it('publishes them in the total only: no row of theirs, the total the true total, Publish passing', async () => {
    const { year, rows } = await publishDistrict(t, 'groups-withheld', d);
    expect(year.categoryBreakdown.map((c) => [c.name, c.amount])).toEqual([
      ['Tuition', dollars(ofCategory(d, 'Tuition'))],
      ['Classroom Supplies', dollars(ofCategory(d, 'Classroom Supplies'))],
    ]);
    expect(year.buildingBreakdown.map((b) => [b.name, b.amount])).toEqual([
      ['District Wide', dollars(ofBuilding(d, null))],
      ['Warehouse', dollars(ofBuilding(d, 'Warehouse'))],
    ]);
    expect([year.categoryWithheld, year.buildingWithheld]).toEqual([true, true]);
    expect(year.totalBudget).toBe(dollars(all(d)));
    const items = rows.map((r) => r.Item);
    for (const name of ['Tiny Annex', 'Big School', 'Teaching Staff', 'Central Office Salary']) {
      expect(items).not.toContain(name);
    }
    expect(items).not.toContain(OTHER_CATEGORIES_LABEL);
    expect(items).not.toContain(OTHER_BUILDINGS_LABEL);
    expect(year.staffing!.byBuilding).toEqual([]);
    expect(year.staffing!.buildingsWithheld).toBe(true);
  });
});

describe('a year whose staff are all projected, published without its projected staff', () => {
  const { t } = useApp();

  it('still folds the groups whose salary lines are 1 to 4 of those people, by DESE function too', async () => {
    const { year } = await publishDistrict(t, 'groups-projected', { ...FOLDED, projected: true });
    expect(year.includesProjectedEmployees).toBe(false);
    expect(year.categoryBreakdown.map((c) => c.name)).toEqual([
      'Teaching Staff',
      'Tuition',
      'Classroom Supplies',
      OTHER_CATEGORIES_LABEL,
    ]);
    expect(year.buildingBreakdown.map((b) => b.name)).toEqual([
      'Big School',
      'District Wide',
      'Warehouse',
      OTHER_BUILDINGS_LABEL,
    ]);
    // The Superintendent's function (1210, one projected person) is not shown on its own.
    const codes = year.deseBreakdown.flatMap((g) => g.functions.map((f) => f.code));
    expect(codes).not.toContain('1210');
    expect(codes).toContain('2305');
    expect(year.totalBudget).toBe(dollars(all(FOLDED)));
  });
});
