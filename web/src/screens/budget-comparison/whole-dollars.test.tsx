// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromCents } from '@shared/money';
import type { BudgetComparison, ComparisonCell } from '@web/api/budget-comparison';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { BudgetComparisonScreen } from './index';

// Plotly is not needed to read the table.
vi.mock('@web/components/charts/lazy-plot', () => ({ LazyPlot: () => null }));

/*
 * A finance officer foots the Budget Comparison: the personnel rows must add up to the Personnel
 * subtotal, the subtotal and the other rows to the Total, in every column, and each row's variance
 * is its proposed less its operating as shown. Every expected figure below is worked out by hand
 * from the cents in the comments, not by the code under test.
 */

type Row = [name: string, personnel: boolean, operatingCents: bigint, proposedCents: bigint];

const sumOf = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/** A cell as the server sends it (the variance exact, to the cent). */
function cell(
  fiscalYear: number,
  operating: bigint,
  proposed: bigint,
  withOperating: boolean,
): ComparisonCell {
  return {
    fiscalYear,
    operating: fromCents(operating),
    operatingCount: withOperating ? 10 : 0,
    proposed: fromCents(proposed),
    proposedCount: 5,
    variance: fromCents(proposed - operating),
    variancePercent: withOperating ? 1.5 : null,
    flag: withOperating ? 'MINOR' : 'NO_OPERATING',
  };
}

const YEARS = [2026, 2027, 2028, 2029, 2030, 2031];
const none: ComparisonCell = {
  ...cell(0, 0n, 0n, false),
  proposedCount: 0,
  variancePercent: null,
  flag: null,
};

/** The comparison of one budget year whose first fiscal year holds `rows`; the others are empty. */
function comparison(rows: Row[]): BudgetComparison {
  const first = (of: Row[]) =>
    cell(
      2026,
      sumOf(of.map((r) => r[2])),
      sumOf(of.map((r) => r[3])),
      of.some((r) => r[2] !== 0n),
    );
  const rest = YEARS.slice(1).map((fiscalYear) => ({ ...none, fiscalYear }));
  return {
    budgetYearId: 2,
    baseYear: 2026,
    fiscalYears: YEARS,
    rows: rows.map(([category, isPersonnel, operating, proposed], i) => ({
      categoryId: i + 1,
      category,
      color: '#000000',
      isPersonnel,
      years: [cell(2026, operating, proposed, operating !== 0n), ...rest],
    })),
    personnelTotals: [first(rows.filter((r) => r[1])), ...rest],
    totals: [first(rows), ...rest],
  };
}

