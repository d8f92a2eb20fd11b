import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { analyze, fixture } from '../../test/factories';
import { cents } from '../../test/real-files';
import { importSuite, suggestedMapping } from '../../test/worlds/import.suite';

/**
 * Function codes on real data. Lunenburg's MUNIS year-to-date ledger (FY2023, general
 * fund, school department; fixtures/import/lunenburg-munis-ytd-fy2023.csv, a copy of
 * ../shared/fixtures/real/lunenburg_munis_school_ytd_fy2023_slice.csv) is imported with its
 * suggested mapping. Each row's function code is worked out here on its own, from the 4th segment
 * of its account ('0100-3-300-4220-01-1-74-2-535006' -> 4220) when DESE's chart has it, and must be
 * the app's; the amounts are summed by code in integer cents and must be the app's to the cent,
 * in the database and in the DESE report. A second import, after an ADMIN's account rule for the
 * one segment that is not a DESE code (0300, the salary reserve), codes that row by the rule.
 */
const s = importSuite('function-codes-lunenburg-');
const FILE = 'lunenburg-munis-ytd-fy2023.csv';
const CHART = new Set(
  (parse(fixture('../dese_function_codes.csv'), { columns: true }) as { code: string; level: string }[])
    .filter((r) => r.level === 'detail')
    .map((r) => r.code),
);

async function importInto(budgetYearId: number, versionId: number) {
  const analysis = await analyze(
    s.t,
    s.admin.token,
    { name: FILE, data: fixture(FILE) },
    { importType: 'proposed' },
  );
  const mapping = suggestedMapping(analysis);
  const res = await s.execute({
    fileName: analysis.body.fileName,
    columnMappings: mapping,
    importType: 'proposed',
    budgetYearId,
    versionId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { runId: res.body.importRunId as number, amountColumn: mapping.amount! };
}

/** The file's rows with the code each should get (by the account alone, or the rule for 0300). */
function expectedRows(amountColumn: string, rule?: { segment: string; code: string }) {
  const rows = parse(fixture(FILE), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((r) => {
    const segment = r.account.split('-')[3];
    const code = CHART.has(segment) ? segment : rule && segment === rule.segment ? rule.code : null;
    return { account: r.account, code, cents: cents(r[amountColumn]) };
  });
}

function sumByCode(rows: { code: string | null; cents: bigint }[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const r of rows) {
    const key = r.code ?? '(none)';
    sums.set(key, (sums.get(key) ?? 0n) + r.cents);
  }
  return sums;
}

async function appRows(runId: number) {
  return s.t.db
    .knex('line_items')
    .where({ import_run_id: runId })
    .orderBy('id')
    .select('account_line', 'dese_code', s.t.db.knex.raw('amount::text AS amount'));
}

describe('the Lunenburg MUNIS ledger through the import', () => {
  it('gives every row the function code of its account, and sums by code to the cent', async () => {
    const { runId, amountColumn } = await importInto(s.d.budgetYearId, s.d.versionId);
    expect(amountColumn).toBe('revised_budget');
    const want = expectedRows(amountColumn);
    const got = await appRows(runId);
    expect(got).toHaveLength(73);
    expect(got.map((r) => [r.account_line, r.dese_code])).toEqual(want.map((r) => [r.account, r.code]));
    // 72 rows carry a DESE code; the salary reserve's segment (0300) is none.
    expect(want.filter((r) => r.code === null).map((r) => r.account)).toEqual([
      '0100-3-300-0300-99-0-99-4-517006',
    ]);
    const appSums = sumByCode(got.map((r) => ({ code: r.dese_code, cents: cents(r.amount) })));
    expect(appSums).toEqual(sumByCode(want));
    expect([...appSums.keys()].sort()).toEqual(
      [
        '(none)',
        '1110',
        '1210',
        '1230',
        '1410',
        '1420',
        '1450',
        '2110',
        '2210',
        '2305',
        '2310',
        '2315',
        '2325',
        '2330',
        '2355',
        '2357',
        '2440',
        '4120',
        '4220',
        '9120',
        '9300',
      ].sort(),
    );

    // The DESE report of FY2023 files the same dollars under the same codes.
    const report = await s.t.api('get', `/dese-report?budgetYearId=${s.d.budgetYearId}&fiscalYear=2023`, {
      token: s.admin.token,
    });
    expect(report.status).toBe(200);
    const byCode = new Map<string, bigint>();
    for (const series of report.body.series) {
      for (const row of series.rows) {
        if (row.lineCount) {
          byCode.set(row.code, cents(row.total.toFixed(2)));
        }
      }
    }
    byCode.set('(none)', cents(report.body.unmapped.total.toFixed(2)));
    expect(byCode).toEqual(sumByCode(want));
    const total = want.reduce((sum, r) => sum + r.cents, 0n);
    expect(cents(report.body.totals.total.toFixed(2))).toBe(total);
    expect(cents(report.body.dashboard.proposedBudget.toFixed(2))).toBe(total);
  });

  it('codes the rows the accounts leave without one by an ADMIN’s account rule on a later import', async () => {
    const rule = await s.t.api('post', '/function-codes/rules', {
      token: s.admin.token,
      body: {
        kind: 'account',
        match: '0100-3-300-0300-*',
        functionCode: '1230',
        note: 'School salary reserve',
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    // FY2023 has one home: the first test's import leaves its budget year before this one.
    await s.t.db.knex('line_items').where({ budget_year_id: s.d.budgetYearId, fiscal_year: 2023 }).del();
    const [version] = await s.t.db
      .knex('budget_versions')
      .insert({ fiscal_year: 2023, label: 'Ledger FY23', budget_year_id: s.d.otherBudgetYearId })
      .returning('id');
    const { runId, amountColumn } = await importInto(s.d.otherBudgetYearId, version.id);
    const want = expectedRows(amountColumn, { segment: '0300', code: '1230' });
    const got = await appRows(runId);
    expect(got.map((r) => [r.account_line, r.dese_code])).toEqual(want.map((r) => [r.account, r.code]));
    expect(want.every((r) => r.code !== null)).toBe(true);
    expect(sumByCode(got.map((r) => ({ code: r.dese_code, cents: cents(r.amount) })))).toEqual(
      sumByCode(want),
    );
    const audit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'import-run', entity_id: String(runId) })
      .first();
    expect(audit.after).toMatchObject({ functionCodesFromRules: 1, functionCodeRuleConflicts: [] });
  });
});
