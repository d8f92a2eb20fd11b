import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * What each fiscal year's staff figures were published at (docs/PRIVACY.md): for
 * each staff cell (a building, District Wide, Other, the total) the head counts at which its salary
 * total was published exactly. Publish rounds a total whose head count is within 5 of any of them,
 * so no two snapshots of a year differ by one person's salary. Per dashboard, not per snapshot: a
 * year taken off the dashboard and published again later still compares with what was out.
 *
 * { "2026": { "building:3": [10, 15], "district-wide": [4], "other": [10], "total": [20, 25] } }
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('public_dashboard_configs', (t) => {
    t.jsonb('released_staff_counts').notNullable().defaultTo('{}');
  });
  await addCheck(
    knex,
    'public_dashboard_configs',
    'public_dashboard_configs_released_staff_counts_check',
    `jsonb_typeof(released_staff_counts) = 'object'`,
  );
  await seedFromSnapshots(knex);
  await dropHiddenSections(knex);
}

/**
 * Snapshots stored before this migration hold the figures of sections switched off too (residents were
 * sent them): they leave the stored snapshots now, as a section switched off does from now on.
 * After the seeding above, because those figures were out.
 */
async function dropHiddenSections(knex: Knex): Promise<void> {
  const hidden: [flag: string, path: string, value: string][] = [
    ['show_salary_charts', '{salaryData}', 'null'],
    ['show_headcount_chart', '{locationData}', 'null'],
    ['show_building_chart', '{buildingBreakdown}', '[]'],
    ['show_category_chart', '{categoryBreakdown}', '[]'],
    ['show_category_chart', '{deseBreakdown}', '[]'],
  ];
  for (const [flag, path, value] of hidden) {
    await knex.raw(
      `UPDATE public_dashboard_snapshots s SET data = jsonb_set(s.data, ?::text[], ?::jsonb)
         FROM public_dashboard_configs c
        WHERE c.id = s.config_id AND NOT c.${flag} AND jsonb_typeof(s.data) = 'object'`,
      [path, value],
    );
  }
  await knex.raw(
    `UPDATE public_dashboard_snapshots s SET data = jsonb_set(s.data, '{perPupil,byCategory}', '[]'::jsonb)
       FROM public_dashboard_configs c
      WHERE c.id = s.config_id AND NOT c.show_category_chart AND jsonb_typeof(s.data -> 'perPupil') = 'object'`,
  );
}

interface StoredLocation {
  location: string;
  count: number;
  isOther: boolean;
}

/**
 * Snapshots published before this column existed are out already: their exact totals are where
 * the next Publish starts. Building rows are matched by name where exactly one building has it
 * (the keys here are server/domains/public-dashboard/public-dashboard-release.ts's, written out: a migration must
 * not change with the code).
 */
async function seedFromSnapshots(knex: Knex): Promise<void> {
  const snapshots: { config_id: number; fiscal_year: number; data: unknown }[] = await knex(
    'public_dashboard_snapshots',
  ).select('config_id', 'fiscal_year', 'data');
  if (!snapshots.length) {
    return;
  }
  const byName = new Map<string, number | null>();
  for (const b of (await knex('buildings').select('id', 'name')) as { id: number; name: string }[]) {
    byName.set(b.name, byName.has(b.name) ? null : b.id);
  }
  const seeded = new Map<number, Record<string, Record<string, number[]>>>();
  for (const snap of snapshots) {
    const data = (typeof snap.data === 'string' ? JSON.parse(snap.data) : snap.data) as {
      locationData?: { locations?: StoredLocation[]; totalEmployees?: number | null } | null;
    } | null;
    const loc = data?.locationData;
    if (!loc) {
      continue;
    }
    const year: Record<string, number[]> = {};
    for (const l of loc.locations ?? []) {
      const id = byName.get(l.location);
      const key = l.isOther
        ? 'other'
        : typeof id === 'number'
          ? `building:${id}`
          : l.location === 'District Wide' && id === undefined
            ? 'district-wide'
            : null;
      if (key) {
        year[key] = [l.count];
      }
    }
    if (typeof loc.totalEmployees === 'number') {
      year.total = [loc.totalEmployees];
    }
    const config = seeded.get(snap.config_id) ?? {};
    config[String(snap.fiscal_year)] = year;
    seeded.set(snap.config_id, config);
  }
  for (const [id, counts] of seeded) {
    await knex('public_dashboard_configs')
      .where({ id })
      .update({ released_staff_counts: JSON.stringify(counts) });
  }
}

export async function down(knex: Knex): Promise<void> {
  // The column's CHECK goes with it.
  await knex.schema.alterTable('public_dashboard_configs', (t) => {
    t.dropColumn('released_staff_counts');
  });
}
