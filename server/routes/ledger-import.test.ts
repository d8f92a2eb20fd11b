import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cents } from '../../test/real-files';
import {
  centsOfDollars,
  LEDGER_FILE,
  ledgerSuite,
  parseFixture,
  SHARED_LEDGER,
  sumOf,
} from '../../test/worlds/ledger.suite';

const s = ledgerSuite('ledger-import-');
const file = readFileSync(LEDGER_FILE);
const rows = parseFixture();
/** The fixture as FY2022's ledger at another period (fiscal year and period are its first two columns). */
const withPeriod = (period: string) =>
  file
    .toString('utf8')
    .split('\r\n')
    .map((line, i) => (i === 0 || !line ? line : line.replace(/^\d+,\d+,/, `2022,${period},`)))
    .join('\r\n');

describe('POST /ledger/import/analyze', () => {
  it('returns 401 without a token and 403 for FINANCE', async () => {
    expect((await s.t.api('post', '/ledger/import/analyze')).status).toBe(401);
    expect((await s.analyze(file, 'ledger.csv', s.finance.token)).status).toBe(403);
  });

  it('suggests the whole MUNIS mapping, the period and the fiscal year', async () => {
    if (existsSync(SHARED_LEDGER)) {
      expect(readFileSync(SHARED_LEDGER).equals(file)).toBe(true);
    }
    const res = await s.analyze(file, 'munis-ytd.csv');
    expect(res.status).toBe(200);
    const picked = Object.fromEntries(
      Object.entries(res.body.suggestedMappings as Record<string, { csvColumn: string | null }>).map(
        ([field, v]) => [field, v.csvColumn],
      ),
    );
    expect(picked).toEqual({
      account: 'account',
      description: 'description',
      originalBudget: 'original_approp',
      transfers: 'transfers_adjustments',
      revisedBudget: 'revised_budget',
      expended: 'ytd_expended',
      encumbered: 'encumbrances',
      available: 'available_budget',
      period: 'period',
      fiscalYear: 'fiscal_year',
    });
    expect(res.body).toMatchObject({
      importType: 'ledger',
      headerRow: 1,
      detectedPeriod: 13,
      detectedFiscalYear: 2023,
      accountPattern: 'FUND-x-xxx-FUNC-...-OBJECT',
    });
  });
});

