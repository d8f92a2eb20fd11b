import { describe, expect, it } from 'vitest';
import { ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * A ledger column of text mapped as an amount is refused in the words the payroll and the budget
 * import use (shared/import-words.ts): every row of it was set aside ('Expended 'TBD' is not an
 * amount') and the import then blamed the account pattern ('No account can be read by the pattern
 * ...'), which reads every account of the file. The analysis names the column first, for the
 * wizard's Map step.
 */
const s = ledgerSuite('ledger-not-amounts-test-');

const csv = [
  'account,description,revised_budget,ytd_expended,encumbrances,period',
  '0100-3-300-2305-03-2-10-1-511001,Teachers,"1,000.00",TBD,n/a,6',
  '0100-3-300-2410-03-2-10-1-555000,Books,500.00,TBD,n/a,6',
].join('\n');

describe('POST /ledger/import/execute of an amount column whose values are not amounts', () => {
  it('says the column is mapped but holds no amounts, naming the first row, and writes nothing', async () => {
    await s.budgetYear(2023);
    const analysis = await s.analyze(csv);
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    expect(analysis.body.notAmounts).toMatchObject({
      ytd_expended: { row: 2, text: 'TBD' },
      encumbrances: { row: 2, text: 'n/a' },
    });
    expect(analysis.body.notAmounts).not.toHaveProperty('revised_budget');

    const before = await s.counts();
    const mapped = { expended: 'ytd_expended', encumbered: 'encumbrances', revisedBudget: 'revised_budget' };
    const res = await s.importFile(csv, { fiscalYear: 'FY2023', dryRun: true }, { overrides: mapped });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const expended =
      'Expended Year to Date is mapped to column "ytd_expended", but its values are not amounts (row 2: "TBD")';
    const encumbered =
      'Encumbrances is mapped to column "encumbrances", but its values are not amounts (row 2: "n/a")';
    expect(res.body.error).toBe(`${expended}; ${encumbered}`);
    expect(res.body.details).toEqual([
      { path: 'columnMappings.expended', message: expended },
      { path: 'columnMappings.encumbered', message: encumbered },
    ]);
    expect(await s.counts()).toEqual(before);

    // An optional amount left unmapped is no problem: the rest imports once Expended holds amounts.
    const fixed = csv.replaceAll(',TBD,', ',250.00,');
    const ok = await s.importFile(
      fixed,
      { fiscalYear: 'FY2023', dryRun: true },
      { overrides: { ...mapped, encumbered: null } },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.imported).toBe(2);
  });
});
