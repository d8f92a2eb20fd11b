import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { AppContext } from '@server/context';
import { publicViewForPath } from '@server/domains/public-dashboard/public-dashboard-view';
import { migrationConfig, openBefore } from '../test/migration-db';
import { useDb } from '../test/use-db';

/**
 * 20261126000300_public_dashboard_published_settings on a database published before it:
 * residents keep seeing the page they saw, now from its published copy; a dashboard never
 * published gets none; down drops the copy and leaves the settings as they were.
 */
const NAME = '20261126000300_public_dashboard_published_settings';
const config = migrationConfig(NAME);

const db = useDb(() => openBefore(NAME));
let knex: Knex;
beforeAll(() => {
  knex = db.knex;
});

const tableExists = () => knex.schema.hasTable('public_dashboard_published');

describe(NAME, () => {
  let published: number;
  const publishedAt = new Date('2026-11-20T15:00:00.000Z');

  it('copies a published dashboard’s settings and active links, in order, and no draft’s', async () => {
    expect(await tableExists()).toBe(false);
    [{ id: published }] = await knex('public_dashboard_configs')
      .insert({
        url_path: 'old-town',
        school_name: 'Old Town Schools',
        school_logo_url: 'https://example.org/crest.png',
        town_website_url: 'https://old-town.example.gov',
        is_published: true,
        published_at: publishedAt,
        published_years: JSON.stringify([2026]),
        component_order:
          'budgetStatus,schoolInfo,progressBar,categoryChart,buildingChart,salaryCharts,headcountChart,links,townLinks',
        show_town_links: false,
        show_salary_charts: true,
      })
      .returning('id');
    await knex('public_dashboard_configs').insert({ url_path: 'never-published', school_name: 'Draft' });
    const [second, first] = await knex('public_dashboard_links')
      .insert([
        { config_id: published, title: 'Budget book', url: 'https://example.org/book.pdf', display_order: 2 },
        {
          config_id: published,
          title: 'Hearing',
          url: 'https://youtu.be/dQw4w9WgXcQ',
          link_type: 'video',
          display_order: 1,
        },
        {
          config_id: published,
          title: 'Hidden',
          url: 'https://example.org/x',
          display_order: 0,
          is_active: false,
        },
      ])
      .returning('id');
    await knex('public_dashboard_snapshots').insert({
      config_id: published,
      fiscal_year: 2026,
      published_at: publishedAt,
      data: null,
    });

    await knex.migrate.up(config);

    const rows = await knex('public_dashboard_published');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      config_id: published,
      url_path: 'old-town',
      school_name: 'Old Town Schools',
      school_logo_url: 'https://example.org/crest.png',
      town_website_url: 'https://old-town.example.gov',
      school_website_url: null,
      show_town_links: false,
      show_salary_charts: true,
      show_school_info: true,
      links: [
        {
          id: first.id,
          title: 'Hearing',
          description: null,
          url: 'https://youtu.be/dQw4w9WgXcQ',
          linkType: 'video',
        },
        {
          id: second.id,
          title: 'Budget book',
          description: null,
          url: 'https://example.org/book.pdf',
          linkType: 'website',
        },
      ],
    });
    expect(new Date(rows[0].published_at).toISOString()).toBe(publishedAt.toISOString());

    // Residents are served the same page as before the migration.
    const view = await publicViewForPath({ db: knex } as AppContext, 'old-town');
    expect(view).toMatchObject({
      schoolName: 'Old Town Schools',
      visibleComponents: [
        'budgetStatus',
        'schoolInfo',
        'progressBar',
        'categoryChart',
        'buildingChart',
        'salaryCharts',
        'headcountChart',
        'links',
      ],
      links: [
        { title: 'Hearing', videoId: 'dQw4w9WgXcQ' },
        { title: 'Budget book', videoId: null },
      ],
      years: [2026],
      publishedAt: publishedAt.toISOString(),
    });
    expect(await publicViewForPath({ db: knex } as AppContext, 'never-published')).toBeNull();
  });

  it('goes down leaving the settings as they were, and up again', async () => {
    const settings = await knex('public_dashboard_configs').orderBy('id');
    await knex.migrate.down(config);
    expect(await tableExists()).toBe(false);
    expect(await knex('public_dashboard_configs').orderBy('id')).toEqual(settings);
    await knex.migrate.up(config);
    expect(await knex('public_dashboard_published').pluck('config_id')).toEqual([published]);
  });

  it('refuses a second dashboard published at the same address', async () => {
    const [{ id }] = await knex('public_dashboard_configs').insert({ url_path: 'other' }).returning('id');
    const row = await knex('public_dashboard_published').where({ config_id: published }).first();
    await expect(
      knex('public_dashboard_published').insert({ ...row, config_id: id, links: JSON.stringify(row.links) }),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
