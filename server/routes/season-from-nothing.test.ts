import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toCents } from '@shared/money';
import {
  createFy25BudgetYear,
  importBostonPayroll,
  rows,
  SCHOOLS,
  SKIP_BOSTON,
} from '../../test/boston-four-schools';
import { exportCents } from '../../test/real-files';
import { LEDGER_FILE, ledgerSuite, parseFixture, sumOf } from '../../test/worlds/ledger.suite';

/**
 * A whole season for a district that starts from nothing (no demo row): set up through the API,
 * the real Boston payroll of four schools (744 rows, $63,750,483.42) as FY2025's operating budget,
 * two proposed lines, the real Lunenburg ledger slice as FY2023's actuals, the stages up to Town
 * Appropriated, Publish, then the roll forward into FY2026. Every figure is recomputed here in
 * integer cents from the files and the stored lines, never by the code under test.
 */

const s = ledgerSuite('season-');
const post = (p: string, body?: unknown) => s.t.api('post', p, { token: s.admin.token, body });
/** A numeric column read as text (`::text`) -> cents, never through a float. */
const dbCents = (text: string | null) => exportCents(text ?? '0');
const asText = (column: string) => s.t.db.knex.raw(`${column}::text as ${column}`);
const PROPOSED = [
  { accountDescription: 'Textbooks', amount: '125000.10' },
  { accountDescription: 'Bus contract', amount: '402311.55' },
];
const proposedCents = PROPOSED.reduce((n, p) => n + exportCents(p.amount), 0n);

describe.skipIf(SKIP_BOSTON)('a season from an empty install, through the API', () => {
  let budgetYearId: number;
  const buildingIds = new Map<string, number>();

  it('sets the district up, imports its payroll and ledger, and plans proposed lines', async () => {
    const { body: cfg } = await s.t.api('get', '/public-dashboard/config', { token: s.admin.token });
    const saved = await s.t.api('patch', `/public-dashboard/config/${cfg.config.id}`, {
      token: s.admin.token,
      body: { schoolName: 'Boston Public Schools', urlPath: 'boston', publishedYears: [2025] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const school of SCHOOLS) {
      const res = await post('/buildings', { name: school, buildingType: 'elementary' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      buildingIds.set(school, res.body.building.id);
    }
    const created = await createFy25BudgetYear(s.t, s.admin.token, {
      firstFiscalYear: 'FY23',
      lastFiscalYear: 'FY27',
    });
    budgetYearId = created.budgetYearId;
    const versionId = created.versionId;
    expect((await post('/setup/budget-categories')).status).toBe(200);
    expect((await post('/cola/work-groups', { name: 'BTU Teachers' })).status).toBe(201);

    const imported = await importBostonPayroll(s.t, s.admin.token, { budgetYearId, versionId });
    expect(imported.status, JSON.stringify(imported.body).slice(0, 400)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 744, skipped: 0 });
    const stored = await s.t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2025, is_operating: true })
      .select(asText('current_salary'));
    const storedCents = stored.reduce((n, l) => n + dbCents(l.current_salary), 0n);
    expect(storedCents).toBe(rows.reduce((n, r) => n + r.cents, 0n));
    expect(storedCents).toBe(6_375_048_342n);

    for (const line of PROPOSED) {
      const res = await post('/line-items', {
        isOperating: false,
        budgetYearId,
        fiscalYear: 2025,
        accountDescription: line.accountDescription,
        // Money goes to the API as a JSON number of dollars, the number its exact text parses to.
        amount: Number(line.amount),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }

    // Adoption asks every dollar to carry a DESE function code: the four schools' lines are
    // instruction (2305) for this season.
    const uncoded = await s.t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2025 })
      .whereNull('dese_code')
      .pluck('id');
    const coded = await post('/line-items/bulk-function-code', { itemIds: uncoded, functionCode: '2305' });
    expect(coded.status, JSON.stringify(coded.body)).toBe(200);

    const ledger = await s.importFile(readFileSync(LEDGER_FILE), { fiscalYear: 'FY2023' });
    expect(ledger.status, JSON.stringify(ledger.body).slice(0, 400)).toBe(200);
    const fixture = parseFixture();
    const accounts = await s.t.db
      .knex('ledger_accounts')
      .where({ fiscal_year: 2023 })
      .select(asText('expended'));
    expect(accounts.reduce((n, a) => n + dbCents(a.expended), 0n)).toBe(sumOf(fixture, (r) => r.expended));
  });

  it('adopts and appropriates FY2025, and Publish shows residents that budget to the cent', async () => {
    for (const [stage, date] of [
      ['SUPERINTENDENT_RECOMMENDED', '2025-02-10'],
      ['SCHOOL_COMMITTEE_ADOPTED', '2025-03-12'],
      ['TOWN_APPROPRIATED', '2025-05-05'],
    ]) {
      const res = await post('/budget-stages/advance', { budgetYearId, fiscalYear: 2025, stage, date });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const { body: cfg } = await s.t.api('get', '/public-dashboard/config', { token: s.admin.token });
    const published = await post(`/public-dashboard/publish/${cfg.config.id}`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const view = (await s.t.api('get', '/public-dashboard/view/boston')).body;
    expect(view.data['2025'].stage).toBe('TOWN_APPROPRIATED');
    // Residents read the proposed budget (the budget by category as the School Committee votes it).
    expect(BigInt(toCents(view.data['2025'].totalBudget)!)).toBe(proposedCents);
  });

  it('rolls FY2025 forward into FY2026: the dry run and the real one carry what the lines say', async () => {
    const source = await s.t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, fiscal_year: 2025 })
      .select('is_operating', 'employee_status', asText('current_salary'), asText('next_year_salary'));
    const carried = source.filter((l) => l.is_operating && (l.employee_status ?? 'Active') === 'Active');
    const expectedSalaries = carried.reduce(
      (n, l) => n + dbCents(l.next_year_salary ?? l.current_salary),
      0n,
    );
    const dry = await post('/roll-forward', { fromFiscalYear: 'FY2025', dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const real = await post('/roll-forward', { fromFiscalYear: 'FY2025' });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    for (const res of [dry, real]) {
      expect(res.body.totals.employeesCarried).toBe(carried.length);
      expect(BigInt(toCents(res.body.totals.operatingTotal)!)).toBe(expectedSalaries);
      expect(BigInt(toCents(res.body.totals.proposedTotal)!)).toBe(proposedCents);
    }
    const rolled = await s.t.db
      .knex('line_items')
      .where({ fiscal_year: 2026, is_projected: false })
      .select('budget_year_id', 'is_operating', asText('current_salary'), asText('amount'));
    expect(new Set(rolled.map((l) => l.budget_year_id))).toEqual(new Set([budgetYearId]));
    const operating = rolled.filter((l) => l.is_operating);
    expect(operating).toHaveLength(carried.length);
    expect(operating.reduce((n, l) => n + dbCents(l.current_salary), 0n)).toBe(expectedSalaries);
    const proposed = rolled.filter((l) => !l.is_operating);
    expect(proposed.reduce((n, l) => n + dbCents(l.amount), 0n)).toBe(proposedCents);
  });
});
