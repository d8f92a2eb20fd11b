import type { Knex } from 'knex';
import { addCheck, sqlList } from './helpers';

/** The kinds as this migration knows them; a later kind comes with a migration of its own. */
const KINDS = ['general', 'federal_grant', 'state_grant', 'revolving', 'circuit_breaker', 'other'];

/**
 * The district's funds: name, code (the account string's fund segment, unique in any letter case),
 * kind, whether its spending counts toward net school spending, and for a grant its award and
 * period. One fund is the general fund the town appropriates (at most one: a line without a fund
 * will go to it), made here so every install has it; an ADMIN gives it the ledger's code.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('funds', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('code').notNullable();
    t.text('kind').notNullable();
    t.boolean('counts_toward_nss').notNullable();
    t.decimal('award_amount', 14, 2);
    t.date('period_start');
    t.date('period_end');
    t.text('note');
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX funds_code_unique ON funds (lower(code))');
  await knex.raw(`CREATE UNIQUE INDEX funds_one_general ON funds (kind) WHERE kind = 'general'`);
  await addCheck(
    knex,
    'funds',
    'funds_check',
    `kind IN (${sqlList(KINDS)}) AND btrim(name) <> '' AND btrim(code) <> ''
     AND (award_amount IS NULL OR award_amount >= 0)
     AND (kind IN ('federal_grant', 'state_grant') OR (award_amount IS NULL AND period_start IS NULL AND period_end IS NULL))
     AND (period_start IS NULL OR period_end IS NULL OR period_start <= period_end)`,
  );
  await knex('funds').insert({
    name: 'General Fund',
    code: 'GF',
    kind: 'general',
    counts_toward_nss: true,
    note: 'The school committee’s appropriation from the town. Set its code to the fund segment of your account strings.',
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('funds');
}
