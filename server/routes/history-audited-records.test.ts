import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HISTORY_ENTITIES, NOT_IN_HISTORY } from '@shared/schemas/history';
import { LEDGER_FILE, ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * The position crosswalk's rules, the function-code rules, the ledger's imports and its account
 * pattern were written to the audit log but GET /history refused them (a 400 naming the entity).
 * Each is changed here through the API and its history read back: who, when, what changed. The
 * stage events and the state figures are read the same way in history-stages-figures.test.ts,
 * adoptions in history-adoption.test.ts.
 */
const s = ledgerSuite('history-records-');
const ADMIN_NAME = 'Hazel History';

interface Entry {
  action: string;
  actor: string;
  createdAt: string;
  changes: { field: string; before: unknown; after: unknown }[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function historyOf(entity: string, id: number, token = s.admin.token): Promise<Entry[]> {
  const res = await s.t.api('get', `/history/${entity}/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  for (const e of res.body.entries as Entry[]) {
    // Written just now, by the admin who made the change.
    expect(Date.now() - Date.parse(e.createdAt)).toBeLessThan(10 * 60_000);
  }
  return res.body.entries;
}

let admin: string;

describe('GET /history of the newer audited records', () => {
  it('shows a crosswalk rule created, changed and deleted, to ADMIN only', async () => {
    admin = (await s.t.userWith('ADMIN', { name: ADMIN_NAME })).token;
    const titles = ['Grade 3 Teacher', 'Custodian'];
    const made = await s.t.api('post', '/crosswalk/rules', {
      token: admin,
      body: { matchType: 'exact', pattern: 'Grade 3 Teacher', deseCode: '2305', titles },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.rule.id as number;
    const changed = await s.t.api('put', `/crosswalk/rules/${id}`, {
      token: admin,
      body: { matchType: 'exact', pattern: 'Grade 3 Teacher', deseCode: '2310', note: 'moved', titles },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const [update, create] = await historyOf('crosswalk-rule', id);
    expect([update.action, create.action]).toEqual(['update', 'create']);
    expect(update.actor).toBe(ADMIN_NAME);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'deseCode', before: '2305', after: '2310' },
        { field: 'note', before: null, after: 'moved' },
      ]),
    );
    expect(create.after).toMatchObject({ pattern: 'Grade 3 Teacher', deseCode: '2305' });

    expect((await s.t.api('delete', `/crosswalk/rules/${id}`, { token: admin })).status).toBe(200);
    expect((await historyOf('crosswalk-rule', id)).map((e) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    // Who may read the rules (ADMIN) may read their history; FINANCE and VIEW_ONLY may not.
    for (const token of [s.finance.token, s.viewer.token]) {
      expect((await s.t.api('get', `/history/crosswalk-rule/${id}`, { token })).status).toBe(403);
    }
    expect((await s.t.api('get', '/history/crosswalk-rule/999999', { token: admin })).status).toBe(404);
  });

  it('shows a function-code rule created and replaced', async () => {
    const body = { kind: 'position', match: 'History Clerk*', functionCode: '2210' };
    const made = await s.t.api('post', '/function-codes/rules', { token: admin, body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.rule.id as number;
    const replaced = await s.t.api('put', `/function-codes/rules/${id}`, {
      token: admin,
      body: { ...body, functionCode: '2220', note: 'the district office' },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);

    const [update, create] = await historyOf('function-code-rule', id);
    expect([update.action, create.action]).toEqual(['update', 'create']);
    expect(update.actor).toBe(ADMIN_NAME);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'functionCode', before: '2210', after: '2220' }),
      ]),
    );
    expect(
      (await s.t.api('get', `/history/function-code-rule/${id}`, { token: s.finance.token })).status,
    ).toBe(403);
    await s.t.api('delete', `/function-codes/rules/${id}`, { token: admin });
  });

  it('shows the account pattern changed and a ledger import, to ADMIN and FINANCE', async () => {
    const put = (pattern: string) =>
      s.t.api('put', '/ledger/account-pattern', { token: admin, body: { pattern } });
    expect((await put('fund-x-xxx-FUNC-LOC-...-OBJECT')).status).toBe(200);
    const [changed] = await historyOf('ledger-settings', 1, s.finance.token);
    expect(changed).toMatchObject({ action: 'update', actor: ADMIN_NAME });
    expect(changed.changes).toEqual([
      {
        field: 'accountPattern',
        before: 'FUND-x-xxx-FUNC-...-OBJECT',
        after: 'fund-x-xxx-FUNC-LOC-...-OBJECT',
      },
    ]);
    expect((await put('FUND-x-xxx-FUNC-...-OBJECT')).status).toBe(200);

    await s.budgetYear(2023);
    const imported = await s.importFile(
      readFileSync(LEDGER_FILE),
      { fiscalYear: 'FY2023' },
      { token: admin },
    );
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(200);
    const [entry] = await historyOf('ledger-import', imported.body.importId, s.finance.token);
    expect(entry).toMatchObject({ action: 'import', actor: ADMIN_NAME });
    expect(entry.after).toMatchObject({ fiscalYear: 2023, period: 13, accounts: imported.body.imported });
    expect(
      (await s.t.api('get', `/history/ledger-import/${imported.body.importId}`, { token: s.viewer.token }))
        .status,
    ).toBe(403);
  });

  it('left no entity in the audit log that GET /history would refuse', async () => {
    const readable = new Set<string>(Object.values(HISTORY_ENTITIES).flat());
    const written = (await s.t.db.knex('audit_log').distinct('entity')).map((r) => r.entity as string);
    expect(written).toEqual(
      expect.arrayContaining(['crosswalk-rule', 'function-code-rule', 'ledger-import']),
    );
    expect(written.filter((e) => !readable.has(e) && !(e in NOT_IN_HISTORY))).toEqual([]);
  });
});
