import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { DbHandle } from '@server/db/index';
import { createTestDb } from '../test/db';
import { buildBudgetYear, buildScenario, insertEmployees, insertProposed } from '../test/factories';
import { down, up } from './20261123000002_drop_superseded_projections';
import { migrationSource } from './index';

const NAME = '20261123000002_drop_superseded_projections';

/** Every line_items row, by id, as the database holds it. */
async function allLines(knex: Knex): Promise<Map<number, Record<string, unknown>>> {
  const rows: Record<string, unknown>[] = await knex('line_items').select('*').orderBy('id');
  return new Map(rows.map((r) => [r.id as number, r]));
}

async function countOf(knex: Knex, table: string): Promise<number> {
  const [{ n }] = await knex(table).count<{ n: string }[]>('* as n');
  return Number(n);
}

/**
 * Actuals supersede projections, for old databases: projected lines that an import (from before
 * imports replaced projections) left beside the imported lines of the same budget year, kind and fiscal year.
 */
describe(`migration ${NAME}`, () => {
  let db: DbHandle;
  let knex: Knex;
  beforeAll(async () => {
    db = await createTestDb();
    knex = db.knex;
  });
  afterAll(() => db?.close());

  it('is registered, so every database that migrates runs it', async () => {
    expect(await migrationSource.getMigrations([])).toContain(NAME);
  });

  it('deletes exactly the projected lines of a budget year, kind and fiscal year that has imported lines', async () => {
    // A: no budgets, so every line counts.
    const a = await buildBudgetYear(knex);
    const [aOpImported, aOpSuperseded] = await insertEmployees(knex, [
      { budgetYearId: a, fiscalYear: 2026, salary: '61000.00' },
      { budgetYearId: a, fiscalYear: 2026, salary: '61000.00', isProjected: true },
    ]);
    // Projected only: a year nobody imported stays projected.
    const [aOpProjectedOnly] = await insertEmployees(knex, [
      { budgetYearId: a, fiscalYear: 2027, salary: '62000.00', isProjected: true },
    ]);
    // Proposed FY2026 is projected only: the operating import of FY2026 does not replace another kind.
    const [aPropOtherKind] = await insertProposed(knex, [
      { budgetYearId: a, fiscalYear: 2026, amount: '1000.00', isProjected: true },
    ]);
    const [aPropImported, aPropSuperseded1, aPropSuperseded2] = await insertProposed(knex, [
      { budgetYearId: a, fiscalYear: 2027, amount: '2000.00' },
      { budgetYearId: a, fiscalYear: 2027, amount: '2000.00', isProjected: true },
      { budgetYearId: a, fiscalYear: 2027, amount: '35.50', isProjected: true },
    ]);
    // B: projected FY2026 lines of another budget year are not replaced by A's imported FY2026.
    const b = await buildBudgetYear(knex);
    const [bOtherBudgetYear] = await insertEmployees(knex, [
      { budgetYearId: b, fiscalYear: 2026, salary: '63000.00', isProjected: true },
    ]);
    // C: an active operating budget and an inactive alternative; only lines that count (activeScope)
    // supersede or are superseded, as in an import.
    const c = await buildBudgetYear(knex);
    const active = await buildScenario(knex, c, 'operating', true);
    const alternative = await buildScenario(knex, c, 'operating', false);
    const [cAltImported, cProjectedBesideAlt] = await insertEmployees(knex, [
      { budgetYearId: c, fiscalYear: 2026, salary: '64000.00', scenarioId: alternative },
      { budgetYearId: c, fiscalYear: 2026, salary: '64000.00', scenarioId: active, isProjected: true },
    ]);
    const [cImported, cAltProjected, cSuperseded, cSupersededNoBudget] = await insertEmployees(knex, [
      { budgetYearId: c, fiscalYear: 2027, salary: '65000.00', scenarioId: active },
      { budgetYearId: c, fiscalYear: 2027, salary: '65000.00', scenarioId: alternative, isProjected: true },
      { budgetYearId: c, fiscalYear: 2027, salary: '65000.00', scenarioId: active, isProjected: true },
      { budgetYearId: c, fiscalYear: 2027, salary: '65000.00', scenarioId: null, isProjected: true },
    ]);

    const superseded = [aOpSuperseded, aPropSuperseded1, aPropSuperseded2, cSuperseded, cSupersededNoBudget];
    const kept = [
      aOpImported,
      aOpProjectedOnly,
      aPropOtherKind,
      aPropImported,
      bOtherBudgetYear,
      cAltImported,
      cProjectedBesideAlt,
      cImported,
      cAltProjected,
    ];
    const before = await allLines(knex);
    expect([...before.keys()].sort((x, y) => x - y)).toEqual([...superseded, ...kept].sort((x, y) => x - y));
    const audit = await countOf(knex, 'audit_log');
    const runs = await countOf(knex, 'import_runs');

    await up(knex);

    const after = await allLines(knex);
    expect([...after.keys()].sort((x, y) => x - y)).toEqual([...kept].sort((x, y) => x - y));
    // The lines that stay are untouched, column for column, and nothing else is written.
    for (const id of kept) {
      expect(after.get(id), `line ${id}`).toEqual(before.get(id));
    }
    expect(await countOf(knex, 'audit_log')).toBe(audit);
    expect(await countOf(knex, 'import_runs')).toBe(runs);

    // Running it again finds nothing more; down() changes nothing.
    await up(knex);
    await down();
    expect(await allLines(knex)).toEqual(after);
  });
});
