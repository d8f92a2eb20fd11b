import type { Db } from '@server/db/index';
import { NO_KEY, type LedgerGrouping } from '@shared/schemas/ledger';
import { activeScope } from '@server/sql/line-items-scope';
import { LINE_FUND } from '@server/domains/funds';

/**
 * Budget vs actual in SQL: the current ledger import of a fiscal year beside the
 * proposed lines of that year in one budget year (the lines that count, activeScope).
 *
 * How a line and an account meet: a proposed line belongs to the account whose account string
 * equals its Account Number (trimmed, any case; the file's first row of a repeated account). An
 * account's category is that of its lines (the one with the most dollars), else the budget category
 * whose DESE function is the account's function code; its building is the one its location segment
 * names (LOC in the account pattern), else its lines'. A line's DESE function is its own code, else
 * its account's. So the DESE function view compares the two sides even when no account string
 * matches, and every group, account and line is counted once: totals are the same in every view.
 * A scope with a fund keeps that fund's accounts (FUND segment = its code, any case) and lines
 * (LINE_FUND) on both sides before they meet.
 *
 * Every sum, rounding and flag is computed here; integers are checked before they are written into
 * the statement.
 */

export interface LedgerScope {
  fiscalYear: number;
  budgetYearId: number | null;
  /** min(period, 12): the projection is expended ÷ periodsElapsed × 12. */
  periodsElapsed: number;
  /**
   * Only this fund's accounts (their FUND segment is its code, any case) and lines (LINE_FUND);
   * null or absent: every account and line, those whose segment names no fund included.
   */
  fundId?: number | null;
}

/** An integer as SQL text: checked, so nothing else can be written into a statement. */
export const int = (n: number) => {
  if (!Number.isInteger(n)) {
    throw new RangeError(`Not an integer: ${n}`);
  }
  return String(n);
};

/**
 * Plans the statements below with hash joins only, for the rest of the transaction `trx`. The
 * planner cannot see how many lines and accounts the CTEs hold (it guesses one row), and chose
 * nested loops that matched every account against every matched line: 16 s for a page of a group's
 * accounts at 300,000 accounts on PostgreSQL. Every join here is an equality a hash join serves.
 */
export async function planForLedger(trx: Db): Promise<void> {
  await trx.raw('SET LOCAL enable_nestloop = off');
}

/** The chain of CTEs every read below starts from. */
export function base(s: LedgerScope): string {
  const fund = s.fundId === undefined || s.fundId === null ? null : int(s.fundId);
  const lines =
    s.budgetYearId === null
      ? `SELECT NULL::int AS id, 0::numeric AS amount, NULL AS account_line, NULL AS dese_code,
                NULL::int AS category_id, NULL::int AS building_id, NULL AS description,
                NULL::int AS fund_id WHERE false`
      : `SELECT li.id, coalesce(li.amount, 0) AS amount, nullif(trim(li.account_line), '') AS account_line,
                nullif(trim(li.dese_code), '') AS dese_code, li.category_id, li.building_id,
                coalesce(li.account_description, li.name) AS description, ${LINE_FUND('li.fund_id')} AS fund_id
           FROM line_items_all li
          WHERE li.budget_year_id = ${int(s.budgetYearId)} AND li.fiscal_year = ${int(s.fiscalYear)}
            AND NOT li.is_operating AND ${activeScope('li')}
            ${fund === null ? '' : `AND ${LINE_FUND('li.fund_id')} = ${fund}`}`;
  // An account's fund: the fund whose code is its FUND segment in any case (funds_code_unique is
  // on lower(code), so at most one); fund_ref null when none is.
  return `WITH acc AS (
    SELECT la.*, f.id AS fund_ref
      FROM ledger_accounts la JOIN ledger_imports imp ON imp.id = la.ledger_import_id
      LEFT JOIN funds f ON lower(f.code) = lower(la.fund_code)
     WHERE imp.fiscal_year = ${int(s.fiscalYear)} AND imp.is_current AND la.set_aside_reason IS NULL
       ${fund === null ? '' : `AND f.id = ${fund}`}
  ), lines AS (${lines}
  ), first_acc AS (
    -- Only the accounts some line names: sorting every account of a large ledger cost seconds.
    SELECT DISTINCT ON (lower(account)) id, lower(account) AS account_key FROM acc
     WHERE lower(account) IN (SELECT lower(account_line) FROM lines WHERE account_line IS NOT NULL)
     ORDER BY lower(account), row_number
  ), fn_cat AS (
    -- The budget category of each DESE function (joined once, not looked up per account).
    SELECT DISTINCT ON (dese_function) dese_function, id FROM budget_categories
     WHERE dese_function IS NOT NULL ORDER BY dese_function, display_order, id
  ), line_match AS (
    SELECT l.*, fa.id AS account_id FROM lines l LEFT JOIN first_acc fa ON fa.account_key = lower(l.account_line)
  ), acc_cat AS (
    SELECT DISTINCT ON (account_id) account_id, category_id FROM line_match
     WHERE account_id IS NOT NULL AND category_id IS NOT NULL
     GROUP BY account_id, category_id ORDER BY account_id, sum(amount) DESC, category_id
  ), acc_bld AS (
    SELECT DISTINCT ON (account_id) account_id, building_id FROM line_match
     WHERE account_id IS NOT NULL AND building_id IS NOT NULL
     GROUP BY account_id, building_id ORDER BY account_id, sum(amount) DESC, building_id
  ), acc_budget AS (
    SELECT account_id, sum(amount) AS budget, count(*) AS line_count FROM line_match
     WHERE account_id IS NOT NULL GROUP BY account_id
  ), acc_full AS (
    SELECT a.*,
           coalesce(ac.category_id, fc.id) AS category_ref,
           coalesce(a.building_id, ab.building_id) AS building_ref,
           coalesce(abu.budget, 0) AS budget, coalesce(abu.line_count, 0) AS line_count
      FROM acc a
      LEFT JOIN acc_cat ac ON ac.account_id = a.id
      LEFT JOIN acc_bld ab ON ab.account_id = a.id
      LEFT JOIN acc_budget abu ON abu.account_id = a.id
      LEFT JOIN fn_cat fc ON fc.dese_function = a.function_code
  )`;
}

