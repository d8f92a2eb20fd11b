import type { Knex } from 'knex';
import { addCheck } from './helpers';

/**
 * What residents see is what was published. Until now the public page read the
 * dashboard's settings and links live, so 'Save Settings' or 'Add Link' changed it at once. From
 * here the configuration row and its links are the draft, and Publish copies them, with the figures,
 * into this row: the address, the school's name, logo and websites, the section order, which
 * sections show, and the active links in their order. The public view reads only this row and the
 * snapshots (a section of figures switched off is still withdrawn from it at once: docs/PRIVACY.md).
 *
 * A dashboard published before this migration keeps showing what it showed: its settings and
 * active links as they are now become its published copy.
 */

const FLAGS = [
  'show_school_info',
  'show_budget_status',
  'show_progress_bar',
  'show_category_chart',
  'show_building_chart',
  'show_salary_charts',
  'show_headcount_chart',
  'show_links',
  'show_town_links',
  'show_projected_employees',
];
const TEXT = ['url_path', 'school_name', 'school_logo_url', 'town_website_url', 'school_website_url'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_dashboard_published', (t) => {
    t.integer('config_id').primary().references('id').inTable('public_dashboard_configs').onDelete('CASCADE');
    // The address residents reach the page at; it moves to the draft's at the next Publish.
    t.text('url_path').notNullable().unique('public_dashboard_published_url_path_unique');
    t.text('school_name');
    t.text('school_logo_url');
    t.text('town_website_url');
    t.text('school_website_url');
    t.text('component_order').notNullable();
    for (const flag of FLAGS) {
      t.boolean(flag).notNullable();
    }
    // [{ id, title, description, url, linkType }] in display order: the active links at Publish.
    t.jsonb('links').notNullable().defaultTo('[]');
    t.timestamp('published_at', { useTz: true }).notNullable();
  });
  await addCheck(
    knex,
    'public_dashboard_published',
    'public_dashboard_published_url_path_check',
    `url_path ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'`,
  );
  await addCheck(
    knex,
    'public_dashboard_published',
    'public_dashboard_published_links_check',
    `jsonb_typeof(links) = 'array'`,
  );
  const columns = [...TEXT, 'component_order', ...FLAGS].join(', ');
  await knex.raw(
    `INSERT INTO public_dashboard_published (config_id, ${columns}, links, published_at)
     SELECT c.id, ${TEXT.concat('component_order', FLAGS)
       .map((col) => `c.${col}`)
       .join(', ')},
            coalesce((SELECT jsonb_agg(jsonb_build_object('id', l.id, 'title', l.title,
                                                          'description', l.description, 'url', l.url,
                                                          'linkType', l.link_type)
                                       ORDER BY l.display_order, l.id)
                        FROM public_dashboard_links l
                       WHERE l.config_id = c.id AND l.is_active), '[]'::jsonb),
            coalesce(c.published_at, now())
       FROM public_dashboard_configs c
      WHERE c.is_published`,
  );
}

export async function down(knex: Knex): Promise<void> {
  // The draft settings are untouched: going down, the page reads them live again.
  await knex.schema.dropTable('public_dashboard_published');
}
