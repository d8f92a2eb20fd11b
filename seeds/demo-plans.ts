import type { Knex } from 'knex';
import { CURRENT_FISCAL_YEAR, type DemoDistrict } from './demo-district';
import { insertChunked, type ReferenceIds } from './demo-insert';
import { DISTRICT_NAME } from './demo-reference';
import { PUBLIC_LINKS, money } from './demo-rows';

/** Inserting the demo district's import history, plans and public dashboard (inside seedDemo's transaction). */

/** The two FY26 imports the current-year lines came from (Import History). */
export async function insertImportRuns(
  trx: Knex.Transaction,
  district: DemoDistrict,
  userId: number | null,
  budgetYearId: number,
  versionId: number,
) {
  const fy26 = (lines: { fiscalYear: number }[]) =>
    lines.filter((l) => l.fiscalYear === CURRENT_FISCAL_YEAR).length;
  const base = {
    user_id: userId,
    budget_year_id: budgetYearId,
    version_id: versionId,
    skipped_count: 0,
    error_count: 0,
    status: 'completed',
  };
  const [operating] = await trx('import_runs')
    .insert({
      ...base,
      file_name: 'FY26 Payroll Export (MUNIS).xlsx',
      import_type: 'operating',
      row_count: fy26(district.employees),
      imported_count: fy26(district.employees),
      // Counted once the next-year salary rule has flagged its lines too (seedDemo).
      warning_count: 0,
      column_mappings: JSON.stringify({
        firstName: 'First Name',
        lastName: 'Last Name',
        position: 'Job Title',
        currentSalary: 'Annual Salary',
        currentFTE: 'FTE',
        locationCode: 'Location',
      }),
    })
    .returning('id');
  const [proposed] = await trx('import_runs')
    .insert({
      ...base,
      file_name: 'FY26 Budget Detail.csv',
      import_type: 'proposed',
      row_count: fy26(district.proposed),
      imported_count: fy26(district.proposed),
      warning_count: 0,
      column_mappings: JSON.stringify({
        accountLine: 'Account',
        accountDescription: 'Description',
        amount: 'FY26 Request',
        deseCode: 'DESE Function',
      }),
    })
    .returning('id');
  return { operating: operating.id as number, proposed: proposed.id as number };
}

/** Town goals, contracts with their COLA rates, COLA scenarios and the public dashboard. */
export async function insertPlans(trx: Knex.Transaction, district: DemoDistrict, ref: ReferenceIds) {
  const taken = new Set((await trx('town_goals').select('fiscal_year')).map((r) => r.fiscal_year));
  const goals = district.townGoals.filter((g) => !taken.has(g.fiscalYear));
  await insertChunked(
    trx,
    'town_goals',
    goals.map((g) => ({
      fiscal_year: g.fiscalYear,
      goal_type: g.goalType,
      dollar_goal: money(g.dollarGoalCents),
      percent_goal: g.percentGoal,
      baseline_year: g.baselineYear,
      baseline_amount: g.baselineAmountCents === null ? null : money(g.baselineAmountCents),
      actual_amount: g.actualAmountCents === null ? null : money(g.actualAmountCents),
      notes: g.notes,
      is_baseline: g.isBaseline,
    })),
  );
  for (const c of district.contracts) {
    const [row] = await trx('contracts')
      .insert({
        name: c.name,
        work_group_id: ref.workGroups.get(c.workGroup),
        start_year: c.startYear,
        end_year: c.endYear,
        contract_years: c.endYear - c.startYear + 1,
        status: c.status,
        settlement_date: c.settlementDate,
        notes: c.notes,
      })
      .returning('id');
    await trx('contract_cola_rates').insert(
      c.rates.map((rate, i) => ({
        contract_id: row.id,
        contract_year: i + 1,
        fiscal_year: c.startYear + i,
        cola_percentage: rate,
      })),
    );
  }
  for (const s of district.colaScenarios) {
    const [row] = await trx('cola_scenarios')
      .insert({ name: s.name, description: s.description, is_default: s.isDefault })
      .returning('id');
    const settings = [
      ...Object.entries(s.byCategory).flatMap(([category, years]) =>
        Object.entries(years).map(([fy, pct]) => ({
          scenario_id: row.id,
          work_group_category_id: ref.wgc.get(category),
          fiscal_year: Number(fy),
          cola_percentage: pct,
        })),
      ),
      ...s.byWorkGroup.map((w) => ({
        scenario_id: row.id,
        work_group_id: ref.workGroups.get(w.workGroup),
        fiscal_year: w.fiscalYear,
        cola_percentage: w.percent,
      })),
    ];
    await trx('cola_settings').insert(settings);
  }
  if (await trx('public_dashboard_configs').where({ url_path: 'demo' }).first('id')) {
    return;
  }
  const [config] = await trx('public_dashboard_configs')
    .insert({
      url_path: 'demo',
      school_name: DISTRICT_NAME,
      town_website_url: 'https://town.example.org',
      school_website_url: 'https://schools.example.org',
      published_years: JSON.stringify([CURRENT_FISCAL_YEAR]),
      is_published: false,
    })
    .returning('id');
  await trx('public_dashboard_links').insert(
    PUBLIC_LINKS.map((l, i) => ({ ...l, config_id: config.id, display_order: i + 1 })),
  );
}
