import type { Knex } from 'knex';
import { addCheck, sqlList } from './helpers';

const LINK_TYPES = ['website', 'document', 'video'];
const DEFAULT_COMPONENT_ORDER =
  'schoolInfo,budgetStatus,progressBar,categoryChart,buildingChart,salaryCharts,headcountChart,links,townLinks';

/** The public dashboard: its configuration (one row per published URL) and its custom links. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('public_dashboard_configs', (t) => {
    t.increments('id').primary();
    // The {urlPath} of /public/{urlPath}.
    t.text('url_path').notNullable().unique('public_dashboard_configs_url_path_unique');
    t.text('school_name');
    t.text('school_logo_url');
    t.text('town_website_url');
    t.text('school_website_url');
    // Integer fiscal years shown to residents, e.g. [2026, 2027].
    t.jsonb('published_years').notNullable().defaultTo('[]');
    t.boolean('is_published').notNullable().defaultTo(false);
    t.timestamp('published_at', { useTz: true });
    t.text('component_order').notNullable().defaultTo(DEFAULT_COMPONENT_ORDER);
    t.boolean('show_school_info').notNullable().defaultTo(true);
    t.boolean('show_budget_status').notNullable().defaultTo(true);
    t.boolean('show_progress_bar').notNullable().defaultTo(true);
    t.boolean('show_category_chart').notNullable().defaultTo(true);
    t.boolean('show_building_chart').notNullable().defaultTo(true);
    // Hidden by default: salary distributions are the most sensitive module.
    t.boolean('show_salary_charts').notNullable().defaultTo(false);
    t.boolean('show_headcount_chart').notNullable().defaultTo(true);
    t.boolean('show_links').notNullable().defaultTo(true);
    t.boolean('show_town_links').notNullable().defaultTo(true);
    // Projected (not yet adopted) staffing stays private until an admin opts in.
    t.boolean('show_projected_employees').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  // The path lands in a URL: letters, digits, '-' and '_' only, so no encoding surprises.
  await addCheck(
    knex,
    'public_dashboard_configs',
    'public_dashboard_configs_url_path_check',
    `url_path ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'`,
  );
  await addCheck(
    knex,
    'public_dashboard_configs',
    'public_dashboard_configs_published_years_check',
    `jsonb_typeof(published_years) = 'array'`,
  );

  await knex.schema.createTable('public_dashboard_links', (t) => {
    t.increments('id').primary();
    t.integer('config_id')
      .notNullable()
      .references('id')
      .inTable('public_dashboard_configs')
      .onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description');
    t.text('url').notNullable();
    t.text('link_type').notNullable().defaultTo('website');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('display_order').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.index(['config_id', 'display_order'], 'public_dashboard_links_config_idx');
  });
  await addCheck(
    knex,
    'public_dashboard_links',
    'public_dashboard_links_link_type_check',
    `link_type IN (${sqlList(LINK_TYPES)})`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('public_dashboard_links');
  await knex.schema.dropTable('public_dashboard_configs');
}
