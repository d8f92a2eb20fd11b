import { describe, expect, it } from 'vitest';
import { AppError } from '@server/errors';
import { fieldsFor } from '@shared/schemas/import';
import { LEDGER_FIELDS } from '@shared/schemas/ledger-import';
import { mappingRule, resolveMapping } from './import-mapping';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { status: e.status, message: e.message, details: e.details };
  }
  throw new Error('not refused');
};

const LEDGER_COLUMNS = ['Account Number', 'Description', 'Revised Budget', 'YTD Expended', 'Period'];

describe('one mapping rule for every kind of import', () => {
  it('gives each kind its fields: payroll, budget lines and the ledger', () => {
    expect(mappingRule('operating').fields).toBe(fieldsFor('operating'));
    expect(mappingRule('proposed').fields).toBe(fieldsFor('proposed'));
    expect(mappingRule('ledger').fields).toBe(LEDGER_FIELDS);
  });

  it('resolves a ledger mapping to column positions, a skipped field saved as null', () => {
    const mapping = resolveMapping('ledger', LEDGER_COLUMNS, {
      account: 'Account Number',
      description: 'Description',
      revisedBudget: 'Revised Budget',
      expended: 'YTD Expended',
      period: 'SKIP',
    });
    expect(Object.fromEntries(mapping.fields)).toEqual({
      account: 0,
      description: 1,
      revisedBudget: 2,
      expended: 3,
    });
    expect(mapping.columnMappings).toMatchObject({ account: 'Account Number', period: null });
    expect(mapping.noteColumns).toEqual([]);
  });

  it('refuses unknown fields and columns the file lacks, every one listed, the same way for each kind', () => {
    for (const kind of ['proposed', 'ledger'] as const) {
      const r = refusal(() =>
        resolveMapping(kind, LEDGER_COLUMNS, { colour: 'Description', amount: 'Nope' }),
      );
      expect(r.status).toBe(400);
      expect(r.details).toEqual([
        { path: 'columnMappings.colour', message: `Unknown field for a ${kind} import` },
        expect.objectContaining({ path: 'columnMappings.amount' }),
      ]);
    }
  });

  it('names every unmapped required field, and the ledger says what its file needs', () => {
    const ledger = refusal(() => resolveMapping('ledger', LEDGER_COLUMNS, { account: 'Account Number' }));
    expect(ledger.message).toBe(
      'Please map required fields: Revised Budget, Expended Year to Date. A ledger file needs an account column and its amounts.',
    );
    expect(ledger.details).toEqual([
      { path: 'columnMappings.revisedBudget', message: 'Required' },
      { path: 'columnMappings.expended', message: 'Required' },
    ]);
    const budget = refusal(() => resolveMapping('proposed', LEDGER_COLUMNS, {}));
    expect(budget.message).toMatch(/^Please map required fields: [^.]+$/);
  });
});
