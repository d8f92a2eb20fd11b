import { beforeAll, describe, expect, it } from 'vitest';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * A budget import puts each line on the fund that pays it: a Fund column's code or name, else the
 * fund segment that starts its account string; a Fund cell naming no fund, or a closed grant,
 * leaves the line on the general fund, flagged for review with the reason.
 */

const s = importSuite('import-funds-test-');
const fund: Record<string, number> = {};

beforeAll(async () => {
  const made = async (body: object) => {
    const res = await s.t.api('post', '/funds', { token: s.admin.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fund.id as number;
  };
  fund.title = await made({ name: 'Title I', code: '2401', kind: 'federal_grant' });
  fund.choice = await made({ name: 'School Choice', code: '2801', kind: 'revolving' });
  fund.esser = await made({ name: 'ESSER II', code: '2405', kind: 'federal_grant', periodEnd: '2023-09-30' });
  // The general fund has the ledger's code here, as a district gives it.
  const general = (await s.t.db.knex('funds').where({ kind: 'general' }).first('id')).id;
  expect(
    (await s.t.api('put', `/funds/${general}`, { token: s.admin.token, body: { code: '0100' } })).status,
  ).toBe(200);
});

const linesOf = (runId: number) =>
  s.t.db
    .knex('line_items')
    .where({ import_run_id: runId })
    .orderBy('id')
    .select('account_description', 'fund_id', 'needs_review', 'metadata');

describe('a budget import and funds', () => {
  it('takes a Fund column by code or name; one naming no fund, or a closed grant, is the general fund and flagged', async () => {
    const csv = [
      'Description,Amount,Fund',
      'Reading tutors,1000.00,2401',
      'Choice tuition,500.00,school choice',
      'Copier lease,250.00,0100',
      'Mystery grant,75.00,9999',
      'Old relief,60.00,2405',
      'Blank fund,40.00,',
    ].join('\n');
    const up = await s.upload(csv, 'budget-funds.csv', 'proposed');
    expect(up.mapping.fund).toBe('Fund');
    const res = await s.execute({
      fileName: up.fileName,
      columnMappings: up.mapping,
      ...s.target('proposed'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = await linesOf(res.body.importRunId);
    expect(lines.map((l) => [l.account_description, l.fund_id, l.needs_review])).toEqual([
      ['Reading tutors', fund.title, false],
      ['Choice tuition', fund.choice, false],
      ['Copier lease', null, false],
      ['Mystery grant', null, true],
      ['Old relief', null, true],
      ['Blank fund', null, true],
    ]);
    expect(lines[3].metadata.importWarnings).toContain(
      "Fund '9999' matches no fund: the general fund pays this line",
    );
    expect(lines[4].metadata.importWarnings.join(' ')).toMatch(
      /ESSER II's grant period does not reach FY\d{2}:/,
    );
  });

  it('without a Fund column reads the fund segment of the account string', async () => {
    const csv = [
      'Description,Amount,Account',
      'Tutors,1000.00,2401-3-300-2305-01-5100',
      'Supplies,200.00,0100-3-300-2410-01-5500',
      'Unknown segment,30.00,7777-3-300-2410-01-5500',
    ].join('\n');
    const up = await s.upload(csv, 'budget-accounts.csv', 'proposed');
    expect(up.mapping.fund).toBeNull();
    const res = await s.execute({
      fileName: up.fileName,
      columnMappings: up.mapping,
      ...s.target('proposed'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lines = await linesOf(res.body.importRunId);
    expect(lines.map((l) => [l.account_description, l.fund_id, l.needs_review])).toEqual([
      ['Tutors', fund.title, false],
      ['Supplies', null, false],
      ['Unknown segment', null, false],
    ]);
  });
});
