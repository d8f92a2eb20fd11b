import type { Db } from '@server/db/index';
import { NO_KEY, type ActualsGrouping } from '@server/schemas/actuals';
import { activeScope } from './line-items-scope';

/**
 * Budget vs actual in SQL (issue 27 item 5): the current ledger import of a fiscal year beside the
 * proposed lines of that year in one budget year (the lines that count, activeScope).
 *
 * How a line and an account meet: a proposed line belongs to the account whose account string
 * equals its Account Number (trimmed, any case; the file's first row of a repeated account). An
 * account's category is that of its lines (the one with the most dollars), else the budget category
 * whose DESE function is the account's function code; its building is the one its location segment
 * names (LOC in the account pattern), else its lines'. A line's DESE function is its own code, else
 * its account's. So the DESE function view compares the two sides even when no account string
 * matches, and every group, account and line is counted once: totals are the same in every view.
 *
 * Every sum, rounding and flag is computed here; integers are checked before they are written into
 * the statement.
 */

export interface ActualsScope {
  fiscalYear: number;
  budgetYearId: number | null;
  /** min(period, 12): the projection is expended ÷ periodsElapsed × 12. */
  periodsElapsed: number;
}

const int = (n: number) => {
  if (!Number.isInteger(n)) {
    throw new RangeError(`Not an integer: ${n}`);
  }
  return String(n);
};

/** The chain of CTEs every read below starts from. */
function base(s: ActualsScope): string {
  const lines =
    s.budgetYearId === null
      ? `SELECT NULL::int AS id, 0::numeric AS amount, NULL AS account_line, NULL AS dese_code,
                NULL::int AS category_id, NULL::int AS building_id, NULL AS description WHERE false`
      : `SELECT li.id, coalesce(li.amount, 0) AS amount, nullif(trim(li.account_line), '') AS account_line,
                nullif(trim(li.dese_code), '') AS dese_code, li.category_id, li.building_id,
                coalesce(li.account_description, li.name) AS description
           FROM line_items_all li
          WHERE li.budget_year_id = ${int(s.budgetYearId)} AND li.fiscal_year = ${int(s.fiscalYear)}
            AND NOT li.is_operating AND ${activeScope('li')}`;
  return `WITH acc AS (
    SELECT la.* FROM ledger_accounts la JOIN ledger_imports imp ON imp.id = la.ledger_import_id
     WHERE imp.fiscal_year = ${int(s.fiscalYear)} AND imp.is_current AND la.set_aside_reason IS NULL
  ), lines AS (${lines}
  ), first_acc AS (
    SELECT DISTINCT ON (lower(account)) id, lower(account) AS account_key FROM acc ORDER BY lower(account), row_number
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
           coalesce(ac.category_id, (SELECT bc.id FROM budget_categories bc WHERE bc.dese_function = a.function_code
                                      ORDER BY bc.display_order, bc.id LIMIT 1)) AS category_ref,
           coalesce(a.building_id, ab.building_id) AS building_ref,
           coalesce(abu.budget, 0) AS budget, coalesce(abu.line_count, 0) AS line_count
      FROM acc a
      LEFT JOIN acc_cat ac ON ac.account_id = a.id
      LEFT JOIN acc_bld ab ON ab.account_id = a.id
      LEFT JOIN acc_budget abu ON abu.account_id = a.id
  )`;
}

/**
 * An account's projected year-end: expended ÷ periods elapsed × 12, rounded to the cent. Only an
 * account is projected; a group's and the total's projection is the sum of its accounts' (issue 32
 * item 8), so every total is the sum of the rows shown, in every view and in the workbook.
 */
function accountProjection(s: ActualsScope, expended: string): string {
  return `round(${expended} * 12 / ${int(s.periodsElapsed)}, 2)`;
}

/**
 * The figures of summed columns (budget, original_budget, revised_budget, expended, encumbered) and
 * `projected`, the projected year-end.
 */
function figures(projected: string): string {
  return `budget, original_budget, revised_budget, expended, encumbered,
    revised_budget - expended - encumbered AS available,
    CASE WHEN revised_budget <> 0 THEN round(expended * 100 / revised_budget, 1) END AS percent_used,
    ${projected} AS projected_year_end,
    revised_budget - ${projected} AS projected_variance,
    (expended + encumbered > revised_budget) AS over_budget,
    (${projected} > revised_budget) AS projected_over`;
}

/** The key of the group an account or a line falls in, per grouping (NO_KEY when it has none). */
const KEYS: Record<ActualsGrouping, { account: string; line: string }> = {
  category: { account: 'a.category_ref::text', line: 'l.category_id::text' },
  function: { account: 'a.function_code', line: 'coalesce(l.dese_code, la.function_code)' },
  building: { account: 'a.building_ref::text', line: 'l.building_id::text' },
  account: { account: 'a.account', line: 'la.account' },
};

const groupKey = (expr: string) => `coalesce(${expr}, '${NO_KEY}')`;

/** An account no proposed line names (of acc_full a). */
const UNMATCHED = 'a.line_count = 0';

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

