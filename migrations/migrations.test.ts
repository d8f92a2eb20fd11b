import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openDb, type DbHandle } from '@server/db/index';
import { migrateDownAll, migrateLatest } from '@server/db/migrate';
import { adminUrl } from '../test/pg-names';
import { migrationSource } from './index';
import { sqlState } from '../test/use-db';

/** Every migration in migrations/index.ts. */
const ALL = (await migrationSource.getMigrations([])).length;

const TABLES = [
  'ai_analyses',
  'audit_log',
  'budget_categories',
  'budget_settings',
  'budget_stage_lines',
  'budget_stage_staffing',
  'budget_stages',
  'budget_versions',
  'budget_years',
  'buildings',
  'cola_long_term_settings',
  'cola_scenarios',
  'cola_settings',
  'contract_cola_rates',
  'contracts',
  'cut_adjustments',
  'cut_floors',
  'cut_scenario_positions',
  'cut_scenarios',
  'dismissed_duplicates',
  'enrollment',
  'fiscal_year_homes',
  'function_code_rules',
  'funds',
  'import_runs',
  'installation',
  'ledger_accounts',
  'ledger_imports',
  'ledger_settings',
  'line_items',
  'nss_inclusion_rules',
  'nss_municipal_spending',
  'nss_parameters',
  'nss_state_figures',
  'position_crosswalk_rules',
  'position_fund_shares',
  'position_history',
  'position_holders',
  'positions',
  'projected_lines',
  'public_dashboard_configs',
  'public_dashboard_links',
  'public_dashboard_published',
  'public_dashboard_snapshots',
  'rif_calculations',
  'roll_forwards',
  'salary_schedule_amounts',
  'salary_schedules',
  'saved_column_mappings',
  'scenario_adoption_applied',
  'scenario_adoption_lines',
  'scenario_adoption_positions',
  'scenario_adoptions',
  'scenarios',
  'sessions',
  'town_goals',
  'users',
  'vacancy_placements',
  'work_group_categories',
  'work_groups',
];
const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

/**
 * A database that has never been migrated: not the run's template, because this file must prove the
 * migrations themselves work from nothing. PGlite in memory, or a new database on TEST_DATABASE_URL.
 */
async function openEmptyDb(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return openDb({});
  }
  const name = `budget_migrations_${process.pid}_${Date.now() % 100000}`;
  const admin = await openDb({ url: adminUrl(url) });
  await admin.knex.raw(`CREATE DATABASE ${name}`);
  await admin.close();
  const db = await openDb({ url: adminUrl(url, name) });
  return {
    ...db,
    close: async () => {
      await db.close();
      const again = await openDb({ url: adminUrl(url) });
      await again.knex.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.close();
    },
  };
}

async function tableNames(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r: { table_name: string }) => r.table_name);
}

describe('migrations', () => {
  let db: DbHandle;
  let knex: Knex;
  beforeAll(async () => {
    db = await openEmptyDb();
    knex = db.knex;
  });
  afterAll(() => db?.close());

  it('migrate up from an empty database', async () => {
    expect(await tableNames(knex)).toEqual([]);
    const applied = await migrateLatest(knex);
    expect(applied).toHaveLength(ALL);
    expect(applied[0]).toBe('20261121000001_create_users');
    expect(await tableNames(knex)).toEqual([...TABLES, ...KNEX_TABLES].sort());
  });

  it('enforce the key rules once migrated', async () => {
    const [{ id: yearId }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: 2026 })
      .returning('id');
    const active = { budget_year_id: yearId, name: 'Operating', scenario_type: 'operating', is_active: true };
    await knex('scenarios').insert(active);
    // At most one active budget per budget year and type.
    expect(await sqlState(knex('scenarios').insert({ ...active, name: 'Second' }))).toBe('23505');
    const user = { name: 'Bad', email: 'bad@example.org', password_hash: 'x', role: 'SUPERUSER' };
    expect(await sqlState(knex('users').insert(user))).toBe('23514');
    expect(await sqlState(knex('buildings').insert({ name: 'Red', color: 'red' }))).toBe('23514');
    // The rest of the constraints are covered by constraints.test.ts on the run's migrated template.
  });

  it('show every line through line_items_all with line_items’ columns, in order, and a row version', async () => {
    const columns = (table: string) =>
      knex('information_schema.columns')
        .where({ table_name: table })
        .whereRaw('table_schema = current_schema()')
        .orderBy('ordinal_position')
        .select('column_name', 'data_type');
    const view = await columns('line_items_all');
    // A column added to line_items later must be added to the view (and to projected lines) too.
    expect(view.slice(0, -1)).toEqual(await columns('line_items'));
    expect(view.at(-1)).toEqual({ column_name: 'row_version', data_type: 'bigint' });
  });

  it('migrate all the way down, leaving only knex bookkeeping', async () => {
    const reverted = await migrateDownAll(knex);
    expect(reverted).toHaveLength(ALL);
    expect(await tableNames(knex)).toEqual(KNEX_TABLES);
  });

  it('migrate up again', async () => {
    expect(await migrateLatest(knex)).toHaveLength(ALL);
    expect(await tableNames(knex)).toEqual([...TABLES, ...KNEX_TABLES].sort());
  });
});
