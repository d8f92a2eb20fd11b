import type { Db } from '@server/db/index';
import { DISTRICT_NAME_SQL } from '@server/sql/district-name';
import { plannedFiscalYearsSql } from '@server/domains/budgets';

/** How many of each thing the setup steps ask for there are, and the dashboard's district name. */
export async function setupCounts(db: Db) {
  const { rows } = await db.raw(`SELECT
      (SELECT count(*) FROM buildings)::int AS buildings,
      (SELECT count(*) FROM budget_categories)::int AS categories,
      (SELECT count(*) FROM work_groups)::int AS work_groups,
      ${DISTRICT_NAME_SQL} AS district_name,
      (SELECT school_logo_url FROM public_dashboard_configs ORDER BY id LIMIT 1) AS logo_url`);
  return rows[0] as {
    buildings: number;
    categories: number;
    work_groups: number;
    district_name: string | null;
    logo_url: string | null;
  };
}

/** Every budget year with the fiscal years it plans (its homes', versions' and lines') and its budget count. */
export async function budgetYearsWithFiscalYears(db: Db) {
  const { rows } = await db.raw(`SELECT b.id, b.fiscal_year, b.name, b.notes, b.current_fiscal_year,
      coalesce((SELECT array_agg(DISTINCT y ORDER BY y) FROM (
          ${plannedFiscalYearsSql('b.id')}) f), '{}') AS fiscal_years,
      (SELECT count(*) FROM scenarios s WHERE s.budget_year_id = b.id)::int AS scenario_count
    FROM budget_years b ORDER BY b.current_fiscal_year, b.id`);
  return rows as {
    id: number;
    fiscal_year: string;
    name: string | null;
    notes: string | null;
    current_fiscal_year: number;
    fiscal_years: number[];
    scenario_count: number;
  }[];
}

/** The names of these categories already there. */
export async function categoryNamesPresent(db: Db, names: readonly string[]): Promise<Set<string>> {
  const rows = await db('budget_categories').whereIn('name', names).select('name');
  return new Set(rows.map((r: { name: string }) => r.name));
}

export async function insertCategories(
  db: Db,
  rows: readonly object[],
): Promise<{ id: number; name: string }[]> {
  return rows.length ? db('budget_categories').insert(rows).returning(['id', 'name']) : [];
}
