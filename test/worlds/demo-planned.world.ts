import { seedDemo } from '@seeds/demo';
import type { TestApp } from '../app';

/**
 * The demo district, for tests of its planned year FY27, which has no payroll of its own: budget
 * year FY26 (the FY2026 roster's home, where FY27 has only projected employee lines) and budget
 * year FY27 (no lines at all). Both read FY27's staff from the FY2026 roster.
 */
export interface DemoPlanned {
  budgetYearId: number;
  laterBudgetYearId: number;
}

export async function seedDemoPlanned(t: TestApp, personaPassword: string): Promise<DemoPlanned> {
  await seedDemo(t.db.knex, { personaPassword, passwordCost: 4 });
  const home = await t.db.knex('fiscal_year_homes').where({ fiscal_year: 2026 }).first('budget_year_id');
  const later = await t.db.knex('budget_years').where({ current_fiscal_year: 2027 }).first('id');
  return { budgetYearId: Number(home.budget_year_id), laterBudgetYearId: Number(later.id) };
}

/** The two budget years FY27 is read in, for `it.each`: a name and the budget year's id. */
export const plannedIn = (demo: () => DemoPlanned) =>
  [
    ['budget year FY26, beside projected employee lines', () => demo().budgetYearId],
    ['budget year FY27, with no lines at all', () => demo().laterBudgetYearId],
  ] as const;