describe('POST /ledger/import/execute', () => {
  it('refuses a fiscal year that does not exist, writing nothing', async () => {
    const before = await s.counts();
    const res = await s.importFile(file, { fiscalYear: 'FY2031' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('FY31 does not exist');
    expect(res.body.details[0].path).toBe('fiscalYear');
    expect(await s.counts()).toEqual(before);
  });

  it('imports the real ledger: every dollar of each column reconciled to an independent sum of the file', async () => {
    await s.budgetYear(2023);
    const before = await s.counts();
    const dry = await s.importFile(file, { fiscalYear: 'FY2023', dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, importId: null, imported: 73, period: 13 });
    expect(await s.counts()).toEqual(before);

    const res = await s.importFile(file, { fiscalYear: 'FY2023' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: false,
      fiscalYear: 2023,
      period: 13,
      rowCount: 73,
      imported: 73,
      setAsideCount: 0,
      skippedCount: 0,
      replaced: null,
    });
    const expected = {
      originalBudget: sumOf(rows, (r) => r.original),
      transfers: sumOf(rows, (r) => r.transfers),
      revisedBudget: sumOf(rows, (r) => r.revised),
      expended: sumOf(rows, (r) => r.expended),
      encumbered: sumOf(rows, (r) => r.encumbered),
    };
    // The figures as people know them: $3,317,435.00 voted, $3,219,806.26 revised, $2,962,207.45 spent.
    expect(expected).toEqual({
      originalBudget: 331743500n,
      transfers: -9762874n,
      revisedBudget: 321980626n,
      expended: 296220745n,
      encumbered: 0n,
    });
    for (const c of res.body.reconciliation.columns) {
      const want = expected[c.field as keyof typeof expected];
      expect(cents(c.fileSum), c.field).toBe(want);
      expect(cents(c.stored), c.field).toBe(want);
      expect(c).toMatchObject({ setAside: '0.00', rounding: '0.00', unexplained: '0.00', balanced: true });
    }
    // And what the database holds, summed in SQL.
    const [db] = await s.t.db
      .knex('ledger_accounts')
      .where({ ledger_import_id: res.body.importId })
      .select(
        s.t.db.knex.raw('sum(original_budget)::text AS o, sum(revised_budget)::text AS r'),
        s.t.db.knex.raw('sum(expended)::text AS e, sum(encumbered)::text AS n, sum(transfers)::text AS t'),
      );
    expect([db.o, db.t, db.r, db.e, db.n].map(cents)).toEqual(Object.values(expected));
  });

  it('splits the DESE function and object code from every account', async () => {
    const stored = await s.t.db
      .knex('ledger_accounts as la')
      .join('ledger_imports as li', 'li.id', 'la.ledger_import_id')
      .where({ 'li.fiscal_year': 2023, 'li.is_current': true })
      .orderBy('la.row_number')
      .select(
        'la.row_number',
        'la.account',
        'la.function_code',
        'la.object_code',
        'la.revised_budget',
        'la.expended',
      );
    expect(stored).toHaveLength(73);
    stored.forEach((a, i) => {
      const r = rows[i];
      expect(a.row_number).toBe(r.row);
      expect(a.account).toBe(r.account);
      expect(a.function_code).toBe(r.account.split('-')[3]);
      // The object is the last segment, and the file's own obj column agrees.
      expect(a.object_code).toBe(r.account.split('-').at(-1));
      expect(a.object_code).toBe(r.obj);
      expect(centsOfDollars(a.revised_budget)).toBe(r.revised);
      expect(centsOfDollars(a.expended)).toBe(r.expended);
    });
    const functions = new Set(rows.map((r) => r.account.split('-')[3]));
    expect(functions.size).toBe(21);
  });

  it('replaces an earlier period of the year with a later one in one step, and refuses going back', async () => {
    await s.budgetYear(2022);
    const p6 = await s.importFile(withPeriod('6'), { fiscalYear: 2022 }, { name: 'fy22-p6.csv' });
    expect(p6.status, JSON.stringify(p6.body)).toBe(200);
    expect(p6.body.period).toBe(6);
    const p7 = await s.importFile(withPeriod('7'), { fiscalYear: 2022 }, { name: 'fy22-p7.csv' });
    expect(p7.status).toBe(200);
    expect(p7.body.replaced).toEqual({ importId: p6.body.importId, period: 6, accountCount: 73 });
    const imports = await s.t.db.knex('ledger_imports').where({ fiscal_year: 2022 }).orderBy('id');
    expect(imports.map((i) => [i.period, i.is_current, i.replaced_by_id])).toEqual([
      [6, false, p7.body.importId],
      [7, true, null],
    ]);
    expect(
      await s.t.db.knex('ledger_accounts').where({ ledger_import_id: p6.body.importId }).count('* as n'),
    ).toEqual([{ n: 0 }]);
    // Going back to period 6 over period 7 is refused (409) and changes nothing ...
    const before = await s.counts();
    const back = await s.importFile(withPeriod('6'), { fiscalYear: 2022 }, { name: 'fy22-p6.csv' });
    expect(back.status).toBe(409);
    expect(back.body.error).toContain('already holds the ledger at period 7');
    expect(await s.counts()).toEqual(before);
    // ... unless asked for.
    const forced = await s.importFile(withPeriod('6'), { fiscalYear: 2022, replaceLaterPeriod: true });
    expect(forced.status).toBe(200);
    const list = await s.t.api('get', '/ledger/imports?fiscalYear=FY22', { token: s.finance.token });
    expect(list.body.imports.map((i: any) => [i.period, i.isCurrent])).toEqual([
      [6, true],
      [7, false],
      [6, false],
    ]);
  });

  it('refuses a file without its account or amount column, a period outside 1-13 and another year, writing nothing', async () => {
    const before = await s.counts();
    const noAccount = await s.importFile(file, { fiscalYear: 2023 }, { overrides: { account: null } });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.error).toContain('Please map required fields: Account Number');
    const noAmount = await s.importFile(file, { fiscalYear: 2023 }, { overrides: { expended: null } });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.error).toContain('Expended Year to Date');
    // A file that has no amount columns at all: nothing to map them to.
    const bare = 'account,description\r\n0100-3-300-2305-03-2-10-1-511001,TEACHERS\r\n';
    const noColumns = await s.importFile(bare, { fiscalYear: 2023, period: 5 });
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.error).toContain('Revised Budget, Expended Year to Date');

    const lines = file.toString('utf8').split('\r\n');
    lines[5] = lines[5].replace(/^2023,13,/, '2023,14,');
    lines[9] = lines[9].replace(/^2023,13,/, '2023,0,');
    const badPeriod = await s.importFile(lines.join('\r\n'), { fiscalYear: 2023 });
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.body.error).toMatch(
      /^2 rows cannot be imported, nothing was written: Row 6: period '14' is not 1 to 13/,
    );
    expect(badPeriod.body.error).toContain("Row 10: period '0' is not 1 to 13");
    const badBody = await s.importFile(file, { fiscalYear: 2023, period: 14 });
    expect(badBody.status).toBe(400);
    expect(badBody.body.details[0].path).toBe('period');
    const otherYear = await s.importFile(file, { fiscalYear: 2022 });
    expect(otherYear.status).toBe(400);
    // One line for the reason, its rows as ranges (it was said once a row: QA saw it 20 times).
    expect(otherYear.body.details).toHaveLength(1);
    expect(otherYear.body.details[0].message).toMatch(
      /^Rows 2 to \d+(, [\d to]+)*( and [\d to]+)?: fiscal year FY23, not FY22$/,
    );
    expect(otherYear.body.error.match(/fiscal year FY23/g)).toHaveLength(1);
    const mixed = file.toString('utf8').replace(/\r\n2023,13,/, '\r\n2023,12,');
    const mixedRes = await s.importFile(mixed, { fiscalYear: 2023 });
    expect(mixedRes.status).toBe(400);
    expect(mixedRes.body.error).toContain('The file mixes periods 12 (row 2), 13 (row 3)');
    const notPeriod = await s.importFile(file, { fiscalYear: 2023, period: 12 });
    expect(notPeriod.status).toBe(400);
    expect(notPeriod.body.error).toBe('The file is period 13, not period 12');
    expect(await s.counts()).toEqual(before);
  });

  it('puts aside accounts the pattern cannot read, listed with their rows; refuses when none can be read', async () => {
    const lines = file.toString('utf8').split('\r\n');
    lines[3] = lines[3].replace('0100-3-300-2440-06-6-63-2-535016', '0100-3-300-24X0-06-535016');
    lines[4] = lines[4].replace('0100-3-300-2330-51-1-06-1-519015', '');
    const res = await s.importFile(lines.join('\r\n'), { fiscalYear: 2023, dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 71, setAsideCount: 2 });
    expect(res.body.rows.filter((r: any) => r.status === 'set-aside')).toEqual([
      expect.objectContaining({
        row: 4,
        account: '0100-3-300-24X0-06-535016',
        reason: "account '0100-3-300-24X0-06-535016' does not match the pattern FUND-x-xxx-FUNC-...-OBJECT",
      }),
      expect.objectContaining({ row: 5, account: '', reason: 'no account number' }),
    ]);
    // Every dollar still accounted for: stored + set aside = the file.
    const expended = res.body.reconciliation.columns.find((c: any) => c.field === 'expended');
    expect(cents(expended.stored) + cents(expended.setAside)).toBe(sumOf(rows, (r) => r.expended));
    expect(expended.setAside).toBe('4000.00');
    expect(expended.balanced).toBe(true);
    // The '0300' salary reserve is imported, marked: DESE defines no such function.
    const reserve = res.body.rows.find((r: any) => r.functionCode === '0300');
    expect(reserve).toMatchObject({ status: 'review', warnings: ['0300 is not a DESE function code'] });

    const before = await s.counts();
    const none = await s.importFile(file, { fiscalYear: 2023, accountPattern: 'xx-xx-FUNC-OBJECT' });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain(
      'No account can be read by the pattern xx-xx-FUNC-OBJECT, nothing was written: none of the',
    );
    // A few accounts say what the pattern meets; the rows are in the details, not all in the sentence.
    expect(none.body.error.match(/row \d+: '/g)).toHaveLength(3);
    expect(none.body.error).toContain('Check the account pattern and the Account Number column.');
    expect(none.body.details.length).toBeGreaterThan(3);
    const badPattern = await s.importFile(file, { fiscalYear: 2023, accountPattern: 'fund-x-OBJECT' });
    expect(badPattern.status).toBe(400);
    expect(badPattern.body.details).toEqual([
      { path: 'accountPattern', message: 'The pattern must say where the DESE function code is: FUNC' },
    ]);
    expect(await s.counts()).toEqual(before);
  });
});