/** Each group's figures and the grand total (key null, is_total), every line and account counted once. */
export async function actualsGroups(db: Db, s: ActualsScope, by: ActualsGrouping): Promise<GroupRow[]> {
  const k = KEYS[by];
  const { rows } = await db.raw(
    `${base(s)}, items AS (
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
              coalesce(sum(unmatched), 0)::int AS unmatched_account_count,
              (array_agg(description ORDER BY row_number) FILTER (WHERE row_number IS NOT NULL))[1] AS first_description
         FROM items GROUP BY GROUPING SETS ((key), ())
     )
     SELECT key, is_total, account_count, line_count, unmatched_account_count, first_description, ${figures('projected')}
       FROM sums
      ORDER BY is_total, key`,
  );
  return rows as GroupRow[];
}

export type AccountRow = FiguresRow & {
  id: number;
  row_number: number;
  account: string;
  description: string | null;
  function_code: string | null;
  object_code: string | null;
  location_code: string | null;
  category_id: number | null;
  category_name: string | null;
  building_id: number | null;
  building_name: string | null;
  line_count: number;
  warnings: string[];
};

/** Which accounts to list: those no line names only, and/or one group's under a grouping. */
export interface AccountFilter {
  unmatchedOnly: boolean;
  /** The group key (as actualsGroups gives it) and the grouping it belongs to. */
  group?: { by: ActualsGrouping; key: string };
}

/**
 * The accounts in the figures that a filter picks, with their category, building, matched lines and
 * figures, in file order. A group's accounts are picked by the key actualsGroups groups them by, so
 * they add up to that group's account figures.
 */
export async function actualsAccounts(db: Db, s: ActualsScope, filter: AccountFilter): Promise<AccountRow[]> {
  const where: string[] = [];
  const bindings: string[] = [];
  if (filter.unmatchedOnly) {
    where.push(UNMATCHED);
  }
  if (filter.group) {
    where.push(`${groupKey(KEYS[filter.group.by].account)} = ?`);
    bindings.push(filter.group.key);
  }
  // The only placeholder in the statement is the group key's (the chain above holds no '?').
  const { rows } = await db.raw(
    `${base(s)}
     SELECT a.id, a.row_number, a.account, a.description, a.function_code, a.object_code, a.location_code,
            a.category_ref AS category_id, bc.name AS category_name, a.building_ref AS building_id,
            b.name AS building_name, a.line_count::int AS line_count, a.warnings,
            ${figures(accountProjection(s, 'a.expended'))}
       FROM acc_full a
       LEFT JOIN budget_categories bc ON bc.id = a.category_ref
       LEFT JOIN buildings b ON b.id = a.building_ref
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.row_number, a.id`,
    bindings,
  );
  return rows as AccountRow[];
}

export interface UnmatchedLineRow {
  id: number;
  description: string | null;
  account_line: string | null;
  dese_code: string | null;
  category_name: string | null;
  building_name: string | null;
  amount: number;
}

/** Proposed lines of the year that name no account of the ledger (or no account at all). */
export async function linesWithoutAccount(db: Db, s: ActualsScope): Promise<UnmatchedLineRow[]> {
  const { rows } = await db.raw(
    `${base(s)}
     SELECT l.id, l.description, l.account_line, l.dese_code, bc.name AS category_name, b.name AS building_name, l.amount
       FROM line_match l
       LEFT JOIN budget_categories bc ON bc.id = l.category_id
       LEFT JOIN buildings b ON b.id = l.building_id
      WHERE l.account_id IS NULL
      ORDER BY l.account_line NULLS FIRST, l.id`,
  );
  return rows as UnmatchedLineRow[];
}

/**
 * The budget year whose proposed lines are a fiscal year's budget: the one centred on the year,
 * else the latest (by its current year) holding proposed lines of it. Null when none does.
 */
export async function budgetYearForFiscalYear(db: Db, fiscalYear: number) {
  const { rows } = await db.raw(
    `SELECT y.id, y.fiscal_year AS label FROM budget_years y
      WHERE y.current_fiscal_year = ${int(fiscalYear)}
         OR EXISTS (SELECT 1 FROM line_items li WHERE li.budget_year_id = y.id
                     AND li.fiscal_year = ${int(fiscalYear)} AND NOT li.is_operating)
      ORDER BY (y.current_fiscal_year = ${int(fiscalYear)}) DESC, y.current_fiscal_year DESC, y.id
      LIMIT 1`,
  );
  return (rows[0] as { id: number; label: string } | undefined) ?? null;
}

/** How many proposed lines of a fiscal year count in a budget year. */
export async function countBudgetLines(db: Db, budgetYearId: number, fiscalYear: number): Promise<number> {
  const { rows } = await db.raw(
    `SELECT count(*)::int AS n FROM line_items_all li
      WHERE li.budget_year_id = ${int(budgetYearId)} AND li.fiscal_year = ${int(fiscalYear)}
        AND NOT li.is_operating AND ${activeScope('li')}`,
  );
  return rows[0].n as number;
}

/** Names to label groups with: categories in display order, buildings by id. */
export async function groupNames(db: Db) {
  // One after the other: inside a transaction both share its one connection.
  const categories = await db('budget_categories')
    .select('id', 'name', 'display_order')
    .orderBy(['display_order', 'name', 'id']);
  const buildings = await db('buildings').select('id', 'name');
  return {
    categories: categories as { id: number; name: string; display_order: number }[],
    buildings: buildings as { id: number; name: string }[],
  };
}
