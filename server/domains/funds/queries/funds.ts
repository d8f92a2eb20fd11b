import type { Db } from '@server/db/index';
import { decimalText } from '@shared/money';
import { NSS_COUNTS_BY_KIND, type Fund, type FundKind } from '@shared/schemas/funds';
import { FUND_ORDER } from '@server/sql/general-fund';

export interface FundRow {
  id: number;
  name: string;
  code: string;
  kind: FundKind;
  counts_toward_nss: boolean;
  award_amount: string | null;
  period_start: string | null;
  period_end: string | null;
  note: string | null;
  show_to_residents: boolean;
  updated_at: Date | string;
}

export type FundValues = Partial<Omit<FundRow, 'id' | 'updated_at'>>;

/** Row -> API shape. */
export function presentFund(row: FundRow): Fund {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind,
    countsTowardNss: row.counts_toward_nss,
    nssDefault: row.counts_toward_nss === NSS_COUNTS_BY_KIND[row.kind],
    awardAmount: row.award_amount === null ? null : Number(row.award_amount),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    note: row.note,
    showToResidents: row.show_to_residents,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const COLUMNS = [
  'id',
  'name',
  'code',
  'kind',
  'counts_toward_nss',
  'award_amount',
  'note',
  'show_to_residents',
  'updated_at',
];

/** The columns, the dates as their text so no time zone of the driver moves the day. */
const selectFund = (db: Db) =>
  db('funds').select(
    ...COLUMNS,
    db.raw('period_start::text as period_start'),
    db.raw('period_end::text as period_end'),
  );

/** Every fund: the general fund first, then by code. */
export function listFunds(db: Db): Promise<FundRow[]> {
  return selectFund(db).orderByRaw(FUND_ORDER());
}

export async function findFund(db: Db, id: number): Promise<FundRow | undefined> {
  return selectFund(db).where({ id }).first();
}

/** The fund with this code in any letter case, other than `exceptId`. */
export async function findFundByCode(db: Db, code: string, exceptId?: number): Promise<FundRow | undefined> {
  const query = db('funds').select('id', 'name', 'code').whereRaw('lower(code) = lower(?)', [code]);
  if (exceptId !== undefined) {
    query.whereNot({ id: exceptId });
  }
  return query.first();
}

/**
 * The fund named `name` as a clerk reads it (spaces around it and letter case aside), other than
 * `exceptId`: the name is what every Fund dropdown shows, so two such funds cannot be told apart.
 */
/**
 * Serialises changes to the funds list: a transaction-scoped advisory lock, so two admins adding
 * funds of one name (or a second general fund) at once take turns, and the second is refused by the
 * checks that follow. Names have no unique index: databases in use may already hold a duplicate pair.
 */
export async function lockFunds(db: Db): Promise<void> {
  await db.raw(`SELECT pg_advisory_xact_lock(hashtext('funds'))`);
}

export async function findFundByName(db: Db, name: string, exceptId?: number): Promise<FundRow | undefined> {
  const query = db('funds')
    .select('id', 'name', 'code')
    .whereRaw('lower(btrim(name)) = lower(btrim(?))', [name])
    .orderBy('id');
  if (exceptId !== undefined) {
    query.whereNot({ id: exceptId });
  }
  return query.first();
}

export async function insertFund(db: Db, values: FundValues): Promise<number> {
  const [row] = await db('funds').insert(values).returning<{ id: number }[]>('id');
  return row!.id;
}

export async function updateFund(db: Db, id: number, values: FundValues): Promise<void> {
  await db('funds')
    .where({ id })
    .update({ ...values, updated_at: db.fn.now() });
}

export async function deleteFund(db: Db, id: number): Promise<void> {
  await db('funds').where({ id }).del();
}

/** Money in, as numeric text for the column (the API's dollars are exact to the cent). */
export const moneyColumn = (dollars: number | null | undefined) =>
  dollars === undefined ? undefined : dollars === null ? null : decimalText(dollars);

/** The general fund's lines are those naming no fund (line_items.fund_id is null). */
const onFund = (db: Db, fund: Pick<FundRow, 'id' | 'kind'>) =>
  fund.kind === 'general'
    ? db('line_items').whereNull('fund_id')
    : db('line_items').where({ fund_id: fund.id });

/** How many lines (of every year) a fund pays. */
export async function linesOnFund(db: Db, fund: Pick<FundRow, 'id' | 'kind'>): Promise<number> {
  const [row] = await onFund(db, fund).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}

/** How many positions the fund pays a share of (position_fund_shares). */
export async function positionsOnFund(db: Db, fundId: number): Promise<number> {
  const rows = await db('position_fund_shares').where({ fund_id: fundId }).count<{ n: string }[]>('* as n');
  return Number(rows[0].n);
}

/** How many rules of a table (the crosswalk's, the function codes') give the fund. */
export async function rulesOnFund(
  db: Db,
  table: 'position_crosswalk_rules' | 'function_code_rules',
  fundId: number,
): Promise<number> {
  const rows = await db(table).where({ fund_id: fundId }).count<{ n: string }[]>('* as n');
  return Number(rows[0].n);
}

/**
 * The first locked (adopted or closed) fiscal year a fund has lines in, or null. The years are
 * found first (MATERIALIZED) and the lock rule asked once for each: over the lines themselves it
 * was asked once per line (the general fund's 100,000 lines, about 0.2 ms each).
 */
export async function lockedYearOfFund(
  db: Db,
  fund: Pick<FundRow, 'id' | 'kind'>,
): Promise<{ budget_year_id: number; fiscal_year: number } | null> {
  const row = await db
    .withMaterialized('y', onFund(db, fund).distinct('budget_year_id', 'fiscal_year'))
    .from('y')
    .select('budget_year_id', 'fiscal_year')
    .whereRaw('budget_year_locked(budget_year_id, fiscal_year)')
    .orderBy('fiscal_year')
    .first();
  return row ?? null;
}

/**
 * The years a grant pays, as the closed-grant rule reads them: its lines' fiscal years, and for a
 * position's fund share the year after the roster's (its holders' next-year salaries pay then), each
 * with how many lines and positions.
 */
export async function yearsPaidBy(
  db: Db,
  fundId: number,
): Promise<{ fiscal_year: number; lines: number; positions: number }[]> {
  const { rows } = await db.raw(
    `SELECT fiscal_year, sum(lines)::int AS lines, sum(positions)::int AS positions
       FROM (SELECT fiscal_year, count(*) AS lines, 0 AS positions FROM line_items WHERE fund_id = ?
              GROUP BY fiscal_year
             UNION ALL
             SELECT p.fiscal_year + 1, 0, count(DISTINCT p.id) FROM position_fund_shares s
               JOIN positions p ON p.id = s.position_id
              WHERE s.fund_id = ? GROUP BY p.fiscal_year) paid
      GROUP BY fiscal_year ORDER BY fiscal_year`,
    [fundId, fundId],
  );
  return rows;
}
