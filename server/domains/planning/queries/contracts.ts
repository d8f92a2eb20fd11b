import type { Db } from '@server/db/index';
import type { Contract, ContractInput } from '@shared/schemas/contracts';

/** Contracts with their work group's name and their yearly COLA rows, as one JSON row each. */

interface ContractRow {
  id: number;
  name: string;
  work_group_id: number;
  work_group: string | null;
  start_year: number;
  end_year: number;
  contract_years: number;
  status: Contract['status'];
  settlement_date: string | null;
  notes: string | null;
  supersedes_contract_id: number | null;
  superseded_by_id: number | null;
  superseded_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  rates: {
    id: number;
    contract_year: number;
    fiscal_year: number;
    cola_percentage: string;
    notes: string | null;
  }[];
}

function present(row: ContractRow): Contract {
  return {
    id: row.id,
    name: row.name,
    workGroupId: row.work_group_id,
    workGroup: row.work_group,
    startYear: row.start_year,
    endYear: row.end_year,
    contractYears: row.contract_years,
    status: row.status,
    settlementDate: row.settlement_date,
    notes: row.notes,
    supersedesContractId: row.supersedes_contract_id,
    supersededBy:
      row.superseded_by_id === null ? null : { id: row.superseded_by_id, name: row.superseded_by_name ?? '' },
    colaSettings: row.rates.map((r) => ({
      id: r.id,
      contractYear: r.contract_year,
      fiscalYear: r.fiscal_year,
      colaPercentage: Number(r.cola_percentage),
      notes: r.notes,
    })),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function select(db: Db) {
  return db('contracts as c')
    .leftJoin('work_groups as g', 'g.id', 'c.work_group_id')
    .leftJoin('contracts as sb', 'sb.id', 'c.superseded_by_id')
    .select(
      'c.id',
      'c.name',
      'c.work_group_id',
      'g.name as work_group',
      'c.start_year',
      'c.end_year',
      'c.contract_years',
      'c.status',
      db.raw(`to_char(c.settlement_date, 'YYYY-MM-DD') AS settlement_date`),
      'c.notes',
      'c.superseded_by_id',
      'sb.name as superseded_by_name',
      db.raw(`(SELECT min(o.id) FROM contracts o WHERE o.superseded_by_id = c.id) AS supersedes_contract_id`),
      'c.created_at',
      'c.updated_at',
      db.raw(`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'contract_year', r.contract_year,
          'fiscal_year', r.fiscal_year, 'cola_percentage', r.cola_percentage::text, 'notes', r.notes)
          ORDER BY r.fiscal_year), '[]') FROM contract_cola_rates r WHERE r.contract_id = c.id) AS rates`),
    );
}

/** Contracts, newest span first, then by name; optionally of one work group or status. */
export async function listContracts(
  db: Db,
  filter: { workGroupId?: number; status?: Contract['status'] } = {},
): Promise<Contract[]> {
  const q = select(db).orderBy([
    { column: 'c.start_year', order: 'desc' },
    { column: 'c.name', order: 'asc' },
    { column: 'c.id', order: 'asc' },
  ]);
  if (filter.workGroupId !== undefined) {
    q.where('c.work_group_id', filter.workGroupId);
  }
  if (filter.status !== undefined) {
    q.where('c.status', filter.status);
  }
  return ((await q) as ContractRow[]).map(present);
}

export async function findContract(db: Db, id: number): Promise<Contract | null> {
  const row = (await select(db).where('c.id', id).first()) as ContractRow | undefined;
  return row ? present(row) : null;
}

/** Locks a contract row for the transaction; its work group id, or null when there is none. */
export async function lockContract(db: Db, id: number): Promise<{ work_group_id: number } | null> {
  return (await db('contracts').where({ id }).forUpdate().first('work_group_id')) ?? null;
}

function columns(input: ContractInput) {
  return {
    name: input.name,
    work_group_id: input.workGroupId,
    start_year: input.startYear,
    end_year: input.endYear,
    contract_years: input.endYear - input.startYear + 1,
    status: input.status,
    settlement_date: input.status === 'SETTLED' ? input.settlementDate : null,
    notes: input.notes ?? null,
  };
}

/** Replaces the COLA rows with one per fiscal year of the input (contract year 1 = start year). */
async function writeRates(db: Db, id: number, input: ContractInput): Promise<void> {
  await db('contract_cola_rates').where({ contract_id: id }).delete();
  await db('contract_cola_rates').insert(
    [...input.yearlyIncreases]
      .sort((a, b) => a.fiscalYear - b.fiscalYear)
      .map((r) => ({
        contract_id: id,
        contract_year: r.fiscalYear - input.startYear + 1,
        fiscal_year: r.fiscalYear,
        cola_percentage: r.colaPercentage,
        notes: r.notes ?? null,
      })),
  );
}

export async function insertContract(db: Db, input: ContractInput): Promise<number> {
  const [row] = await db('contracts').insert(columns(input)).returning('id');
  await writeRates(db, row.id, input);
  return row.id;
}

export async function updateContract(db: Db, id: number, input: ContractInput): Promise<void> {
  await db('contracts')
    .where({ id })
    .update({ ...columns(input), updated_at: db.fn.now() });
  await writeRates(db, id, input);
}

export async function updateContractStatus(
  db: Db,
  id: number,
  status: Contract['status'],
  settlementDate: string | null,
): Promise<void> {
  await db('contracts')
    .where({ id })
    .update({
      status,
      settlement_date: status === 'SETTLED' ? settlementDate : null,
      updated_at: db.fn.now(),
    });
}

export async function deleteContract(db: Db, id: number): Promise<void> {
  await db('contracts').where({ id }).delete();
}

/**
 * Makes `id` supersede `target` (null: nothing): any other contract it superseded is in force
 * again. The ids whose mark changed (released or newly superseded).
 */
export async function setSupersedes(db: Db, id: number, target: number | null): Promise<number[]> {
  const released: { id: number }[] = await db('contracts')
    .where({ superseded_by_id: id })
    .modify((q) => (target === null ? q : q.whereNot({ id: target })))
    .update({ superseded_by_id: null, updated_at: db.fn.now() })
    .returning('id');
  const marked: { id: number }[] =
    target === null
      ? []
      : await db('contracts')
          .where({ id: target })
          .whereRaw('superseded_by_id IS DISTINCT FROM ?', [id])
          .update({ superseded_by_id: id, updated_at: db.fn.now() })
          .returning('id');
  return [...released, ...marked].map((r) => r.id);
}

/** The ids of the contracts `id` supersedes. */
export async function supersededBy(db: Db, id: number): Promise<number[]> {
  return db('contracts').where({ superseded_by_id: id }).orderBy('id').pluck('id');
}

/**
 * Serialises the contract writes of one work group (the overlap check reads the group's other
 * contracts, so two saves at once must not both pass it): locks the work group's row.
 */
export async function lockWorkGroupContracts(db: Db, workGroupIds: number[]): Promise<void> {
  await db('work_groups')
    .whereIn(
      'id',
      [...new Set(workGroupIds)].sort((a, b) => a - b),
    )
    .orderBy('id')
    .forUpdate()
    .select('id');
}

/** A settled contract in force that shares fiscal years with another of the same work group. */
export interface SettledOverlap {
  id: number;
  name: string;
  workGroup: string | null;
  startYear: number;
  endYear: number;
  /** The fiscal years both contracts cover, ascending. */
  fiscalYears: number[];
}

/**
 * The other SETTLED, not superseded contracts of `id`'s work group that cover one of its fiscal
 * years (none when `id` itself is not settled or is superseded: it then promises nothing).
 */
export async function settledOverlaps(db: Db, id: number): Promise<SettledOverlap[]> {
  const { rows } = await db.raw(
    `SELECT o.id, o.name, g.name AS work_group, o.start_year, o.end_year,
            array_agg(ro.fiscal_year ORDER BY ro.fiscal_year) AS fiscal_years
       FROM contracts c
       JOIN contract_cola_rates rc ON rc.contract_id = c.id
       JOIN contracts o ON o.work_group_id = c.work_group_id AND o.id <> c.id
        AND o.status = 'SETTLED' AND o.superseded_by_id IS NULL
       JOIN contract_cola_rates ro ON ro.contract_id = o.id AND ro.fiscal_year = rc.fiscal_year
       LEFT JOIN work_groups g ON g.id = o.work_group_id
      WHERE c.id = ? AND c.status = 'SETTLED' AND c.superseded_by_id IS NULL
      GROUP BY o.id, o.name, g.name, o.start_year, o.end_year
      ORDER BY o.id`,
    [id],
  );
  return (
    rows as {
      id: number;
      name: string;
      work_group: string | null;
      start_year: number;
      end_year: number;
      fiscal_years: number[];
    }[]
  ).map((r) => ({
    id: r.id,
    name: r.name,
    workGroup: r.work_group,
    startYear: r.start_year,
    endYear: r.end_year,
    fiscalYears: r.fiscal_years.map(Number),
  }));
}
