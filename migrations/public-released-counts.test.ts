import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { migrationConfig, openBefore } from '../test/migration-db';
import { useDb } from '../test/use-db';

/**
 * 20261125000600_public_released_counts on a database published before it: the
 * staff totals already out become where the rule on differences starts, and the figures of
 * sections switched off leave the stored snapshots.
 */
const NAME = '20261125000600_public_released_counts';
const config = migrationConfig(NAME);

const db = useDb(() => openBefore(NAME));
let knex: Knex;
beforeAll(() => {
  knex = db.knex;
});

describe(NAME, () => {
  it('seeds the released head counts from the stored snapshots and drops hidden sections from them', async () => {
    const [{ id: north }] = await knex('buildings').insert({ name: 'North' }).returning('id');
    await knex('buildings').insert([{ name: 'Twin' }, { name: 'Twin' }]);
    const [{ id: configId }] = await knex('public_dashboard_configs')
      .insert({ url_path: 'old', show_salary_charts: false, show_building_chart: false })
      .returning('id');
    const data = {
      fiscalYear: 2026,
      totalBudget: 100,
      buildingBreakdown: [{ name: 'North', amount: 100 }],
      categoryBreakdown: [{ name: 'Salaries', amount: 100, itemCount: 1, color: '#1d4ed8' }],
      salaryData: {
        teachers: [{ range: '$50k-$60k', rangeStart: 50000, count: 6, isOther: false }],
        paras: [],
      },
      locationData: {
        locations: [
          { location: 'North', count: 10, totalSalary: 500000, isOther: false },
          // Two buildings have this name: which one is unknown, so nothing is seeded for it.
          { location: 'Twin', count: 6, totalSalary: 300000, isOther: false },
          { location: 'District Wide', count: 5, totalSalary: 250000, isOther: false },
          { location: 'Other', count: 7, totalSalary: 350000, isOther: true },
        ],
        totalEmployees: 28,
        totalSalaries: 1400000,
      },
    };
    await knex('public_dashboard_snapshots').insert({
      config_id: configId,
      fiscal_year: 2026,
      data: JSON.stringify(data),
      published_at: new Date(),
    });

    await knex.migrate.up(config);

    const row = await knex('public_dashboard_configs').where({ id: configId }).first();
    expect(row.released_staff_counts).toEqual({
      '2026': { [`building:${north}`]: [10], 'district-wide': [5], other: [7], total: [28] },
    });
    const snap = await knex('public_dashboard_snapshots').where({ config_id: configId }).first();
    expect(snap.data).toEqual({ ...data, salaryData: null, buildingBreakdown: [] });
  });
});
