import type { Knex } from 'knex';
import { addCheck, fiscalYearRange, sqlList } from './helpers';

/**
 * Chapter 70 net school spending: the figures DESE publishes for the
 * district each fiscal year, the town's spending on the schools' behalf by End-of-Year-Report line,
 * and the rules that decide which spending counts toward NSS, kept as data per fiscal year because
 * the Legislature and the Board change them (docs/MASSACHUSETTS.md cites each rule).
 *
 * A rule set applies from its fiscal year until a later year's set: the meter of FY2027 reads the
 * rules of the greatest fiscal_year <= 2027. Within a set the narrowest code range that holds a
 * line's function code decides (3300 inside 3000-3999). This file's seed is frozen with it: a
 * change of the law is a new migration adding the new year's whole set.
 */

export const FUNDS = ['general', 'grant', 'revolving', 'state_reimbursed', 'municipal'] as const;

const REG = '603 CMR 10.06(2), as amended 2013-06-25 (doe.mass.edu/lawsregs/603cmr10.html)';
const REG_MUNICIPAL = '603 CMR 10.04(1) (doe.mass.edu/lawsregs/603cmr10.html)';
const ADVISORY =
  'DESE, Advisory on School Budgets and Municipal Expenditures (doe.mass.edu/news/news.aspx?id=6241)';
const C70_6 = 'G.L. c.70 §6';
const C70_11 = 'G.L. c.70 §11';

/** The first fiscal year of the seeded rules: the regulation as amended in June 2013. */
const FROM_YEAR = 2014;

type Rule = [from: number, to: number, counts: boolean, note: string, source: string];

/** What the school committee's own (general fund) budget counts, by function code. */
const SCHOOL_RULES: Rule[] = [
  [1000, 1999, true, 'District and school administration', `${REG} (a)`],
  [2000, 2999, true, 'Instructional services, materials and equipment', `${REG} (b)`],
  [3000, 3999, true, 'Student support services and student activities', `${REG} (c), (d)`],
  [
    3300,
    3300,
    false,
    'Transportation of students to and from school does not count',
    `${ADVISORY}; ${C70_6} ('student transportation')`,
  ],
  [
    3400,
    3400,
    true,
    'Food services count, except the cost of food; lunch bought from the lunch revolving fund never counts',
    `${REG} (c)`,
  ],
  [
    4000,
    4999,
    true,
    'Operation, routine and extraordinary maintenance of school facilities',
    `${REG} (e), (f)`,
  ],
  [
    5000,
    5999,
    false,
    'Fixed charges the regulation does not name (5150 separation costs, 5500 other fixed charges, 5550 crossing guards): not counted until confirmed',
    REG,
  ],
  [5100, 5100, true, 'Retirement contributions for current school district employees', `${REG} (g)`],
  [5200, 5200, true, 'Health insurance for current school district employees', `${REG} (g)`],
  [
    5250,
    5250,
    false,
    'Insurance for retired school employees: (g) names current employees only',
    `${REG} (g)`,
  ],
  [5260, 5260, true, 'Non-employee insurance', `${REG} (h)`],
  [5300, 5300, true, 'Rental or lease of equipment for instruction and operations', `${REG} (b), (e)`],
  [5350, 5350, true, 'Rental or lease of buildings for up to three years', `${REG} (i)`],
  [5400, 5400, true, 'Interest on short-term borrowing in anticipation of revenue', `${REG} (j)`],
  [6000, 6999, false, 'Community services and adult education do not count', `${ADVISORY}; ${C70_6}`],
  [7000, 7999, false, 'Acquisition of fixed assets: most capital costs do not count', ADVISORY],
  [8000, 8999, false, 'Long-term debt retirement and service do not count', `${C70_6}; ${ADVISORY}`],
  [
    9000,
    9999,
    true,
    'Tuition and assessments for students at other public schools, collaboratives, private schools, school choice and charter schools',
    `${REG} (k), (l)`,
  ],
  [9130, 9130, false, 'Charter school transportation is student transportation', C70_6],
];

/** The town's spending on the schools' behalf (End-of-Year Report, municipal column), by line. */
const MUNICIPAL_RULES: Rule[] = [
  [
    1000,
    1999,
    true,
    'Administrative services (accounting, auditing, data processing, purchasing, benefits administration), by one of the agreed allocation methods',
    `${ADVISORY}; ${REG_MUNICIPAL}(a)`,
  ],
  [
    2000,
    2999,
    true,
    'Educational media and library services under an agreement with the library board',
    `${REG_MUNICIPAL}(b)`,
  ],
  [3000, 3999, true, 'Health services for students under an agreement', `${REG_MUNICIPAL}(c)`],
  [
    3300,
    3300,
    false,
    'Transportation of students to and from school does not count',
    `${ADVISORY}; ${C70_6}`,
  ],
  [4000, 4999, true, 'Operation and maintenance of school buildings by town departments', `${REG} (e), (f)`],
  [5000, 5999, false, 'Fixed charges the regulation does not name (5550 crossing guards)', REG],
  [
    5100,
    5100,
    true,
    'Retirement contributions for current school employees (teachers’ retirement is the state’s and is not reported)',
    `${REG} (g); ${ADVISORY}`,
  ],
  [5200, 5200, true, 'Health insurance for current school employees', `${REG} (g); ${ADVISORY}`],
  [
    5250,
    5250,
    false,
    'Insurance for retired school employees: (g) names current employees only',
    `${REG} (g)`,
  ],
  [5260, 5260, true, 'Non-employee insurance (school property and liability)', `${REG} (h)`],
  [5300, 5350, true, 'Rental or lease of buildings and equipment for the schools', `${REG} (i)`],
  [5400, 5400, true, 'Interest on short-term revenue anticipation borrowing', `${REG} (j)`],
  [6000, 6999, false, 'Community services and adult education do not count', `${ADVISORY}; ${C70_6}`],
  [7000, 7999, false, 'Capital costs do not count', ADVISORY],
  [8000, 8999, false, 'Long-term debt service does not count', `${C70_6}; ${ADVISORY}`],
  [9000, 9999, true, 'School choice and charter school assessments, minus reimbursements', `${REG} (l)`],
];

