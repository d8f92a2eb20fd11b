import { beforeAll, describe, expect, it } from 'vitest';
import { deseCodes } from '@server/domains/massachusetts/dese-codes';
import { configureAndPublish, plainHtml, usePublicPage } from '../test/public-page-server';
import { useApp } from '../test/use-app';
import { cents } from '../test/real-files';
import {
  buildBudgetYear,
  buildBuilding,
  buildCategory,
  buildScenario,
  buildStateFigures,
  insertProposed,
} from '../test/factories';

/**
 * The residents' page as a reader without JavaScript gets it (the
 * server's HTML, before any script) names the stage with its vote date, calls a School Committee
 * Adopted budget the adopted budget, gives a $1,816 gap in dollars with its share of the goal,
 * spending per pupil in total and by DESE's spending categories, and the CSV download. Every figure
 * is worked out here in integer cents from the lines, the enrollment and the state figures.
 */
const FY = 2027;
const PATH = 'resident';
const GAP_CENTS = 181_600n;
const STUDENTS = 200n;
const FOUNDATION = '187.50';
const lines = [
  { amount: '1250000.10', code: '2305' },
  { amount: '980000.05', code: '2305' },
  { amount: '150000.00', code: '1210' },
  { amount: '42000.33', code: '2410' },
  { amount: '7815.52', code: '4110' },
];

const { t, admin: adminUser } = useApp(['ADMIN']);
const page = usePublicPage(t);

/** a / b to the cent, halves up (every figure here is positive). */
const over = (a: bigint, b: bigint) => (a * 2n + b) / (2n * b);
/** The page's whole dollars ('$12,149'): cents rounded to the dollar, halves up. */
const dollars = (amount: bigint) =>
  `$${over(amount, 100n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const total = lines.reduce((n, l) => n + cents(l.amount), 0n);
const goal = total + GAP_CENTS;

beforeAll(async () => {
  const admin = adminUser.token;
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY, label: 'FY27' });
  const scenarioId = await buildScenario(db, budgetYearId, 'proposed');
  const categoryId = await buildCategory(db, { name: 'Instruction' });
  const school = await buildBuilding(db, { name: 'Center School', buildingType: null });
  await insertProposed(
    db,
    lines.map((l) => ({
      budgetYearId,
      fiscalYear: FY,
      scenarioId,
      categoryId,
      amount: l.amount,
      columns: { dese_code: l.code },
    })),
  );
  const goalText = `${goal / 100n}.${(goal % 100n).toString().padStart(2, '0')}`;
  await db('town_goals').insert({ fiscal_year: FY, goal_type: 'DOLLAR', dollar_goal: goalText });
  await db('enrollment').insert({
    budget_year_id: budgetYearId,
    building_id: school,
    grade: 'K',
    student_count: Number(STUDENTS),
  });
  await buildStateFigures(db, FY, FOUNDATION);
  for (const [stage, date] of [
    ['SUPERINTENDENT_RECOMMENDED', '2026-02-10'],
    ['SCHOOL_COMMITTEE_ADOPTED', '2026-03-12'],
  ]) {
    const res = await t.api('post', '/budget-stages/advance', {
      token: admin,
      body: { budgetYearId, fiscalYear: FY, stage, date },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await configureAndPublish(t, admin, {
    urlPath: PATH,
    publishedYears: [FY],
    showCategoryChart: true,
    showBudgetStatus: true,
  });
});

/** The page's HTML without the snapshot the script reads: what a reader without JavaScript sees. */
const plainPage = () => plainHtml(page.base, PATH);

describe("the residents' page without JavaScript", () => {
  it('names the stage with the date of its vote and the budget by its stage', async () => {
    const html = await plainPage();
    expect(html).toContain('School Committee Adopted, voted March 12, 2026');
    expect(html).toContain('Adopted school budget');
    expect(html).not.toContain('Proposed school budget');
    expect(html).toContain(dollars(total));
  });

  it('gives a $1,816 gap in dollars, with its share of the goal', async () => {
    const html = await plainPage();
    // 1,816 of about 2.4 million, in tenths of a percent.
    const tenths = over(GAP_CENTS * 1000n, goal);
    expect(html).toContain(
      `Under the town&#39;s goal by ${dollars(GAP_CENTS)} (${tenths / 10n}.${tenths % 10n}% of the goal)`,
    );
    expect(html).not.toContain('$0.0M');
  });

  it('shows spending per pupil, in total and by the state’s spending categories', async () => {
    const html = await plainPage();
    expect(html).toContain(dollars(over(total, STUDENTS)));
    const pupils = cents(FOUNDATION); // hundredths of a pupil
    expect(html).toContain(dollars(over(total * 100n, pupils)));
    const chart = deseCodes();
    const byGroup = new Map<string, bigint>();
    for (const l of lines) {
      const name = chart.get(l.code)!.parentName;
      byGroup.set(name, (byGroup.get(name) ?? 0n) + cents(l.amount));
    }
    expect(byGroup.size).toBe(4);
    const table = /<caption>Per pupil by the state[^<]*<\/caption>[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    for (const [name, sum] of byGroup) {
      const escaped = name.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
      expect(table).toContain(
        `<th scope="row">${escaped}</th><td class="num">${dollars(over(sum * 100n, pupils))}</td>`,
      );
    }
  });

  it('sets the students enrolled as a count, the spending per student as money', async () => {
    const html = await plainPage();
    const valueClass = (label: string) =>
      new RegExp(`<span class="kpi__label">${label}</span><span class="([^"]*)">([^<]*)</span>`).exec(html);
    const students = valueClass('Students enrolled');
    expect(students?.[2]).toBe(STUDENTS.toString());
    expect(students?.[1].split(' ')).not.toContain('money');
    expect(valueClass('Spending per student')?.[1].split(' ')).toContain('money');
  });

  it('links to the CSV of the year, which downloads', async () => {
    const html = await plainPage();
    const href = `/api/public-dashboard/view/${PATH}/data.csv?year=${FY}`;
    expect(html).toContain(`href="${href}"`);
    const csv = await fetch(`${page.base}${href}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
  });
});
