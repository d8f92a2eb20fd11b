import type { Knex } from 'knex';

/** A POST /cola/contracts body: a SETTLED contract of `workGroupId`, one [fiscal year, COLA %] a year. */
export const contractBody = (
  workGroupId: number,
  name: string,
  rates: [number, number][],
  extra: Record<string, unknown> = {},
) => ({
  name,
  workGroupId,
  startYear: rates[0][0],
  endYear: rates[rates.length - 1][0],
  status: 'SETTLED',
  settlementDate: '2026-05-14',
  notes: null,
  yearlyIncreases: rates.map(([fiscalYear, colaPercentage]) => ({ fiscalYear, colaPercentage, notes: null })),
  ...extra,
});

/** What a refused contract write must leave alone: contracts, their rates and marks, and the audit trail. */
export async function contractSnapshot(db: Knex) {
  return {
    contracts: await db('contracts').orderBy('id').select('id', 'status', 'superseded_by_id', 'updated_at'),
    rates: await db('contract_cola_rates').orderBy('id').select('id', 'fiscal_year', 'cola_percentage'),
    audits: (await db('audit_log').count({ n: '*' }).first())?.n,
  };
}
