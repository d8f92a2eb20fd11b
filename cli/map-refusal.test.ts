import { describe, expect, it } from 'vitest';
import { AppError, validationFailed } from '@server/errors';
import { requiredFieldsText } from '@shared/import-words';
import { forTheMapFlag } from './map-refusal';

/**
 * `--map` answers the import's refusal of an unmapped required field with the flag that maps it.
 * The CLI knows the refusal by requiredFieldsText's own words (isRequiredFieldsText), so rewording
 * the server's message cannot leave the CLI reading for the old one.
 */
describe('forTheMapFlag', () => {
  const required = (fields: string[], labels: string[], hint = '') =>
    validationFailed(
      fields.map((f) => ({ path: `columnMappings.${f}`, message: 'Required' })),
      `${requiredFieldsText(labels)}${hint}`,
    );

  it('names the --map each unmapped required field needs, after the words the server wrote', () => {
    const refusal = required(
      ['revisedBudget', 'expended'],
      ['Revised Budget', 'Expended Year to Date'],
      '. A ledger file needs an account column and its amounts.',
    );
    const answered = forTheMapFlag(refusal, ['account', 'revisedBudget', 'expended']) as AppError;
    expect(answered).toBeInstanceOf(AppError);
    expect(answered.message).toBe(`${refusal.message} (--map revisedBudget=COLUMN, --map expended=COLUMN)`);
    expect(answered.details).toEqual(refusal.details);
    const one = forTheMapFlag(required(['amount'], ['Amount']), ['amount']) as AppError;
    expect(one.message).toBe(`${requiredFieldsText(['Amount'])} (--map amount=COLUMN)`);
  });

  it('leaves a refusal of another kind as it came', () => {
    const other = validationFailed([{ path: 'fiscalYear', message: 'Required' }], 'Name a fiscal year');
    expect(forTheMapFlag(other, ['amount'])).toBe(other);
  });
});
