import type { Knex } from 'knex';
import { addCheck, fiscalYearRange, sqlList } from './helpers';

const IMPORT_TYPES = ['operating', 'proposed'];
const EMPLOYEE_STATUSES = ['Active', 'Retiring', 'Inactive'];
// Grades per building type: preschool P; elementary K-4; middle 5-8; high 9-12;
// special P, K, 1-12 and SP (a separate special-education programme).
const GRADES = ['P', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'SP'];

/**
 * Line items (employees and proposed lines in one table), the import bookkeeping they point at,
 * dismissed duplicate pairs, and enrollment.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_runs', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('file_name').notNullable();
    t.text('import_type').notNullable();
    t.integer('budget_year_id').references('id').inTable('budget_years').onDelete('SET NULL');
    t.integer('version_id').references('id').inTable('budget_versions').onDelete('SET NULL');
    t.integer('row_count').notNullable().defaultTo(0);
    t.integer('imported_count').notNullable().defaultTo(0);
    t.integer('skipped_count').notNullable().defaultTo(0);
    t.integer('warning_count').notNullable().defaultTo(0);
    t.integer('error_count').notNullable().defaultTo(0);
    t.jsonb('column_mappings');
    // Free text ('completed', 'failed', ...): only the import service writes it.
    t.text('status').notNullable().defaultTo('completed');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at'], 'import_runs_created_at_idx');
  });
  await addCheck(
    knex,
    'import_runs',
    'import_runs_import_type_check',
    `import_type IN (${sqlList(IMPORT_TYPES)})`,
  );
  await addCheck(
    knex,
    'import_runs',
    'import_runs_counts_check',
    'row_count >= 0 AND imported_count >= 0 AND skipped_count >= 0 AND warning_count >= 0 AND error_count >= 0',
  );

  await knex.schema.createTable('saved_column_mappings', (t) => {
    t.increments('id').primary();
    t.text('import_type').notNullable();
    // A hash of the sorted, normalised header names: the same export layout maps the same way again.
    t.text('header_signature').notNullable();
    t.jsonb('mappings').notNullable();
    t.timestamps(true, true);
    t.unique(['import_type', 'header_signature'], { indexName: 'saved_column_mappings_signature_unique' });
  });
  await addCheck(
    knex,
    'saved_column_mappings',
    'saved_column_mappings_import_type_check',
    `import_type IN (${sqlList(IMPORT_TYPES)})`,
  );

  await knex.schema.createTable('line_items', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    // A scenario is a budget: deleting it deletes its lines. Services refuse to delete an active one.
    t.integer('scenario_id').references('id').inTable('scenarios').onDelete('CASCADE');
    t.integer('version_id').references('id').inTable('budget_versions').onDelete('SET NULL');
    t.integer('fiscal_year').notNullable();
    // true: an employee line of the operating budget; false: a proposed (macro) line.
    t.boolean('is_operating').notNullable();
    t.boolean('is_projected').notNullable().defaultTo(false);

    // Employee (operating) fields.
    t.text('first_name');
    t.text('last_name');
    t.text('position');
    // Salaries are the budgeted amounts for the FTE, not full-time equivalents. 0 = a new hire
    // starting next fiscal year.
    t.decimal('current_salary', 14, 2);
    t.decimal('next_year_salary', 14, 2);
    t.boolean('next_year_salary_manual').notNullable().defaultTo(false);
    t.decimal('current_fte', 4, 2).defaultTo(1.0);
    t.text('location_code');
    t.text('department');
    t.integer('work_group_id').references('id').inTable('work_groups').onDelete('SET NULL');
    // The work-group label as imported, kept even when it matches no work_groups row.
    t.text('work_group');
    t.text('job_class');
    t.date('hire_date');
    t.date('date_of_departure');
    t.text('employee_status').defaultTo('Active');
    // Allowed values are not fixed by the spec; free text.
    t.text('budget_status');

    // Proposed (non-operating) fields.
    t.text('account_description');
    t.text('name');
    t.text('account_line');
    t.text('dese_categories');
    // May be negative: a credit line (offset, grant, revolving-fund transfer) is legitimate.
    t.decimal('amount', 14, 2);

    // Shared.
    t.text('dese_code');
    // A budget category or building in use cannot be deleted (the screens say so). NO ACTION
    // rather than RESTRICT: both refuse, but NO ACTION fails with SQLSTATE 23503 like every other
    // foreign-key error (RESTRICT reports 23001), so one error translation covers them all.
    t.integer('category_id').references('id').inTable('budget_categories').onDelete('NO ACTION');
    // null = District Wide.
    t.integer('building_id').references('id').inTable('buildings').onDelete('NO ACTION');
    t.text('notes');
    // { needsReview?: boolean, importWarnings?: string[], ... }
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.integer('import_run_id').references('id').inTable('import_runs').onDelete('SET NULL');
    // needs_review is generated from metadata rather than indexed as an expression: queries write
    // `WHERE needs_review` and always hit the partial index below, with no risk of spelling the
    // JSON expression slightly differently from the index. Stored, so it costs one byte per row.
    // jsonb equality, not a ::boolean cast, so a malformed value ('yes') is false instead of an error.
    t.specificType(
      'needs_review',
      `boolean GENERATED ALWAYS AS (coalesce(metadata -> 'needsReview' = 'true'::jsonb, false)) STORED`,
    );
    t.timestamps(true, true);

    // A fiscal year of 50,000 lines is read by budget year + fiscal year + kind (grids, summaries),
    // or by fiscal year + kind across budget years (all-fiscal-years, projections).
    t.index(['budget_year_id', 'fiscal_year', 'is_operating'], 'line_items_budget_year_fy_kind_idx');
    t.index(['fiscal_year', 'is_operating'], 'line_items_fy_kind_idx');
    t.index(['building_id'], 'line_items_building_id_idx');
    t.index(['category_id'], 'line_items_category_id_idx');
    // The remaining foreign keys are indexed so deleting their parent does not scan every line.
    t.index(['scenario_id', 'fiscal_year'], 'line_items_scenario_fy_idx');
    t.index(['version_id'], 'line_items_version_id_idx');
    t.index(['work_group_id'], 'line_items_work_group_id_idx');
    t.index(['import_run_id'], 'line_items_import_run_id_idx');
  });
  await knex.raw(
    'CREATE INDEX line_items_needs_review_idx ON line_items (budget_year_id, fiscal_year) WHERE needs_review',
  );
  await addCheck(knex, 'line_items', 'line_items_fiscal_year_check', fiscalYearRange('fiscal_year'));
  await addCheck(
    knex,
    'line_items',
    'line_items_current_salary_check',
    'current_salary IS NULL OR current_salary >= 0',
  );
  await addCheck(
    knex,
    'line_items',
    'line_items_next_year_salary_check',
    'next_year_salary IS NULL OR next_year_salary >= 0',
  );
  await addCheck(
    knex,
    'line_items',
    'line_items_current_fte_check',
    'current_fte IS NULL OR current_fte BETWEEN 0 AND 1.5',
  );
  await addCheck(
    knex,
    'line_items',
    'line_items_employee_status_check',
    `employee_status IS NULL OR employee_status IN (${sqlList(EMPLOYEE_STATUSES)})`,
  );
  await addCheck(knex, 'line_items', 'line_items_metadata_check', `jsonb_typeof(metadata) = 'object'`);

  await knex.schema.createTable('dismissed_duplicates', (t) => {
    t.increments('id').primary();
    // Stored as an ordered pair so (a, b) and (b, a) are the same row for the unique constraint.
    t.integer('line_item_id_low').notNullable().references('id').inTable('line_items').onDelete('CASCADE');
    t.integer('line_item_id_high').notNullable().references('id').inTable('line_items').onDelete('CASCADE');
    t.integer('dismissed_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['line_item_id_low', 'line_item_id_high'], { indexName: 'dismissed_duplicates_pair_unique' });
    t.index(['line_item_id_high'], 'dismissed_duplicates_high_idx');
  });
  await addCheck(
    knex,
    'dismissed_duplicates',
    'dismissed_duplicates_order_check',
    'line_item_id_low < line_item_id_high',
  );

  await knex.schema.createTable('enrollment', (t) => {
    t.increments('id').primary();
    t.integer('budget_year_id').notNullable().references('id').inTable('budget_years').onDelete('CASCADE');
    t.integer('building_id').notNullable().references('id').inTable('buildings').onDelete('CASCADE');
    t.text('grade').notNullable();
    t.integer('student_count').notNullable().defaultTo(0);
    t.integer('special_ed_count');
    t.timestamps(true, true);
    t.unique(['budget_year_id', 'building_id', 'grade'], {
      indexName: 'enrollment_year_building_grade_unique',
    });
    t.index(['building_id'], 'enrollment_building_id_idx');
  });
  await addCheck(knex, 'enrollment', 'enrollment_grade_check', `grade IN (${sqlList(GRADES)})`);
  await addCheck(knex, 'enrollment', 'enrollment_student_count_check', 'student_count >= 0');
  await addCheck(
    knex,
    'enrollment',
    'enrollment_special_ed_count_check',
    'special_ed_count IS NULL OR special_ed_count >= 0',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('enrollment');
  await knex.schema.dropTable('dismissed_duplicates');
  await knex.schema.dropTable('line_items');
  await knex.schema.dropTable('saved_column_mappings');
  await knex.schema.dropTable('import_runs');
}
