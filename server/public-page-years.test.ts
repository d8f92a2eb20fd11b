import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicView } from '@shared/schemas/public-dashboard';
import { configureAndPublish, plainHtml, usePublicPage } from '../test/public-page-server';
import { useApp } from '../test/use-app';
import {
  buildBudgetYear,
  buildBuilding,
  buildScenario,
  buildStateFigures,
  insertProposed,
} from '../test/factories';

/**
 * A district that plans three fiscal years in one budget year (FY26's, as the demo does) publishes
 * each year with its own figures: a year's spending per student divides by that year's students
 * (the enrollment of the budget year whose current year it is), never by those of the budget year
 * its plan sits in, and a year with no students or no state figures of its own says so.
 */
const PATH = 'three-years';
const AMOUNT = { 2025: '900000.00', 2026: '1000000.00', 2027: '1100000.00' } as const;

const { t, admin } = useApp(['ADMIN']);
const page = usePublicPage(t);
let view: PublicView;
let adminToken: string;
let budgetYearFy26: number;

beforeAll(async () => {
  adminToken = admin.token;
  const db = t.db.knex;
  const school = await buildBuilding(db, { name: 'Center School', buildingType: null });
  const fy25 = await buildBudgetYear(db, { currentFiscalYear: 2025, label: 'FY25' });
  const fy26 = await buildBudgetYear(db, { currentFiscalYear: 2026, label: 'FY26' });
  budgetYearFy26 = fy26;
  const scenarioId = await buildScenario(db, fy26, 'proposed');
  await insertProposed(
    db,
    ([2025, 2026, 2027] as const).map((fiscalYear) => ({
      budgetYearId: fy26,
      fiscalYear,
      scenarioId,
      amount: AMOUNT[fiscalYear],
    })),
  );
  // FY25's students are entered in FY25's budget year, FY26's in FY26's; FY27 has none yet.
  await db('enrollment').insert([
    { budget_year_id: fy25, building_id: school, grade: 'K', student_count: 150 },
    { budget_year_id: fy26, building_id: school, grade: 'K', student_count: 200 },
  ]);
  await buildStateFigures(db, 2026, '190.00');
  await configureAndPublish(
    t,
    admin.token,
    { urlPath: PATH, publishedYears: [2025, 2026, 2027], showBudgetStatus: true },
    { confirm: true },
  );
  view = (await t.api('get', `/public-dashboard/view/${PATH}`)).body;
});

describe('each published year per student', () => {
  it("divides each year by its own year's students", () => {
    expect(view.data['2025']!.perPupil).toMatchObject({ enrollment: 150, total: 6000 });
    expect(view.data['2026']!.perPupil).toMatchObject({ enrollment: 200, total: 5000 });
  });

  it('borrows no other year’s students for a year with none, and says so', async () => {
    expect(view.data['2027']!.perPupil).toBeNull();
    const html = await fetch(`${page.base}/public/${PATH}?year=2027`).then((r) => r.text());
    const plain = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(plain).toContain(
      'No FY27 enrollment has been entered, so spending per student is not worked out.',
    );
    expect(plain).not.toContain('Students enrolled');
  });

  it('says a year has no state per-pupil figure because its state figures are not entered', async () => {
    expect(view.data['2025']!.perPupilDese).toBeNull();
    expect(view.data['2026']!.perPupilDese).toMatchObject({ foundationEnrollment: 190 });
    const html = (await fetch(`${page.base}/public/${PATH}?year=2025`).then((r) => r.text())).replace(
      /<script[\s\S]*?<\/script>/g,
      '',
    );
    expect(html).toContain('The state’s FY25 figures (its foundation enrollment) are not entered yet.');
    expect(await plainHtml(page.base, `${PATH}?year=2026`)).not.toContain('are not entered yet');
  });
});

describe("the staff dashboard's per-pupil card beside the residents' page", () => {
  const district = async (fiscalYear: number) => {
    const res = await t.api('get', `/nss/per-pupil?budgetYearId=${budgetYearFy26}&fiscalYear=${fiscalYear}`, {
      token: adminToken,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (
      res.body.methods as { method: string; enrollment: number | null; perPupil: number | null }[]
    ).find((m) => m.method === 'DISTRICT_ENROLLMENT')!;
  };

  it('divides a year planned in another budget year by the same students the residents read', async () => {
    // FY25 is planned in FY26's budget year, which holds FY26's 200 students: FY25 is its own 150.
    expect(await district(2025)).toMatchObject({
      enrollment: 150,
      perPupil: view.data['2025']!.perPupil!.total,
    });
    expect(await district(2026)).toMatchObject({
      enrollment: 200,
      perPupil: view.data['2026']!.perPupil!.total,
    });
    expect(await district(2027)).toMatchObject({ enrollment: null, perPupil: null });
  });
});
