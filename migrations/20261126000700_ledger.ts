import type { Knex } from 'knex';
import { addCheck, fiscalYearRange } from './helpers';

/**
 * The general ledger's year-to-date figures: what the town's books say was
 * budgeted, spent and committed per account, imported from a MUNIS-style export. Ledger rows are
 * not budget lines: they live here, never in line_items.
 *
 * - ledger_settings: one row, the account pattern that splits an account string into its DESE
 *   function, object and location codes (server/lib/account-pattern.ts).
 * - ledger_imports: each import of a fiscal year's ledger at a period (1-12 months, 13 the closing
 *   period). One current import per fiscal year; a later import replaces it (its accounts are
 *   deleted, the run is kept, marked replaced).
 * - ledger_accounts: the rows of the current import, amounts as numeric(14,2). A row whose account
 *   does not fit the pattern is kept with `set_aside_reason` and left out of every figure.
 * - saved_column_mappings also remembers ledger mappings ('ledger' import type).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_settings', (t) => {
    t.integer('id').primary();
    t.text('account_pattern').notNullable();
    t.integer('updated_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await addCheck(knex, 'ledger_settings', 'ledger_settings_single_row_check', 'id = 1');
  await knex('ledger_settings').insert({ id: 1, account_pattern: 'fund-x-xxx-FUNC-...-OBJECT' });

  await knex.schema.createTable('ledger_imports', (t) => {
    t.increments('id').primary();
    t.integer('fiscal_year').notNullable();
    t.integer('period').notNullable();
    t.text('file_name').notNullable();
    t.text('file_sha256').notNullable();
    t.text('account_pattern').notNullable();
    t.jsonb('column_mappings').notNullable().defaultTo('{}');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('row_count').notNullable().defaultTo(0);
    t.integer('account_count').notNullable().defaultTo(0);
    t.integer('set_aside_count').notNullable().defaultTo(0);
    t.integer('warning_count').notNullable().defaultTo(0);
    // true for the import whose accounts the figures read; at most one per fiscal year.
    t.boolean('is_current').notNullable().defaultTo(true);
    t.integer('replaced_by_id').references('id').inTable('ledger_imports').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['fiscal_year'], 'ledger_imports_fiscal_year_idx');
    t.index(['file_sha256'], 'ledger_imports_file_sha256_idx');
  });
  await addCheck(knex, 'ledger_imports', 'ledger_imports_fiscal_year_check', fiscalYearRange('fiscal_year'));
  await addCheck(knex, 'ledger_imports', 'ledger_imports_period_check', 'period BETWEEN 1 AND 13');
  await knex.raw(
    'CREATE UNIQUE INDEX ledger_imports_one_current ON ledger_imports (fiscal_year) WHERE is_current',
  );

  await knex.schema.createTable('ledger_accounts', (t) => {
    t.increments('id').primary();
    t.integer('ledger_import_id')
      .notNullable()
      .references('id')
      .inTable('ledger_imports')
      .onDelete('CASCADE');
    t.integer('fiscal_year').notNullable();
    // The file's row number (as a spreadsheet shows it).
    t.integer('row_number').notNullable();
    t.text('account').notNullable();
    t.text('description');
    t.text('function_code');
    t.text('object_code');
    t.text('location_code');
    // Matched from location_code to a building's code; null = District Wide (or no LOC segment).
    t.integer('building_id').references('id').inTable('buildings').onDelete('SET NULL');
    t.decimal('original_budget', 14, 2).notNullable().defaultTo(0);
    t.decimal('transfers', 14, 2).notNullable().defaultTo(0);
    t.decimal('revised_budget', 14, 2).notNullable().defaultTo(0);
    t.decimal('expended', 14, 2).notNullable().defaultTo(0);
    t.decimal('encumbered', 14, 2).notNullable().defaultTo(0);
    t.jsonb('warnings').notNullable().defaultTo('[]');
    // Why the row is kept out of the figures (its account does not fit the pattern); null = in.
    t.text('set_aside_reason');
    t.index(['ledger_import_id'], 'ledger_accounts_import_idx');
    t.index(['fiscal_year', 'function_code'], 'ledger_accounts_fy_function_idx');
    t.index(['fiscal_year', 'account'], 'ledger_accounts_fy_account_idx');
    t.index(['building_id'], 'ledger_accounts_building_id_idx');
  });
  await addCheck(
    knex,
    'ledger_accounts',
    'ledger_accounts_fiscal_year_check',
    fiscalYearRange('fiscal_year'),
  );
  await addCheck(
    knex,
    'ledger_accounts',
    'ledger_accounts_warnings_check',
    `jsonb_typeof(warnings) = 'array'`,
  );

  await knex.raw('ALTER TABLE saved_column_mappings DROP CONSTRAINT saved_column_mappings_import_type_check');
  await addCheck(
    knex,
    'saved_column_mappings',
    'saved_column_mappings_import_type_check',
    `import_type IN ('operating', 'proposed', 'ledger')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('saved_column_mappings').where({ import_type: 'ledger' }).del();
  await knex.raw('ALTER TABLE saved_column_mappings DROP CONSTRAINT saved_column_mappings_import_type_check');
  await addCheck(
    knex,
    'saved_column_mappings',
    'saved_column_mappings_import_type_check',
    `import_type IN ('operating', 'proposed')`,
  );
  await knex.schema.dropTable('ledger_accounts');
  await knex.schema.dropTable('ledger_imports');
  await knex.schema.dropTable('ledger_settings');
}