async function renderScreen(data: BudgetComparison) {
  const user = makeUser({ role: 'FINANCE', abilities: { 'comparison.read': true } });
  storeSession(user);
  stubApi({
    '/api/auth/me': { user },
    '/api/budget-years': {
      budgetYears: [{ id: 2, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2026 }],
      districtName: null,
      homes: [],
      budgetYearsWithLines: [2],
    },
    '/api/budget-comparison': data,
  });
  renderRoutes('/budget-comparison', [
    {
      path: 'budget-comparison',
      element: (
        <BudgetYearProvider>
          <BudgetComparisonScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
  return screen.findByRole('table', { name: /Operating against proposed by category, FY26/ });
}

/** A row's Operating, Proposed and Variance cells as written. */
const cells = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('row', { name: new RegExp(`^${name}`) }))
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');

/**
 * A row's Operating, Proposed and Variance in whole dollars (null for '—'). A variance is signed as
 * Staffing's changes are: '+' for a rise, the minus sign U+2212 for a fall, none for $0.
 */
function figures(table: HTMLElement, name: string): (bigint | null)[] {
  return cells(table, name)
    .slice(0, 3)
    .map((text, i) => {
      const m = (i === 2 ? /^([+\u2212]?)\$([\d,]+)$/ : /^()\$([\d,]+)$/).exec(text);
      const size = m ? BigInt(m[2].replace(/,/g, '')) : null;
      return size !== null && m![1] === '\u2212' ? -size : size;
    });
}

/** The column `i` of `names`' rows, '—' counted as $0. */
const column = (table: HTMLElement, names: string[], i: number) =>
  sumOf(names.map((n) => figures(table, n)[i] ?? 0n));

const kpi = (label: string) =>
  screen.getByText(label, { selector: '.kpi__label' }).parentElement!.querySelector('.kpi__value')!
    .firstChild!.textContent;

// The demo district's FY26 (what QA saw): the salaries' cents are .20, .10, .40, .10, .00 and .30,
// $1.10 in all, so the six rows rounded down make $35,293,886 and the subtotal $35,293,887.10 rounds
// to $35,293,887: the one dollar goes to the largest remainder, Administration's .40 ($4,331,416).
const DEMO: Row[] = [
  ['Teachers', true, 2_218_752_320n, 2_227_630_000n],
  ['Paraprofessionals', true, 241_470_810n, 240_270_000n],
  ['Administration', true, 433_141_540n, 433_150_000n],
  ['Pupil Services', true, 350_058_410n, 371_750_000n],
  ['Operations & Maintenance', true, 206_820_700n, 205_170_000n],
  ['Food Services', true, 79_144_930n, 69_650_000n],
  ['Instructional Materials & Technology', false, 0n, 129_510_000n],
  ['Transportation', false, 0n, 356_500_000n],
  ['Special Education Tuition', false, 0n, 397_000_000n],
  ['Utilities & Facilities', false, 0n, 260_020_000n],
  ['Professional Development', false, 0n, 27_100_000n],
];
const names = (rows: Row[], personnel?: boolean) =>
  rows.filter((r) => personnel === undefined || r[1] === personnel).map((r) => r[0]);

describe('Budget Comparison in whole dollars', () => {
  it('adds the demo FY26 personnel rows up to the subtotal, as QA footed them', async () => {
    const table = await renderScreen(comparison(DEMO));
    // Variance = proposed - operating as shown: 22,276,300 - 22,187,523 = 88,777; 2,402,700 -
    // 2,414,708 = -12,008; 4,331,500 - 4,331,416 = 84 (exact $84.60: the cost of adding up);
    // 3,717,500 - 3,500,584 = 216,916; 2,051,700 - 2,068,207 = -16,507; 696,500 - 791,449 = -94,949.
    expect(names(DEMO, true).map((n) => figures(table, n))).toEqual([
      [22_187_523n, 22_276_300n, 88_777n],
      [2_414_708n, 2_402_700n, -12_008n],
      [4_331_416n, 4_331_500n, 84n],
      [3_500_584n, 3_717_500n, 216_916n],
      [2_068_207n, 2_051_700n, -16_507n],
      [791_449n, 696_500n, -94_949n],
    ]);
    // 35,476,200 - 35,293,887 = 182,313; 47,177,500 - 35,293,887 = 11,883,613.
    expect(figures(table, 'Personnel subtotal')).toEqual([35_293_887n, 35_476_200n, 182_313n]);
    expect(figures(table, 'Total')).toEqual([35_293_887n, 47_177_500n, 11_883_613n]);
    for (const i of [0, 1, 2]) {
      expect(column(table, names(DEMO, true), i)).toBe(figures(table, 'Personnel subtotal')[i]);
      expect(column(table, names(DEMO), i)).toBe(figures(table, 'Total')[i]);
    }
    // The cards are the table's Total and subtotal figures.
    expect(kpi('Operating (salaries)')).toBe('$35,293,887');
    expect(kpi('Proposed')).toBe('$47,177,500');
    expect(kpi('Salary lines vs payroll')).toBe('+$182,313');
    // A fall reads with the minus sign, as Staffing's changes do ('−0.250'), where the comparison
    // wrote a hyphen ('-$12,008'); a rise with its plus, as the percent column writes it ('+33.7%').
    expect(cells(table, 'Paraprofessionals')[2]).toBe('\u2212$12,008');
    expect(cells(table, 'Teachers')[2]).toBe('+$88,777');
  });

  it('rounds the subtotal and the other rows together toward the Total, in every column', async () => {
    // Operating: 1,000.50 + 2,000.50 + 3,000.30 = 6,001.30 -> $6,001 (the total too: the other rows
    // have none). Rounded down the rows make 6,000; the dollar goes to the first of the two .50s.
    // Proposed: the personnel 1,000.25 + 2,000.25 + 2,999.00 = 5,999.50 alone would round to 6,000,
    // but the Total is 5,999.50 + 500.70 + 700.00 = 7,200.20 -> $7,200: rounded down the subtotal
    // and the other rows make 5,999 + 500 + 700 = 7,199, and the one dollar goes to the largest
    // remainder, Buses' .70 (against the subtotal's .50). So the subtotal reads $5,999, which its
    // rows make rounded down (1,000 + 2,000 + 2,999).
    const rows: Row[] = [
      ['Teachers', true, 100_050n, 100_025n],
      ['Aides', true, 200_050n, 200_025n],
      ['Nurses', true, 300_030n, 299_900n],
      ['Buses', false, 0n, 50_070n],
      ['Heating', false, 0n, 70_000n],
    ];
    const table = await renderScreen(comparison(rows));
    expect(names(rows).map((n) => figures(table, n))).toEqual([
      [1_001n, 1_000n, -1n], // exact -0.25: the difference of the figures shown
      [2_000n, 2_000n, 0n],
      [3_000n, 2_999n, -1n],
      [null, 501n, 501n],
      [null, 700n, 700n],
    ]);
    // 5,999 - 6,001 = -2 (exact -1.80); 7,200 - 6,001 = 1,199 (exact 1,198.90).
    expect(figures(table, 'Personnel subtotal')).toEqual([6_001n, 5_999n, -2n]);
    expect(figures(table, 'Total')).toEqual([6_001n, 7_200n, 1_199n]);
    for (const i of [0, 1, 2]) {
      expect(column(table, names(rows, true), i)).toBe(figures(table, 'Personnel subtotal')[i]);
      expect(column(table, names(rows), i)).toBe(figures(table, 'Total')[i]);
    }
    expect(kpi('Salary lines vs payroll')).toBe('\u2212$2');
    expect(cells(table, 'Aides')[2]).toBe('$0');
  });

  it('says under each card what it sums, in the counts the server sends', async () => {
    // The demo district's FY26 as QA read it: 504 employee lines, 190 proposed lines, 89 of them personnel.
    const data = comparison(DEMO);
    data.totals[0] = { ...data.totals[0], operatingCount: 504, proposedCount: 190 };
    data.personnelTotals[0] = { ...data.personnelTotals[0], operatingCount: 504, proposedCount: 89 };
    await renderScreen(data);
    const caption = (label: string) =>
      [...screen.getByText(label, { selector: '.kpi__label' }).parentElement!.children]
        .filter((e) => e.matches('.kpi__hint'))
        .map((e) => e.textContent);
    expect(caption('Operating (salaries)')).toEqual(['Current salaries of 504 employee lines, FY26']);
    expect(caption('Proposed')).toEqual(['190 proposed budget lines of FY26, all categories']);
    expect(caption('Salary lines vs payroll')).toEqual([
      '89 proposed personnel lines less the current salaries of 504 employee lines in personnel categories',
    ]);
  });
});
