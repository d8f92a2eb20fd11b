import type { Knex } from 'knex';
import { compileAccountPattern, type AccountPattern } from '../server/lib/account-pattern';

/** The default account pattern before FUND: Lunenburg's MUNIS layout, its fund segment ignored. */
const OLD_DEFAULT = 'fund-x-xxx-FUNC-...-OBJECT';
/** The same layout with its fund segment read (server/lib/account-pattern.ts's default). */
const NEW_DEFAULT = 'FUND-x-xxx-FUNC-...-OBJECT';

/** Rows read and written per statement: the embedded database's one connection is held briefly. */
const BATCH = 2_000;

/**
 * The pattern an import's accounts are read with for their fund: its own when it names FUND, the
 * new default for the old default (the same layout, whose first segment it called 'fund'); null
 * when it has no fund segment (a lower-case word stays ignored) or no longer compiles.
 */
function fundPattern(stored: string): AccountPattern | null {
  const text = stored.trim() === OLD_DEFAULT ? NEW_DEFAULT : stored;
  if (!/(^|[-./_ ])FUND([-./_ ]|$)/.test(text)) {
    return null;
  }
  try {
    return compileAccountPattern(text);
  } catch {
    return null;
  }
}

/** Fills fund_code of one import's accounts in the figures, a batch of rows per statement. */
async function backfillImport(knex: Knex, importId: number, pattern: AccountPattern): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; account: string }[] = await knex('ledger_accounts')
      .select('id', 'account')
      .where({ ledger_import_id: importId })
      .whereNull('set_aside_reason')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    if (!rows.length) {
      return;
    }
    after = rows[rows.length - 1].id;
    const codes = rows.flatMap((r) => {
      const parsed = pattern.parse(r.account);
      return parsed.ok && parsed.fundCode ? [[r.id, parsed.fundCode] as const] : [];
    });
    if (codes.length) {
      await knex.raw(
        `UPDATE ledger_accounts la SET fund_code = v.code
           FROM (VALUES ${codes.map(() => '(?::int, ?::text)').join(', ')}) AS v(id, code)
          WHERE la.id = v.id`,
        codes.flat(),
      );
    }
  }
}

/**
 * Every ledger account carries its fund code: the account pattern's FUND segment as written
 * ('0100' of 0100-3-300-2305-...), which the reports match to funds.code in any letter case (no
 * foreign key: a segment no fund has is kept and listed, never dropped). The district's pattern,
 * still the old default, becomes the new default, which reads the same layout's fund. Accounts
 * already imported get their code from their import's pattern where it names the fund (the old
 * default does); the others keep none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE ledger_accounts ADD COLUMN fund_code text');
  await knex('ledger_settings')
    .where({ account_pattern: OLD_DEFAULT })
    .update({ account_pattern: NEW_DEFAULT });
  const imports: { id: number; account_pattern: string }[] = await knex('ledger_imports')
    .select('id', 'account_pattern')
    .orderBy('id');
  for (const imp of imports) {
    const pattern = fundPattern(imp.account_pattern);
    if (pattern) {
      await backfillImport(knex, imp.id, pattern);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('ledger_settings')
    .where({ account_pattern: NEW_DEFAULT })
    .update({ account_pattern: OLD_DEFAULT });
  await knex.raw('ALTER TABLE ledger_accounts DROP COLUMN fund_code');
}