/**
 * An account's projected year-end: expended ÷ periods elapsed × 12, rounded to the cent. Only an
 * account is projected; a group's and the total's projection is the sum of its accounts', so
 * every total is the sum of the rows shown, in every view and in the workbook.
 */
export function accountProjection(s: LedgerScope, expended: string): string {
  return `round(${expended} * 12 / ${int(s.periodsElapsed)}, 2)`;
}

/**
 * The figures of summed columns (budget, original_budget, revised_budget, expended, encumbered) and
 * `projected`, the projected year-end.
 */
export function figures(projected: string, table: string): string {
  const c = (name: string) => `${table}.${name}`;
  return `${c('budget')} AS budget, ${c('original_budget')} AS original_budget,
    ${c('revised_budget')} AS revised_budget, ${c('expended')} AS expended, ${c('encumbered')} AS encumbered,
    ${c('revised_budget')} - ${c('expended')} - ${c('encumbered')} AS available,
    CASE WHEN ${c('revised_budget')} <> 0 THEN round(${c('expended')} * 100 / ${c('revised_budget')}, 1) END AS percent_used,
    ${projected} AS projected_year_end,
    ${c('revised_budget')} - ${projected} AS projected_variance,
    (${c('expended')} + ${c('encumbered')} > ${c('revised_budget')}) AS over_budget,
    (${projected} > ${c('revised_budget')}) AS projected_over`;
}

/** The key of the group an account or a line falls in, per grouping (NO_KEY when it has none). */
export const KEYS: Record<LedgerGrouping, { account: string; line: string }> = {
  category: { account: 'a.category_ref::text', line: 'l.category_id::text' },
  function: { account: 'a.function_code', line: 'coalesce(l.dese_code, la.function_code)' },
  building: { account: 'a.building_ref::text', line: 'l.building_id::text' },
  account: { account: 'a.account', line: 'la.account' },
};

export const groupKey = (expr: string) => `coalesce(${expr}, '${NO_KEY}')`;

/** An account no proposed line names (of acc_full a). */
export const UNMATCHED = 'a.line_count = 0';

export interface FiguresRow {
  budget: number;
  original_budget: number;
  revised_budget: number;
  expended: number;
  encumbered: number;
  available: number;
  percent_used: number | null;
  projected_year_end: number;
  projected_variance: number;
  over_budget: boolean;
  projected_over: boolean;
}

export type GroupRow = FiguresRow & {
  key: string | null;
  is_total: boolean;
  account_count: number;
  line_count: number;
  /** Accounts of the group no proposed line names. */
  unmatched_account_count: number;
  /** The first account's description (for the account view's label). */
  first_description: string | null;
};

/** Which slice of a list to read: `limit` rows after the first `offset`. */
export interface Page {
  offset: number;
  limit: number;
}

/**
 * The chain through `sums`: each group's summed figures under `by` and the grand total (is_total),
 * every line and account counted once. Only the account view labels a group by its first account's
 * description (the other views' groups would gather every description of the ledger to keep one).
 */
