import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import {
  BUILDING_TYPES,
  CONTRACT_STATUSES,
  EMPLOYEE_STATUSES,
  GOAL_TYPES,
  LINK_TYPES,
  ROLES,
  SCENARIO_TYPES,
  VERSION_STATUSES,
} from '@shared/schemas/common';
import { createTestDb } from '../test/db';
import { sqlState } from '../test/use-db';

/** Every CHECK, unique and foreign-key rule of the schema, on a copy of the run's migrated template. */
describe('schema constraints', () => {
  let db: DbHandle;
  let knex: Knex;
  let userId: number;
  let budgetYearId: number;
  let categoryId: number;
  let buildingId: number;

  beforeAll(async () => {
    db = await createTestDb();
    knex = db.knex;
    [{ id: userId }] = await knex('users')
      .insert({ name: 'Admin', email: 'admin@example.org', password_hash: 'x', role: 'ADMIN' })
      .returning('id');
    [{ id: budgetYearId }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY26', name: 'FY26 Budget', current_fiscal_year: 2026 })
      .returning('id');
    [{ id: categoryId }] = await knex('budget_categories').insert({ name: 'Supplies' }).returning('id');
    [{ id: buildingId }] = await knex('buildings')
      .insert({ name: 'High School', code: 'HS' })
      .returning('id');
  });
  afterAll(() => db?.close());

  it('allow one active budget per budget year and type (23505 for a second)', async () => {
    await knex('scenarios').insert([
      { budget_year_id: budgetYearId, name: 'Operating A', scenario_type: 'operating', is_active: true },
      { budget_year_id: budgetYearId, name: 'Proposed A', scenario_type: 'proposed', is_active: true },
      { budget_year_id: budgetYearId, name: 'Operating B', scenario_type: 'operating', is_active: false },
    ]);
    const second = {
      budget_year_id: budgetYearId,
      name: 'Operating C',
      scenario_type: 'operating',
      is_active: true,
    };
    expect(await sqlState(knex('scenarios').insert(second))).toBe('23505');
  });

  it('reject values outside the enumerations (23514)', async () => {
    const user = { name: 'Bad', email: 'bad@example.org', password_hash: 'x' };
    expect(await sqlState(knex('users').insert({ ...user, role: 'SUPERUSER' }))).toBe('23514');
    const scenario = { budget_year_id: budgetYearId, name: 'X', scenario_type: 'capital' };
    expect(await sqlState(knex('scenarios').insert(scenario))).toBe('23514');
    expect(await sqlState(knex('buildings').insert({ name: 'Annex', building_type: 'college' }))).toBe(
      '23514',
    );
    expect(await sqlState(knex('town_goals').insert({ fiscal_year: 2026, goal_type: 'VIBES' }))).toBe(
      '23514',
    );
    const link = await knex('public_dashboard_configs').insert({ url_path: 'demo' }).returning('id');
    const badLink = { config_id: link[0].id, title: 'T', url: 'https://x', link_type: 'podcast' };
    expect(await sqlState(knex('public_dashboard_links').insert(badLink))).toBe('23514');
    expect(await sqlState(knex('public_dashboard_configs').insert({ url_path: '../etc' }))).toBe('23514');
  });

  it('accept every value the application enumerates in shared/schemas/common.ts', async () => {
    await knex('users').insert(
      ROLES.map((role, i) => ({ name: role, email: `${role}${i}@example.org`, password_hash: 'x', role })),
    );
    await knex('buildings').insert(
      BUILDING_TYPES.map((building_type) => ({ name: building_type, building_type })),
    );
    await knex('town_goals').insert(GOAL_TYPES.map((goal_type, i) => ({ fiscal_year: 2030 + i, goal_type })));
    await knex('budget_versions').insert(
      VERSION_STATUSES.map((status) => ({ fiscal_year: 2026, label: status, status })),
    );
    const [{ id: yearId }] = await knex('budget_years')
      .insert({ fiscal_year: 'FY27', name: 'FY27', current_fiscal_year: 2027 })
      .returning('id');
    await knex('scenarios').insert(
      SCENARIO_TYPES.map((scenario_type) => ({ budget_year_id: yearId, name: 'S', scenario_type })),
    );
    const base = { budget_year_id: yearId, fiscal_year: 2027, is_operating: true };
    await knex('line_items').insert(
      EMPLOYEE_STATUSES.map((employee_status) => ({ ...base, employee_status })),
    );
    const [{ id: groupId }] = await knex('work_groups').insert({ name: 'Teachers' }).returning('id');
    await knex('contracts').insert(
      CONTRACT_STATUSES.map((status) => ({
        name: status,
        work_group_id: groupId,
        start_year: 2025,
        end_year: 2027,
        contract_years: 3,
        status,
      })),
    );
    const [{ id: configId }] = await knex('public_dashboard_configs')
      .insert({ url_path: 'enum-check' })
      .returning('id');
    await knex('public_dashboard_links').insert(
      LINK_TYPES.map((link_type) => ({
        config_id: configId,
        title: link_type,
        url: 'https://x',
        link_type,
      })),
    );
  });

  it('reject colours that are not #RRGGBB', async () => {
    expect(await sqlState(knex('buildings').insert({ name: 'Red', color: 'red' }))).toBe('23514');
    expect(await sqlState(knex('budget_categories').insert({ name: 'Bad colour', color: '#12345' }))).toBe(
      '23514',
    );
    expect(await sqlState(knex('work_group_categories').insert({ name: 'WG', text_color: '#GGGGGG' }))).toBe(
      '23514',
    );
    expect(await sqlState(knex('buildings').insert({ name: 'Teal', color: '#0F766e' }))).toBeNull();
  });

  it('keep salaries non-negative and FTE within 0..1.5, but allow credit lines', async () => {
    const line = { budget_year_id: budgetYearId, fiscal_year: 2026, is_operating: true };
    expect(await sqlState(knex('line_items').insert({ ...line, current_salary: -1 }))).toBe('23514');
    expect(await sqlState(knex('line_items').insert({ ...line, next_year_salary: -0.01 }))).toBe('23514');
    expect(await sqlState(knex('line_items').insert({ ...line, current_fte: 1.6 }))).toBe('23514');
    expect(await sqlState(knex('line_items').insert({ ...line, fiscal_year: 26 }))).toBe('23514');
    const credit = { ...line, is_operating: false, amount: -2500, category_id: categoryId };
    expect(await sqlState(knex('line_items').insert(credit))).toBeNull();
  });

  it('refuse to delete a budget category or building that lines use (23503)', async () => {
    const line = { budget_year_id: budgetYearId, fiscal_year: 2026, is_operating: false };
    await knex('line_items').insert({
      ...line,
      amount: 10,
      category_id: categoryId,
      building_id: buildingId,
    });
    expect(await sqlState(knex('budget_categories').where({ id: categoryId }).delete())).toBe('23503');
    expect(await sqlState(knex('buildings').where({ id: buildingId }).delete())).toBe('23503');
  });

  it('derive needs_review from metadata', async () => {
    const line = { budget_year_id: budgetYearId, fiscal_year: 2026, is_operating: true };
    const rows = await knex('line_items')
      .insert([
        { ...line, metadata: { needsReview: true, importWarnings: ['Missing hire date'] } },
        { ...line, metadata: { needsReview: false } },
        { ...line, metadata: { needsReview: 'yes' } },
        line,
      ])
      .returning('needs_review');
    expect(rows.map((r: { needs_review: boolean }) => r.needs_review)).toEqual([true, false, false, false]);
  });

  it('keep pairs, enrollment, COLA settings and other keys unique and well-formed', async () => {
    const line = { budget_year_id: budgetYearId, fiscal_year: 2026, is_operating: true };
    const [a, b] = await knex('line_items').insert([line, line]).returning('id');
    const pair = { line_item_id_low: a.id, line_item_id_high: b.id, dismissed_by: userId };
    expect(await sqlState(knex('dismissed_duplicates').insert(pair))).toBeNull();
    expect(await sqlState(knex('dismissed_duplicates').insert(pair))).toBe('23505');
    const reversed = { line_item_id_low: b.id, line_item_id_high: a.id };
    expect(await sqlState(knex('dismissed_duplicates').insert(reversed))).toBe('23514');

    const grade = { budget_year_id: budgetYearId, building_id: buildingId, grade: '9', student_count: 250 };
    expect(await sqlState(knex('enrollment').insert(grade))).toBeNull();
    expect(await sqlState(knex('enrollment').insert(grade))).toBe('23505');
    expect(await sqlState(knex('enrollment').insert({ ...grade, grade: '13' }))).toBe('23514');
    expect(await sqlState(knex('enrollment').insert({ ...grade, grade: '10', student_count: -1 }))).toBe(
      '23514',
    );

    const [{ id: colaId }] = await knex('cola_scenarios')
      .insert({ name: 'Base', is_default: true })
      .returning('id');
    const [{ id: wgcId }] = await knex('work_group_categories').insert({ name: 'TEACHERS' }).returning('id');
    const setting = {
      scenario_id: colaId,
      work_group_category_id: wgcId,
      fiscal_year: 2027,
      cola_percentage: 3,
    };
    expect(await sqlState(knex('cola_settings').insert(setting))).toBeNull();
    expect(await sqlState(knex('cola_settings').insert(setting))).toBe('23505');
    const neither = { scenario_id: colaId, fiscal_year: 2028, cola_percentage: 3 };
    expect(await sqlState(knex('cola_settings').insert(neither))).toBe('23514');
    expect(
      await sqlState(knex('cola_settings').insert({ ...setting, fiscal_year: 2029, cola_percentage: 101 })),
    ).toBe('23514');

    expect(
      await sqlState(
        knex('budget_years').insert({ fiscal_year: 'FY26', name: 'again', current_fiscal_year: 2026 }),
      ),
    ).toBe('23505');
    expect(await sqlState(knex('buildings').insert({ name: 'HS again', code: 'HS' }))).toBe('23505');
    expect(
      await sqlState(knex('buildings').insert([{ name: 'No code 1' }, { name: 'No code 2' }])),
    ).toBeNull();
    expect(await sqlState(knex('town_goals').insert({ fiscal_year: 2030 }))).toBe('23505');
    expect(await sqlState(knex('public_dashboard_configs').insert({ url_path: 'demo' }))).toBe('23505');
  });

  it('end contracts no earlier than they start, and keep their work group', async () => {
    const [{ id: groupId }] = await knex('work_groups').insert({ name: 'Custodians' }).returning('id');
    const contract = {
      name: 'Bad',
      work_group_id: groupId,
      start_year: 2027,
      end_year: 2026,
      contract_years: 1,
    };
    expect(await sqlState(knex('contracts').insert(contract))).toBe('23514');
    await knex('contracts').insert({ ...contract, start_year: 2026, end_year: 2028, contract_years: 3 });
    expect(await sqlState(knex('work_groups').where({ id: groupId }).delete())).toBe('23503');
  });

  it('set user references to null when the user is deleted', async () => {
    await knex('audit_log').insert({
      user_id: userId,
      actor_label: 'admin@example.org',
      action: 'create',
      entity: 'x',
    });
    await knex('users').where({ id: userId }).delete();
    const [audit] = await knex('audit_log').select('user_id', 'actor_label');
    expect(audit).toEqual({ user_id: null, actor_label: 'admin@example.org' });
    const [pair] = await knex('dismissed_duplicates').select('dismissed_by');
    expect(pair.dismissed_by).toBeNull();
  });
});
