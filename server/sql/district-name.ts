import type { Db } from '@server/db/index';

/**
 * The district's own name: the school name of its public dashboard's settings (the district has
 * one dashboard, its first configuration), where Setup and `budget-cli setup --district-name`
 * save it. Null when none is saved (a blank one counts as none): the web app then says 'School
 * district', never the demo's name. The demo seed saves 'Millbrook Public Schools' there as data.
 */
export const DISTRICT_NAME_SQL = `(SELECT nullif(btrim(school_name), '') FROM public_dashboard_configs ORDER BY id LIMIT 1)`;

/** The district's saved name, or null (see DISTRICT_NAME_SQL). */
export async function districtName(db: Db): Promise<string | null> {
  const { rows } = await db.raw(`SELECT ${DISTRICT_NAME_SQL} AS name`);
  return (rows[0]?.name as string | null) ?? null;
}