export function groupSums(s: LedgerScope, by: LedgerGrouping): string {
  const k = KEYS[by];
  const first =
    by === 'account'
      ? '(array_agg(description ORDER BY row_number) FILTER (WHERE row_number IS NOT NULL))[1]'
      : 'NULL::text';
  return `${base(s)}, items AS (
       SELECT ${groupKey(k.account)} AS key, 0::numeric AS budget, a.original_budget, a.revised_budget,
              a.expended, a.encumbered, ${accountProjection(s, 'a.expended')} AS projected,
              1 AS accounts, (${UNMATCHED})::int AS unmatched, 0 AS lines, a.row_number, a.description
         FROM acc_full a
       UNION ALL
       SELECT ${groupKey(k.line)}, l.amount, 0, 0, 0, 0, 0, 0, 0, 1, NULL, NULL
         FROM line_match l LEFT JOIN acc la ON la.id = l.account_id
     ), sums AS (
       SELECT key, GROUPING(key) = 1 AS is_total,
              coalesce(sum(budget), 0) AS budget, coalesce(sum(original_budget), 0) AS original_budget,
              coalesce(sum(revised_budget), 0) AS revised_budget, coalesce(sum(expended), 0) AS expended,
              coalesce(sum(encumbered), 0) AS encumbered, coalesce(sum(projected), 0) AS projected,
              coalesce(sum(accounts), 0)::int AS account_count, coalesce(sum(lines), 0)::int AS line_count,
              coalesce(sum(unmatched), 0)::int AS unmatched_account_count, ${first} AS first_description
         FROM items GROUP BY GROUPING SETS ((key), ())
     )`;
}

/**
 * The order groups are shown in, in SQL so a page of them can be read: categories in display order,
 * function codes and accounts by code, buildings by name; the group of none last. Text compares
 * byte by byte (COLLATE "C"), as the screens sort.
 */
const GROUP_ORDER: Record<LedgerGrouping, { join: string; order: string }> = {
  category: {
    join: 'LEFT JOIN budget_categories o ON o.id::text = g.key',
    order: 'o.id IS NOT NULL, o.display_order, o.name, o.id, g.key COLLATE "C"',
  },
  function: { join: '', order: 'g.key COLLATE "C"' },
  building: {
    join: 'LEFT JOIN buildings o ON o.id::text = g.key',
    order: `lower(coalesce(o.name, 'Building ' || g.key)) COLLATE "C", g.key COLLATE "C"`,
  },
  account: { join: '', order: 'g.key COLLATE "C"' },
};

/**
 * One page of the groups of a view, in the order shown, and the grand total (key null) with how
 * many groups there are, from one statement: a view by account has as many groups as the ledger has
 * accounts, so no read returns them all.
 */
export async function ledgerGroups(
  db: Db,
  s: LedgerScope,
  by: LedgerGrouping,
  page: Page,
): Promise<{ total: GroupRow; groupCount: number; rows: GroupRow[] }> {
  const { rows } = await db.raw(
    `${groupSums(s, by)}
     (SELECT ${GROUP_COLUMNS}, (SELECT count(*)::int FROM sums WHERE NOT is_total) AS group_count
        FROM sums g WHERE g.is_total)
     UNION ALL
     (${groupRows(by)} LIMIT ${int(page.limit)} OFFSET ${int(page.offset)})`,
  );
  const all = rows as (GroupRow & { group_count: number | null })[];
  const total = all.find((g) => g.is_total)!;
  return { total, groupCount: total.group_count ?? 0, rows: all.filter((g) => !g.is_total) };
}

const GROUP_COLUMNS = `g.key, g.is_total, g.account_count, g.line_count, g.unmatched_account_count,
  g.first_description, ${figures('g.projected', 'g')}`;

/** The groups of `sums` (not the total) in the order shown. */
function groupRows(by: LedgerGrouping): string {
  const o = GROUP_ORDER[by];
  return `SELECT ${GROUP_COLUMNS}, NULL::int FROM sums g ${o.join}
       WHERE NOT g.is_total
       ORDER BY g.key = '${NO_KEY}', ${o.order}`;
}

/** Every group of a view in the order shown (not the total): a statement to read in chunks. */
export const groupsStatement = (s: LedgerScope, by: LedgerGrouping) => `${groupSums(s, by)} ${groupRows(by)}`;

/**
 * The dashboard's totals and how many categories are over budget or projected over, in one
 * aggregate statement (no group or account leaves the database).
 */
export async function ledgerTotals(db: Db, s: LedgerScope): Promise<FiguresRow & { flagged: number }> {
  const { rows } = await db.raw(
    `${groupSums(s, 'category')}
     SELECT ${figures('g.projected', 'g')},
            (SELECT count(*)::int FROM sums x
              WHERE NOT x.is_total
                AND (x.expended + x.encumbered > x.revised_budget OR x.projected > x.revised_budget)) AS flagged
       FROM sums g WHERE g.is_total`,
  );
  return rows[0] as FiguresRow & { flagged: number };
}
