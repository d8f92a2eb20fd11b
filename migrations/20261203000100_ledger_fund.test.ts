import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-db';
import { down, up } from './20261203000100_ledger_fund';
import { migrationSource } from './index';

const NAME = '20261203000100_ledger_fund';

/**
 * The ledger accounts' fund code: accounts imported before it get theirs from their import's
 * pattern where it reads the fund (the old default, whose first segment it called 'fund'), none
 * where it does not (a pattern without the fund, a row set aside); the district's pattern, still the
 * old default, becomes the new one, and back on the way down.
 */
describe(`migration ${NAME}`, () => {
  // The template is migrated: this migration undone, for the data it was written for.
  const db = databaseBefore(down);

  const ledger = async (fiscalYear: number, pattern: string, accounts: [string, string | null][]) => {
    const [imp] = await db
      .knex('ledger_imports')
      .insert({
        fiscal_year: fiscalYear,
        period: 13,
        file_name: `fy${fiscalYear}.csv`,
        file_sha256: `sha-${fiscalYear}`,
        account_pattern: pattern,
      })
      .returning('id');
    const rows = await db
      .knex('ledger_accounts')
      .insert(
        accounts.map(([account, setAside], i) => ({
          ledger_import_id: imp.id,
          fiscal_year: fiscalYear,
          row_number: i + 2,
          account,
          set_aside_reason: setAside,
        })),
      )
      .returning('id');
    return rows.map((r: { id: number }) => r.id);
  };
  const fundCodes = async (ids: number[]) =>
    (await db.knex('ledger_accounts').whereIn('id', ids).orderBy('id').select('fund_code')).map(
      (r: { fund_code: string | null }) => r.fund_code,
    );

  it('is registered, so every database that migrates runs it', async () => {
    expect(await migrationSource.getMigrations([])).toContain(NAME);
  });

  it("gives each account its import's fund segment where the pattern reads it, and moves the default", async () => {
    expect((await db.knex('ledger_settings').first()).account_pattern).toBe('fund-x-xxx-FUNC-...-OBJECT');
    const munis = await ledger(2023, 'fund-x-xxx-FUNC-...-OBJECT', [
      ['0100-3-300-4220-01-1-74-2-535006', null],
      ['2401-3-300-2305-03-2-10-1-511001', null],
      ['SUSPENSE', 'does not match'],
    ]);
    const noFund = await ledger(2022, 'org-x-xxx-FUNC-...-OBJECT', [['0100-3-300-2305-511001', null]]);
    // A pattern naming FUND anywhere is read by it.
    const fundLast = await ledger(2021, 'xx.FUNC.OBJECT.FUND', [['01.2305.51100.sped', null]]);
    await up(db.knex);
    expect(await fundCodes(munis)).toEqual(['0100', '2401', null]);
    expect(await fundCodes(noFund)).toEqual([null]);
    expect(await fundCodes(fundLast)).toEqual(['sped']);
    expect((await db.knex('ledger_settings').first()).account_pattern).toBe('FUND-x-xxx-FUNC-...-OBJECT');
    // The import keeps the pattern it was read with.
    expect((await db.knex('ledger_imports').where({ fiscal_year: 2023 }).first()).account_pattern).toBe(
      'fund-x-xxx-FUNC-...-OBJECT',
    );

    await down(db.knex);
    expect((await db.knex('ledger_settings').first()).account_pattern).toBe('fund-x-xxx-FUNC-...-OBJECT');
    await up(db.knex);
  });

  it("leaves a district's own pattern as it is", async () => {
    await down(db.knex);
    await db.knex('ledger_settings').update({ account_pattern: 'fund-x-xxx-FUNC-LOC-...-OBJECT' });
    await up(db.knex);
    expect((await db.knex('ledger_settings').first()).account_pattern).toBe('fund-x-xxx-FUNC-LOC-...-OBJECT');
  });
});
