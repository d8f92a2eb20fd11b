import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBuilding, buildCategory, insertProposed } from '../../test/factories';
import {
  centsOfDollars,
  LEDGER_FILE,
  ledgerSuite,
  parseFixture,
  sumOf,
  type FixtureRow,
} from '../../test/worlds/ledger.suite';

// GET /ledger/report lists no ledger account by default (the screen's first read), every one a page
// at a time (accounts=all), the ones no line names (accounts=unmatched), or one group's (group=<key>: the drill-down).
// A group's accounts are checked against the group's figures and against the fixture, read by this
// test's own parser, in integer cents.

const s = ledgerSuite('ledger-report-accounts-');
const rows = parseFixture();
const fn = (r: FixtureRow) => r.account.split('-')[3];
const CONTRACTED = '0100-3-300-4220-01-1-74-2-535006';
const TRANSPORT = '0100-3-300-2440-05-5-63-2-535016';
/** The figures only accounts carry (a group's budget also holds its lines with no account). */
const ACCOUNT_FIGURES = ['originalBudget', 'revisedBudget', 'expended', 'encumbered', 'available'] as const;

type Json = Record<string, any>;
const report = (query: string, token = s.finance.token) =>
  s.t.api('get', `/ledger/report?${query}`, { token });
const cents = (items: readonly Json[], field: string) =>
  items.reduce((t: bigint, x) => t + centsOfDollars(x[field]), 0n);

let w: { other: number; transport: number; ops: number; school: number };