/** Grants, revolving funds and state-reimbursed spending never count, whatever their function. */
const OTHER_FUNDS: [fund: string, note: string][] = [
  ['grant', 'Spending from grants does not count'],
  ['revolving', 'Spending from revolving funds (lunch, tuition, fees) does not count'],
  ['state_reimbursed', 'Spending the state reimburses does not count'],
];

function rows(fund: string, rules: Rule[]) {
  return rules.map(([from, to, counts, note, source]) => ({
    fiscal_year: FROM_YEAR,
    fund,
    code_from: from,
    code_to: to,
    counts,
    note,
    source,
  }));
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('nss_state_figures', (t) => {
    t.increments('id').primary();
    t.integer('fiscal_year').notNullable().unique();
    t.decimal('foundation_enrollment', 10, 2).notNullable();
    t.decimal('foundation_budget', 14, 2).notNullable();
    t.decimal('required_local_contribution', 14, 2).notNullable();
    t.decimal('chapter70_aid', 14, 2).notNullable();
    t.decimal('required_nss', 14, 2).notNullable();
    // DESE's over/under sign: negative is the prior year's shortfall carried into this year.
    t.decimal('carry_forward', 14, 2).notNullable().defaultTo(0);
    for (const figure of [
      'foundation_enrollment',
      'foundation_budget',
      'required_local_contribution',
      'chapter70_aid',
      'required_nss',
      'carry_forward',
    ]) {
      t.text(`${figure}_source`);
    }
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await addCheck(knex, 'nss_state_figures', 'nss_state_figures_year_check', fiscalYearRange('fiscal_year'));
  await addCheck(
    knex,
    'nss_state_figures',
    'nss_state_figures_positive_check',
    'foundation_enrollment > 0 AND foundation_budget > 0 AND required_nss > 0 AND required_local_contribution >= 0 AND chapter70_aid >= 0',
  );

  await knex.schema.createTable('nss_municipal_spending', (t) => {
    t.increments('id').primary();
    t.integer('fiscal_year')
      .notNullable()
      .references('fiscal_year')
      .inTable('nss_state_figures')
      .onDelete('CASCADE');
    t.text('eoyr_code').notNullable();
    t.decimal('amount', 14, 2).notNullable();
    t.text('source');
    t.unique(['fiscal_year', 'eoyr_code'], { indexName: 'nss_municipal_spending_unique' });
  });
  await addCheck(
    knex,
    'nss_municipal_spending',
    'nss_municipal_spending_check',
    `eoyr_code ~ '^[1-9][0-9]{3}$' AND amount >= 0`,
  );

  await knex.schema.createTable('nss_inclusion_rules', (t) => {
    t.increments('id').primary();
    t.integer('fiscal_year').notNullable();
    t.text('fund').notNullable();
    t.integer('code_from').notNullable();
    t.integer('code_to').notNullable();
    t.boolean('counts').notNullable();
    t.text('note').notNullable();
    t.text('source').notNullable();
    t.unique(['fiscal_year', 'fund', 'code_from', 'code_to'], { indexName: 'nss_inclusion_rules_unique' });
  });
  await addCheck(
    knex,
    'nss_inclusion_rules',
    'nss_inclusion_rules_check',
    `${fiscalYearRange('fiscal_year')} AND fund IN (${sqlList(FUNDS)}) AND code_from BETWEEN 1000 AND 9999 AND code_to BETWEEN code_from AND 9999`,
  );

  await knex.schema.createTable('nss_parameters', (t) => {
    t.integer('fiscal_year').primary();
    t.decimal('carry_forward_limit_percent', 5, 2).notNullable();
    t.text('note').notNullable();
    t.text('source').notNullable();
  });
  await addCheck(
    knex,
    'nss_parameters',
    'nss_parameters_check',
    `${fiscalYearRange('fiscal_year')} AND carry_forward_limit_percent BETWEEN 0 AND 100`,
  );

  await knex('nss_inclusion_rules').insert([
    ...rows('general', SCHOOL_RULES),
    ...rows('municipal', MUNICIPAL_RULES),
    ...OTHER_FUNDS.flatMap(([fund, note]) => rows(fund, [[1000, 9999, false, note, ADVISORY]])),
  ]);
  await knex('nss_parameters').insert({
    fiscal_year: FROM_YEAR,
    carry_forward_limit_percent: 5,
    note: 'A shortfall up to this percent of the requirement is added to the next year’s requirement; state aid is reduced by what it exceeds (by the whole shortfall when a carried amount is missed again)',
    source: C70_11,
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('nss_parameters');
  await knex.schema.dropTable('nss_inclusion_rules');
  await knex.schema.dropTable('nss_municipal_spending');
  await knex.schema.dropTable('nss_state_figures');
}