describe('ledger refusals', () => {
  it('name the bad rows, each reason once with its rows as ranges, and count them', async () => {
    const before = await s.counts();
    const ledgerRows = rows.length;
    const otherYear = await s.importFile(file, { fiscalYear: 2022 });
    expect(otherYear.status).toBe(400);
    expect(otherYear.body.error).toBe(
      `${ledgerRows} rows cannot be imported, nothing was written: Rows 2 to ${ledgerRows + 1}: fiscal year FY23, not FY22`,
    );
    const none = await s.importFile(file, { fiscalYear: 2023, accountPattern: 'xx-xx-FUNC-OBJECT' });
    expect(none.status).toBe(400);
    // Every row fails for one reason: the sentence quotes three accounts and counts the rest; the
    // details name each row (up to 100) with its reason.
    for (let n = 2; n <= 4; n++) {
      expect(none.body.error).toContain(`row ${n}: '`);
    }
    expect(none.body.error).not.toContain('row 5: ');
    expect(none.body.error).toContain(`none of the ${ledgerRows} ledger rows matches it`);
    expect(none.body.error).toContain(`; and ${ledgerRows - 3} more)`);
    expect(none.body.details).toHaveLength(ledgerRows);
    expect(none.body.details[0]).toEqual({
      path: 'row 2',
      message: expect.stringContaining('does not match the pattern xx-xx-FUNC-OBJECT'),
    });
    expect(await s.counts()).toEqual(before);
  });

  it('refuses a file without a fiscal year column whose name says another year than the one asked', async () => {
    const before = await s.counts();
    const name = 'glytdbud-expense-fy2023-p13-gf-school.csv';
    const wrong = await s.importFile(file, { fiscalYear: 2022 }, { name, overrides: { fiscalYear: null } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain(`The file's name says FY23 (${name}), not FY22`);
    expect(wrong.body.details).toEqual([{ path: 'fiscalYear', message: "The file's name says FY23" }]);
    expect(await s.counts()).toEqual(before);
    const right = await s.importFile(
      file,
      { fiscalYear: 2023, dryRun: true },
      { name, overrides: { fiscalYear: null } },
    );
    expect(right.status, JSON.stringify(right.body).slice(0, 300)).toBe(200);
  });
});

describe('GET and PUT /ledger/account-pattern', () => {
  it('lets staff read it and only ADMIN set it, refusing an invalid pattern', async () => {
    expect((await s.t.api('get', '/ledger/account-pattern', { token: s.viewer.token })).status).toBe(403);
    const read = await s.t.api('get', '/ledger/account-pattern', { token: s.finance.token });
    expect(read.body).toMatchObject({ pattern: 'FUND-x-xxx-FUNC-...-OBJECT' });
    const put = (pattern: string, token = s.admin.token) =>
      s.t.api('put', '/ledger/account-pattern', { token, body: { pattern } });
    expect((await put('fund-x-xxx-FUNC-LOC-...-OBJECT', s.finance.token)).status).toBe(403);
    const bad = await put('fund-x-xxx-FUNK');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ path: 'pattern' });
    const ok = await put('fund-x-xxx-FUNC-LOC-...-OBJECT');
    expect(ok.status).toBe(200);
    expect(ok.body.pattern).toBe('fund-x-xxx-FUNC-LOC-...-OBJECT');
    const audit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'ledger-settings' })
      .orderBy('id', 'desc')
      .first();
    expect(audit.after).toEqual({ accountPattern: 'fund-x-xxx-FUNC-LOC-...-OBJECT' });
    await put('FUND-x-xxx-FUNC-...-OBJECT');
  });
});
