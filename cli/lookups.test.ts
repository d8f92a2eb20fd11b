import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '@server/policies/index';
import { createTestApp, type TestApp } from '../test/app';
import { buildBudgetYear } from '../test/factories';
import { budgetYearNamed } from './lookups';

/**
 * Every command's --budget-year is found by one function, so 'FY26' means the same year, and an
 * unknown label is refused in the same words, whichever command is run.
 */
let t: TestApp;
const actor = systemActor();
const named = (label: string) => budgetYearNamed(t.app, actor, label);

beforeAll(async () => {
  t = await createTestApp();
  await buildBudgetYear(t.db.knex, { label: 'FY26', currentFiscalYear: 2026 });
  await buildBudgetYear(t.db.knex, { label: '2026-2027', currentFiscalYear: 2027 });
});
afterAll(() => t.close());

describe('budgetYearNamed', () => {
  it('finds a year by its own label in any case, or by a label meaning the same fiscal year', async () => {
    expect((await named('fy26')).fiscalYear).toBe('FY26');
    for (const label of ['FY2026', '2025-2026', '2026', ' FY26 ']) {
      expect((await named(label)).fiscalYear).toBe('FY26');
    }
    expect((await named('FY27')).fiscalYear).toBe('2026-2027');
  });

  it('refuses an unknown label naming the years there are', async () => {
    await expect(named('FY40')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No budget year FY40 (there are: FY26, 2026-2027)',
    });
    await expect(named('soon')).rejects.toThrow('No budget year soon (there are: FY26, 2026-2027)');
  });
});

describe('one lookup', () => {
  it('no other CLI module lists the budget years to find one by its label', () => {
    const dir = path.resolve(import.meta.dirname);
    const files = [
      ...readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')),
      ...readdirSync(path.join(dir, 'commands')).map((f) => `commands/${f}`),
    ];
    const copies = files.filter(
      (f) =>
        f !== 'lookups.ts' &&
        /\blistBudgetYears\b|No budget year/.test(readFileSync(path.join(dir, f), 'utf8')),
    );
    expect(copies).toEqual([]);
  });
});
