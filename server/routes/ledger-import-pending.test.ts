import { describe, expect, it } from 'vitest';
import { generatedLedgerCsv } from '../../test/ledger-files';
import { prepareDatabase } from '@server/domains/admin/startup';
import { ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * A ledger import writes its rows in short transactions under a pending import (the embedded
 * database's one connection is handed to other requests between two) and becomes visible in one
 * last transaction. What readers see must stay all or nothing: a pending import's rows are in no
 * figure and no list, and an import that fails mid-way leaves nothing behind.
 */
const s = ledgerSuite('ledger-pending-');

const report = () => s.t.api('get', '/ledger/report?fiscalYear=2026&by=function', { token: s.viewer.token });
const summary = () => s.t.api('get', '/ledger/summary?fiscalYear=2026', { token: s.viewer.token });
const importsList = () => s.t.api('get', '/ledger/imports?fiscalYear=2026', { token: s.viewer.token });
const current = () =>
  s.t.db.knex('ledger_imports').where({ fiscal_year: 2026, is_current: true }).first('id');
const pending = async () =>
  Number((await s.t.db.knex('ledger_imports').where({ status: 'pending' }).count('* as n'))[0].n);

describe('a ledger import is seen whole or not at all', () => {
  it('an import failing after several chunks were written leaves no pending rows, and the previous import stays current', async () => {
    await s.budgetYear(2026);
    const first = await s.importFile(generatedLedgerCsv(3_000, 6), { fiscalYear: 'FY2026' });
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
    const before = { counts: await s.counts(), report: (await report()).body, current: await current() };
    // A database error at the file's row 12,000: five chunks of 2,000 rows are written by then.
    await s.t.db.knex.raw(`CREATE FUNCTION h10_fail_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full at row %', NEW.row_number; END $$`);
    await s.t.db.knex.raw(`CREATE TRIGGER h10_fail_row BEFORE INSERT ON ledger_accounts FOR EACH ROW
      WHEN (NEW.row_number = 12000) EXECUTE FUNCTION h10_fail_row()`);
    try {
      for (const dryRun of [false, true]) {
        const res = await s.importFile(generatedLedgerCsv(20_000, 7), { fiscalYear: 'FY2026', dryRun });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(await pending()).toBe(0);
        expect(await s.counts()).toEqual(before.counts);
        expect(await current()).toEqual(before.current);
        expect((await report()).body).toEqual(before.report);
      }
    } finally {
      await s.t.db.knex.raw('DROP TRIGGER h10_fail_row ON ledger_accounts');
      await s.t.db.knex.raw('DROP FUNCTION h10_fail_row()');
    }
    // The same file goes through once the database takes it.
    const again = await s.importFile(generatedLedgerCsv(20_000, 7), { fiscalYear: 'FY2026' });
    expect(again.status).toBe(200);
    expect(again.body.replaced).toMatchObject({ importId: before.current!.id, period: 6 });
    // The replaced import's rows are gone; only the new import's are stored.
    expect((await s.counts()).accounts).toBe(20_000);
  }, 240_000);

  it('no report, summary or list reads a pending import, and the next import deletes an abandoned one', async () => {
    const seen = {
      report: (await report()).body,
      summary: (await summary()).body,
      list: (await importsList()).body,
    };
    const { id: currentId } = (await current())!;
    const knex = s.t.db.knex;
    // Two pending imports at a later period: one abandoned two hours ago, one just started (another
    // process's, still running). Their rows are the current rows with far larger amounts.
    const addPending = async (createdAt: Date) => {
      const [{ id }] = await knex('ledger_imports')
        .insert({
          fiscal_year: 2026,
          period: 11,
          file_name: 'ledger-fy2026-p11.csv',
          file_sha256: 'f'.repeat(64),
          account_pattern: 'fund-x-xxx-FUNC-...-OBJECT',
          is_current: false,
          status: 'pending',
          created_at: createdAt,
        })
        .returning('id');
      await knex.raw(
        `INSERT INTO ledger_accounts (ledger_import_id, fiscal_year, row_number, account, function_code,
            original_budget, transfers, revised_budget, expended, encumbered)
         SELECT ?, fiscal_year, row_number, account, function_code, 9000000, 0, 9000000, 8000000, 0
           FROM ledger_accounts WHERE ledger_import_id = ? AND row_number < 500`,
        [id, currentId],
      );
      return id as number;
    };
    const abandoned = await addPending(new Date(Date.now() - 2 * 60 * 60 * 1000));
    const running = await addPending(new Date());
    expect((await report()).body).toEqual(seen.report);
    expect((await summary()).body).toEqual(seen.summary);
    expect((await importsList()).body).toEqual(seen.list);
    // A pending import at a later period does not make the next import a step back either.
    const next = await s.importFile(generatedLedgerCsv(1_000, 8), { fiscalYear: 'FY2026' });
    expect(next.status, JSON.stringify(next.body).slice(0, 300)).toBe(200);
    const left = await knex('ledger_imports').where({ status: 'pending' }).pluck('id');
    expect(left).toEqual([running]);
    expect(
      Number((await knex('ledger_accounts').where({ ledger_import_id: abandoned }).count('* as n'))[0].n),
    ).toBe(0);
    expect((await importsList()).body.imports.map((i: { id: number }) => i.id)).not.toContain(running);
    expect((await report()).body.totals).toEqual(
      (await s.t.api('get', '/ledger/report?fiscalYear=2026&by=function', { token: s.viewer.token })).body
        .totals,
    );
    await knex('ledger_accounts').where({ ledger_import_id: running }).del();
    await knex('ledger_imports').where({ id: running }).del();
  }, 240_000);

  it('deletes what an import stopped by a restart left, when the server starts', async () => {
    const knex = s.t.db.knex;
    const { id: currentId } = (await current())!;
    const [{ id }] = await knex('ledger_imports')
      .insert({
        fiscal_year: 2026,
        period: 9,
        file_name: 'ledger-fy2026-p9.csv',
        file_sha256: 'e'.repeat(64),
        account_pattern: 'fund-x-xxx-FUNC-...-OBJECT',
        is_current: false,
        status: 'pending',
        created_at: new Date(Date.now() - 3 * 60 * 60 * 1000),
      })
      .returning('id');
    await knex.raw(
      `INSERT INTO ledger_accounts (ledger_import_id, fiscal_year, row_number, account)
       SELECT ?, fiscal_year, row_number, account FROM ledger_accounts WHERE ledger_import_id = ?`,
      [id, currentId],
    );
    const before = (await report()).body;
    await prepareDatabase({ ...s.t.app, config: { ...s.t.app.config, seedDemo: false } }, () => undefined);
    expect(await pending()).toBe(0);
    expect(Number((await knex('ledger_accounts').where({ ledger_import_id: id }).count('* as n'))[0].n)).toBe(
      0,
    );
    expect(await current()).toEqual({ id: currentId });
    expect((await report()).body).toEqual(before);
  }, 120_000);
});
