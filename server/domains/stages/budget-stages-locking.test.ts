import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import { BUDGET_STAGES, LOCKING_STAGES, type BudgetStage } from '@shared/schemas/budget-stages';
import { createTestDb } from '../../../test/db';
import { stateOf } from './budget-stages-label';
import { closureOf } from './queries/budget-stages';
import { buildBudgetYear, insertProposed } from '../../../test/factories';

/**
 * Which stages lock a year is written twice: LOCKING_STAGES in TypeScript (the service's check, the
 * stage label, the web's warning) and the database's own list inside budget_year_locked and the
 * write-refusing trigger (SQL cannot import TypeScript). The database is asked here, stage by
 * stage, so the two lists cannot drift apart unnoticed.
 */
let db: DbHandle;
const FY = 2027;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

/** A fresh budget year whose latest event entered `stage`; rolled back by the caller. */
async function yearAt(trx: Knex.Transaction, stage: BudgetStage): Promise<number> {
  const budgetYearId = await buildBudgetYear(trx);
  await trx('budget_stages').insert({
    budget_year_id: budgetYearId,
    fiscal_year: FY,
    event: 'advance',
    stage,
    stage_date: '2027-03-12',
    created_by_name: 'test',
  });
  return budgetYearId;
}

/** Runs `body` in a transaction that is always rolled back (stage rows can never be deleted). */
async function rolledBack<T>(body: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const trx = await db.knex.transaction();
  try {
    return await body(trx);
  } finally {
    await trx.rollback();
  }
}

describe('the stages that lock a year', () => {
  it.each(BUDGET_STAGES)('budget_year_locked agrees with LOCKING_STAGES for %s', async (stage) => {
    const locked = await rolledBack(async (trx) => {
      const id = await yearAt(trx, stage);
      const { rows } = await trx.raw('SELECT budget_year_locked(?, ?) AS locked', [id, FY]);
      return rows[0].locked as boolean;
    });
    expect(locked).toBe(LOCKING_STAGES.includes(stage));
  });

  it.each(BUDGET_STAGES)('the trigger refuses a new line exactly when %s locks', async (stage) => {
    const refused = await rolledBack(async (trx) => {
      const id = await yearAt(trx, stage);
      await trx.raw('SAVEPOINT probe');
      try {
        await insertProposed(trx, [{ budgetYearId: id, fiscalYear: FY, amount: '10.00' }]);
        return false;
      } catch (err) {
        expect((err as { code?: string }).code).toBe('BY001');
        await trx.raw('ROLLBACK TO SAVEPOINT probe');
        return true;
      }
    });
    expect(refused).toBe(LOCKING_STAGES.includes(stage));
  });
});

describe('a closed year (past years are read-only history)', () => {
  /** Adds a close (and, when asked, an unclose after it) to a year at `stage`. */
  async function closedAt(trx: Knex.Transaction, stage: BudgetStage, unclosed: boolean) {
    const id = await yearAt(trx, stage);
    const event = (kind: string) => ({
      budget_year_id: id,
      fiscal_year: FY,
      event: kind,
      stage,
      stage_date: '2027-09-01',
      created_by_name: 'test',
    });
    await trx('budget_stages').insert(event('close'));
    if (unclosed) {
      await trx('budget_stages').insert(event('unclose'));
    }
    const { rows } = await trx.raw(
      'SELECT budget_year_locked(?, ?) AS locked, budget_year_closed(?, ?) AS closed',
      [id, FY, id, FY],
    );
    const events = await trx('budget_stages').where({ budget_year_id: id }).orderBy('id');
    return {
      sql: rows[0] as { locked: boolean; closed: boolean },
      ts: stateOf(events, await closureOf(trx, id, FY)),
    };
  }

  it.each(BUDGET_STAGES)(
    'is locked at %s in SQL and TypeScript alike, and an unclose puts it back',
    async (stage) => {
      const closed = await rolledBack((trx) => closedAt(trx, stage, false));
      expect(closed.sql).toEqual({ locked: true, closed: true });
      expect(closed.ts).toMatchObject({ stage, closed: true, locked: true });
      const unclosed = await rolledBack((trx) => closedAt(trx, stage, true));
      expect(unclosed.sql).toEqual({ locked: LOCKING_STAGES.includes(stage), closed: false });
      expect(unclosed.ts).toMatchObject({ stage, closed: false, locked: LOCKING_STAGES.includes(stage) });
    },
  );
});

describe('a year two appropriations back (migration 20261127000650)', () => {
  /** FY2027 at `stage` with FY2029 entering `later`, optionally closed or unclosed around it. */
  async function twoYearsOn(trx: Knex.Transaction, later: BudgetStage, before: string[], after: string[]) {
    const id = await yearAt(trx, 'DRAFT');
    const event = (fiscalYear: number, kind: string, stage: BudgetStage = 'DRAFT') => ({
      budget_year_id: id,
      fiscal_year: fiscalYear,
      event: kind,
      stage,
      stage_date: '2028-06-01',
      created_by_name: 'test',
    });
    for (const kind of before) {
      await trx('budget_stages').insert(event(FY, kind));
    }
    await trx('budget_stages').insert(event(FY + 2, 'advance', later));
    for (const kind of after) {
      await trx('budget_stages').insert(event(FY, kind));
    }
    const { rows } = await trx.raw('SELECT budget_year_locked(?, ?) AS locked', [id, FY]);
    return { locked: rows[0].locked as boolean, ...(await closureOf(trx, id, FY)) };
  }

  it.each(BUDGET_STAGES)(
    'closes FY when FY + 2 enters %s exactly from Town Appropriated on',
    async (later) => {
      const appropriated = later === 'TOWN_APPROPRIATED' || later === 'REVISED';
      const state = await rolledBack((trx) => twoYearsOn(trx, later, [], []));
      expect(state).toEqual({
        locked: appropriated,
        closed: appropriated,
        closedBy: appropriated ? FY + 2 : null,
      });
    },
  );

  it("reopens with an administrator's unclose after the appropriation, and closes again with a close", async () => {
    const at = (before: string[], after: string[]) =>
      rolledBack((trx) => twoYearsOn(trx, 'TOWN_APPROPRIATED', before, after));
    // Unclosed before the appropriation: the appropriation closes it.
    expect(await at(['close', 'unclose'], [])).toEqual({ locked: true, closed: true, closedBy: FY + 2 });
    // Closed by hand before: closed, and by the administrator rather than the appropriation.
    expect(await at(['close'], [])).toEqual({ locked: true, closed: true, closedBy: null });
    expect(await at([], ['unclose'])).toEqual({ locked: false, closed: false, closedBy: null });
    expect(await at([], ['unclose', 'close'])).toEqual({ locked: true, closed: true, closedBy: null });
  });
});