beforeAll(async () => {
  const db = s.t.db.knex;
  const { budgetYearId, scenarioId } = await s.budgetYear(2023);
  w = {
    other: await buildCategory(db, { name: 'Contracted services', displayOrder: 3 }),
    transport: await buildCategory(db, { name: 'Transportation', deseFunction: '2440', displayOrder: 2 }),
    ops: await buildCategory(db, { name: 'Operations', deseFunction: '4220', displayOrder: 4 }),
    school: await buildBuilding(db, { name: 'Turkey Hill Middle', code: 'THM' }),
  };
  const line = { budgetYearId, fiscalYear: 2023, scenarioId };
  await insertProposed(db, [
    { ...line, amount: '120000.00', accountLine: CONTRACTED, categoryId: w.other, buildingId: w.school },
    { ...line, amount: '1500.00', accountLine: TRANSPORT, categoryId: w.transport },
    { ...line, amount: '50000.00', columns: { dese_code: '2305' } },
    { ...line, amount: '700.00', accountLine: '9999-NOT-IN-LEDGER', columns: { dese_code: '4220' } },
  ]);
  const res = await s.importFile(readFileSync(LEDGER_FILE), { fiscalYear: 2023 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

describe('GET /ledger/report: which accounts it lists', () => {
  it('returns 401, 400 with a clear message for a bad choice or group, and the groups to VIEW_ONLY', async () => {
    expect((await s.t.api('get', '/ledger/report?fiscalYear=2023&accounts=none')).status).toBe(401);
    const refusals: [string, string, string][] = [
      ['accounts=some', 'accounts', 'List accounts all, none or unmatched'],
      ['accounts=none&group=2210&by=function', 'group', 'not none'],
      ['by=category&group=Teachers', 'group', "By category, a group is a category id or 'none'"],
      ['by=building&group=1.5', 'group', "By building, a group is a building id or 'none'"],
      ['by=function&group=%20', 'group', 'Name a group'],
      [`by=account&group=${'x'.repeat(201)}`, 'group', 'at most 200 characters'],
      ['accounts=none&limit=5', 'limit', 'use them with accounts=all or accounts=unmatched'],
      ['offset=5', 'offset', 'use them with accounts=all or accounts=unmatched'],
      ['accounts=all&limit=1001', 'limit', 'at most 1000 per page'],
      ['accounts=all&limit=0', 'limit', 'a whole number from 1 to 1000'],
      ['accounts=all&offset=-1', 'offset', 'a whole number of rows to skip'],
      ['rowsLimit=5000', 'rowsLimit', 'at most 1000 per page'],
    ];
    for (const [query, path, message] of refusals) {
      const res = await report(`fiscalYear=2023&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_FAILED');
      expect(res.body.error, query).toContain(message);
      if (path) {
        expect(
          res.body.details.map((d: Json) => d.path),
          query,
        ).toContain(path);
      }
    }
    expect((await report('fiscalYear=2023&accounts=none', s.viewer.token)).status).toBe(200);
  });

  it('lists no account by default, every one with accounts=all, and the same figures either way', async () => {
    const full = await report('fiscalYear=2023&by=function&accounts=all');
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body).toMatchObject({ accountsListed: 'all', group: null, unmatchedAccountCount: 71 });
    expect(full.body.accountsPage).toEqual({ offset: 0, limit: 200, total: 73 });
    expect(full.body.accounts.map((a: Json) => a.account)).toEqual(rows.map((r) => r.account));

    const none = await report('fiscalYear=2023&by=function');
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toMatchObject({ accountsListed: 'none', group: null, accounts: [] });
    expect(none.body.accountsPage).toEqual({ offset: 0, limit: 200, total: 0 });
    expect((await report('fiscalYear=2023&by=function&accounts=none')).body).toEqual(none.body);
    const { accounts: _a, accountsListed: _l, accountsPage: _p, ...rest } = full.body;
    expect(none.body).toMatchObject(rest);
    // The listed accounts carry every ledger dollar: their sums are the totals.
    for (const f of ACCOUNT_FIGURES) {
      expect(cents(full.body.accounts, f), f).toBe(centsOfDollars(none.body.totals[f]));
    }
    expect(centsOfDollars(none.body.totals.revisedBudget)).toBe(sumOf(rows, (r) => r.revised));
    expect(none.body.linesWithoutAccount).toHaveLength(2);
  });

  it("lists one group's accounts: they add up to the group's figures and are the fixture's", async () => {
    const none = await report('fiscalYear=2023&by=function&accounts=none');
    const drilled = none.body.rows.filter((g: Json) => g.accountCount > 0);
    // Pages of a group's accounts: 2 at a time, in file order, with the group's count.
    const paged = drilled.find((g: Json) => g.accountCount > 2);
    const second = await report(`fiscalYear=2023&by=function&group=${paged.key}&offset=2&limit=2`);
    expect(second.body.accountsPage).toEqual({ offset: 2, limit: 2, total: paged.accountCount });
    expect(second.body.accounts.map((a: Json) => a.account)).toEqual(
      rows
        .filter((r) => fn(r) === paged.key)
        .map((r) => r.account)
        .slice(2, 4),
    );
    expect(drilled.length).toBe(new Set(rows.map(fn)).size);
    for (const g of drilled) {
      const res = await report(`fiscalYear=2023&by=function&group=${g.key}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ accountsListed: 'all', group: g.key, totals: none.body.totals });
      const accounts: Json[] = res.body.accounts;
      const mine = rows.filter((r) => fn(r) === g.key);
      expect(
        accounts.map((a) => a.account),
        g.key,
      ).toEqual(mine.map((r) => r.account));
      expect(accounts).toHaveLength(g.accountCount);
      for (const f of ACCOUNT_FIGURES) {
        expect(cents(accounts, f), `${g.key} ${f}`).toBe(centsOfDollars(g[f]));
      }
      expect(cents(accounts, 'revisedBudget'), g.key).toBe(sumOf(mine, (r) => r.revised));
      expect(cents(accounts, 'expended'), g.key).toBe(sumOf(mine, (r) => r.expended));
      expect(cents(accounts, 'encumbered'), g.key).toBe(sumOf(mine, (r) => r.encumbered));
      // The group's budget: its accounts' lines, plus its lines that name no account.
      const loose = none.body.linesWithoutAccount.filter((l: Json) => (l.deseCode ?? 'none') === g.key);
      expect(cents(accounts, 'budget') + cents(loose, 'amount'), g.key).toBe(centsOfDollars(g.budget));
    }
    const f4220 = drilled.find((g: Json) => g.key === '4220');
    expect(f4220).toMatchObject({ budget: 120700, accountCount: 3 });
  });

  it('drills into a category, a building, an account and the group of none alike', async () => {
    for (const [by, key, want] of [
      ['category', String(w.other), [CONTRACTED]],
      ['category', String(w.transport), rows.filter((r) => fn(r) === '2440').map((r) => r.account)],
      ['building', String(w.school), [CONTRACTED]],
      ['account', TRANSPORT, [TRANSPORT]],
    ] as const) {
      const res = await report(`fiscalYear=2023&by=${by}&group=${encodeURIComponent(key)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(
        res.body.accounts.map((a: Json) => a.account),
        `${by} ${key}`,
      ).toEqual(want);
    }
    // By category, 'none' holds the accounts with no line and no category for their function.
    const none = await report('fiscalYear=2023&by=category&accounts=none');
    const nobody = none.body.rows.find((g: Json) => g.key === 'none');
    const res = await report('fiscalYear=2023&by=category&group=none');
    expect(res.body.accounts).toHaveLength(nobody.accountCount);
    expect(res.body.accounts.every((a: Json) => a.categoryId === null)).toBe(true);
    for (const f of ACCOUNT_FIGURES) {
      expect(cents(res.body.accounts, f), f).toBe(centsOfDollars(nobody[f]));
    }
    // A key no group has lists nothing (a row may have gone since the screen was drawn).
    for (const q of ['by=category&group=2147483647', 'by=function&group=9999']) {
      const gone = await report(`fiscalYear=2023&${q}`);
      expect(gone.status, q).toBe(200);
      expect(gone.body.accounts, q).toEqual([]);
    }
  });

  it('lists the accounts no line names, of the whole ledger or of one group', async () => {
    const res = await report('fiscalYear=2023&accounts=unmatched');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ accountsListed: 'unmatched', unmatchedAccountCount: 71 });
    const named = new Set([CONTRACTED, TRANSPORT]);
    expect(res.body.accounts.map((a: Json) => a.account)).toEqual(
      rows.filter((r) => !named.has(r.account)).map((r) => r.account),
    );
    expect(res.body.accounts.every((a: Json) => a.matchedLineCount === 0 && a.budget === 0)).toBe(true);

    const ops = await report('fiscalYear=2023&by=function&accounts=unmatched&group=4220');
    const mine = rows.filter((r) => fn(r) === '4220' && r.account !== CONTRACTED);
    expect(ops.body.accounts.map((a: Json) => a.account)).toEqual(mine.map((r) => r.account));
    expect(cents(ops.body.accounts, 'expended')).toBe(sumOf(mine, (r) => r.expended));
  });
});
