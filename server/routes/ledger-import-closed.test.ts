import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { LEDGER_FILE, ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * A closed year's actuals are history too: the ledger import of a fiscal year whose home budget
 * year closed it is refused with the 409 naming the year, nothing written; reopened, it imports.
 */
const s = ledgerSuite('ledger-closed-test-');

describe('the ledger import of a closed fiscal year', () => {
  it('is refused naming the year, writes nothing, and imports once the year is reopened', async () => {
    const { budgetYearId } = await s.budgetYear(2023);
    await s.t.db.knex('fiscal_year_homes').insert({ fiscal_year: 2023, budget_year_id: budgetYearId });
    const year = { budgetYearId, fiscalYear: 2023 };
    const closed = await s.t.api('post', '/budget-stages/close', { token: s.admin.token, body: year });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    const file = readFileSync(LEDGER_FILE);
    const before = await s.counts();
    const refused = await s.importFile(file, { fiscalYear: 'FY2023' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({
      error: lockedYearMessage(2023, 'DRAFT', true),
      code: 'YEAR_LOCKED',
    });
    expect(await s.counts()).toEqual(before);

    const reopened = await s.t.api('post', '/budget-stages/reopen-closed', {
      token: s.admin.token,
      body: { ...year, reason: 'The final period of the ledger' },
    });
    expect(reopened.status).toBe(200);
    const imported = await s.importFile(file, { fiscalYear: 'FY2023' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await s.counts()).imports).toBe(before.imports + 1);
  });

  it('makes the planning tools start from a closed year’s actual spending where its ledger is imported', async () => {
    const budgetYearId = (await s.t.db.knex('fiscal_year_homes').where({ fiscal_year: 2023 }).first())
      .budget_year_id;
    const defaults = async () => {
      const res = await s.t.api(
        'get',
        `/cola/planning-defaults?budgetYearId=${budgetYearId}&fiscalYear=2024`,
        {
          token: s.finance.token,
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.baseline;
    };
    // Open (reopened above): the budget stays the suggested base.
    expect(await defaults()).toMatchObject({ fiscalYear: 2023, basis: 'budget', suggestedBasis: 'budget' });
    const closed = await s.t.api('post', '/budget-stages/close', {
      token: s.admin.token,
      body: { budgetYearId, fiscalYear: 2023 },
    });
    expect(closed.status).toBe(200);
    expect((await defaults()).suggestedBasis).toBe('actual');
    // And the actual figure is the one Budget vs Actual projects for the closed year.
    const actual = await s.t.api(
      'get',
      `/cola/planning-defaults?budgetYearId=${budgetYearId}&fiscalYear=2024&basis=actual`,
      { token: s.finance.token },
    );
    expect(actual.body.baseline.source).toMatch(/^FY23 actual spending from the ledger/);
    expect(actual.body.baseline.amount).not.toBeNull();
  });
});
