import type { Knex } from 'knex';

/**
 * A current ledger import of `accounts` rows written straight into the ledger tables in one
 * INSERT ... SELECT generate_series (the import itself limits the size of a file; the reports must
 * stay bounded whatever the tables hold). Accounts '0100-3-300-FUNC-OBJECT' over ten DESE function
 * codes; 1 in 1,000 set aside; the first `matched` accounts are named by the proposed lines given.
 * Used by the large-ledger tests and the budget-vs-actual bench.
 */
export const LARGE_LEDGER_FUNCTIONS = [
  '1110',
  '2305',
  '2310',
  '2440',
  '3300',
  '4110',
  '4220',
  '5200',
  '2210',
  '2420',
];

export const largeAccount = (g: number) =>
  `0100-3-300-${LARGE_LEDGER_FUNCTIONS[g % LARGE_LEDGER_FUNCTIONS.length]}-${String(500000 + g)}`;

export async function insertLargeLedger(
  db: Knex,
  options: { fiscalYear: number; accounts: number; period?: number },
): Promise<{ importId: number; setAside: number }> {
  const { fiscalYear, accounts } = options;
  const setAside = Math.floor(accounts / 1000);
  await db('ledger_imports')
    .where({ fiscal_year: fiscalYear, is_current: true })
    .update({ is_current: false });
  const [ledger] = await db('ledger_imports')
    .insert({
      fiscal_year: fiscalYear,
      period: options.period ?? 6,
      file_name: `large ledger ${accounts}.csv`,
      file_sha256: `large-${accounts}-${Date.now()}`,
      account_pattern: 'FUND-x-xxx-FUNC-...-OBJECT',
      row_count: accounts,
      account_count: accounts - setAside,
      set_aside_count: setAside,
      is_current: true,
    })
    .returning('id');
  await db.raw(
    `INSERT INTO ledger_accounts (ledger_import_id, fiscal_year, row_number, account, description,
       fund_code, function_code, object_code, original_budget, transfers, revised_budget, expended,
       encumbered, warnings, set_aside_reason)
     SELECT ?, ?, g + 1, a.account, 'Account ' || g,
            CASE WHEN a.aside THEN NULL ELSE split_part(a.account, '-', 1) END,
            CASE WHEN a.aside THEN NULL ELSE split_part(a.account, '-', 4) END,
            CASE WHEN a.aside THEN NULL ELSE split_part(a.account, '-', 5) END,
            a.base, 0, a.base, round(a.base * (40 + g % 70) / 100.0, 2), round(a.base * (g % 9) / 100.0, 2),
            '[]'::jsonb, CASE WHEN a.aside THEN 'account does not match the pattern' END
       FROM generate_series(1, ?) AS g
       CROSS JOIN LATERAL (
         SELECT g % 1000 = 500 AS aside,
                CASE WHEN g % 1000 = 500 THEN 'SUSPENSE ' || g
                     ELSE '0100-3-300-' || (?::text[])[1 + g % ?] || '-' || (500000 + g) END AS account,
                round((1000 + (g::bigint * 7919) % 90000)::numeric, 2) AS base
       ) a`,
    [ledger.id, fiscalYear, accounts, LARGE_LEDGER_FUNCTIONS, LARGE_LEDGER_FUNCTIONS.length],
  );
  await db.raw('ANALYZE ledger_accounts');
  return { importId: ledger.id as number, setAside };
}
