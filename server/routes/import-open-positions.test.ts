import { describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { rulesDisagreeText } from '@shared/schemas/import-reconciliation';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * A roster's open positions (rows with a salary and no name, as the Chicago roster lists its 1,306)
 * are vacant positions at their salary, not people: before, each became an employee line named
 * 'Vacant' holding a filled position, so the roster read 0 vacancies and counted its open positions
 * as staff. Counted from the tables, the costs recomputed here in integer cents.
 */
const s = importSuite('import-open-positions-test-');

const HEADER = 'Employee Name,Title,School,Salary,FTE';
const csv = (rows: string[], tag: string) => [HEADER, ...rows].join('\r\n').replaceAll('{tag}', tag);

/** The district's positions, their holders and the run's lines, read from the tables. */
async function tables(runId?: number) {
  const positions = await s.t.db
    .knex('positions')
    .where({ budget_year_id: s.d.budgetYearId })
    .orderBy('id')
    .select('id', 'title', 'status', 'fte', 'vacancy_rate');
  const holders = await s.t.db.knex('position_holders').whereIn(
    'position_id',
    positions.map((p) => p.id),
  );
  const lines = runId
    ? await s.t.db
        .knex('line_items')
        .where({ import_run_id: runId })
        .orderBy('id')
        .select('last_name', 'current_salary')
    : [];
  return { positions, holders, lines };
}

describe('a payroll import of a roster with open positions', () => {
  it('makes each row with no name a vacant position at its salary, no one’s line, and says so', async () => {
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const file = await s.upload(
      csv(
        [
          '"Lee, Ana",Teacher,HSE{tag},"61,234.50",1',
          ',Teacher,HSE{tag},"63,326.00",1',
          ',Paraprofessional,HSE{tag},"15,000.01",0.6',
          '"Park, Jo",Teacher,HSE{tag},"58,000.00",1',
        ],
        tag,
      ),
      'roster.csv',
    );
    const body = { fileName: file.fileName, columnMappings: file.mapping, ...s.target() };
    const before = await tables();

    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.positions).toEqual({ filled: 0, created: 2, grantFunded: 0, vacant: 2 });
    expect(await tables()).toEqual(before);

    const res = await s.execute(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Jo Park, a Teacher at the same school, does not fill the file's own open Teacher position.
    expect(res.body.positions).toEqual({ filled: 0, created: 2, grantFunded: 0, vacant: 2 });
    expect(res.body.imported).toBe(4);

    const { positions, holders, lines } = await tables(res.body.importRunId);
    // Only the people are employee lines.
    expect(lines.map((l) => [l.last_name, centsOf(l.current_salary)])).toEqual([
      ['Lee', 6_123_450n],
      ['Park', 5_800_000n],
    ]);
    const open = positions.filter((p) => p.status === 'vacant');
    expect(open.map((p) => [p.title, Number(p.fte)])).toEqual([
      ['Teacher', 1],
      ['Paraprofessional', 0.6],
    ]);
    expect(holders.filter((h) => open.some((p) => p.id === h.position_id))).toEqual([]);
    expect(positions.filter((p) => p.status === 'filled')).toHaveLength(2);

    // Each is budgeted at its row's salary exactly: the rate x FTE, to the cent.
    const listed = await s.t.api(
      'get',
      `/positions?budgetYearId=${s.d.budgetYearId}&fiscalYear=${res.body.fiscalYears[0]}`,
      {
        token: s.admin.token,
      },
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const costs = new Map<number, { cents: bigint; source: string | null }>();
    for (const p of listed.body.positions) {
      costs.set(p.id, { cents: centsOf(p.budgetedCost), source: p.placementSource });
    }
    expect(open.map((p) => costs.get(p.id))).toEqual([
      { cents: 6_332_600n, source: 'roster' },
      { cents: 1_500_001n, source: 'roster' },
    ]);

    // The import's figures: the people's salaries stored, the open positions' told apart, balanced.
    const people = centsOf('61234.50') + centsOf('58000.00');
    expect(centsOf(res.body.totalAmount)).toBe(people);
    const r = res.body.reconciliation;
    expect(centsOf(r.storedSum)).toBe(people);
    expect(centsOf(r.fileSum)).toBe(people + 6_332_600n + 1_500_001n);
    expect(centsOf(r.unexplained)).toBe(0n);
    expect(r.differences.map((d: { row: number; reason: string }) => [d.row, d.reason])).toEqual([
      [3, 'an open position: budgeted as a vacant position at this salary, not an employee line'],
      [4, 'an open position: budgeted as a vacant position at this salary, not an employee line'],
    ]);
    // Told apart from the other differences: how many, and what their positions hold.
    expect(r.openPositions.count).toBe(2);
    expect(centsOf(r.openPositions.total)).toBe(6_332_600n + 1_500_001n);

    const history = await s.t.db
      .knex('position_history')
      .whereIn(
        'position_id',
        open.map((p) => p.id),
      )
      .orderBy('id')
      .select('action', 'reason');
    expect(history).toEqual([
      { action: 'created', reason: 'An open position in roster.csv (row 3), budgeted at $63,326.00' },
      { action: 'created', reason: 'An open position in roster.csv (row 4), budgeted at $15,000.01' },
    ]);

    // A newcomer of a later payroll fills the open Teacher position as any vacancy.
    const later = await s.upload(csv(['"Khan, Ria",Teacher,HSE{tag},"59,000.00",1'], tag), 'later.csv');
    const two = await s.execute({ fileName: later.fileName, columnMappings: later.mapping, ...s.target() });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.positions).toEqual({ filled: 1, created: 0, grantFunded: 0, vacant: 0 });
    const after = await tables();
    expect(after.positions.find((p) => p.id === open[0].id)?.status).toBe('filled');
  });
});

describe("an open position whose title an ADMIN's function-code rule names", () => {
  // Before, the rules ran on the lines after the open positions' lines had left: a vacant
  // Librarian kept no code while the Librarian on the payroll got the rule's 2340.
  it("gets the rule's code, as the person with that title does", async () => {
    const rule = await s.t.api('post', '/function-codes/rules', {
      token: s.admin.token,
      body: { kind: 'position', match: 'Librarian', functionCode: '2340' },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const file = await s.upload(
      csv([',Librarian,HSE{tag},"52,000.00",1', '"Cho, Mia",Librarian,HSE{tag},"54,000.00",1'], tag),
      'librarians.csv',
    );
    const res = await s.execute({ fileName: file.fileName, columnMappings: file.mapping, ...s.target() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.positions).toEqual({ filled: 0, created: 1, grantFunded: 0, vacant: 1 });
    const made = await s.t.db
      .knex('positions')
      .where({ budget_year_id: s.d.budgetYearId, title: 'Librarian' })
      .orderBy('id')
      .select('status', 'dese_code');
    expect(made).toEqual([
      { status: 'vacant', dese_code: '2340' },
      { status: 'filled', dese_code: '2340' },
    ]);

    // The codes are counted where they are found: the rule coded 2 rows, but only Mia Cho's is a
    // line; the open Librarian is a vacant position. 'Function codes from the rules: 2' beside
    // one line read as lines the year does not have.
    const runId = res.body.importRunId as number;
    const codedLines = Number(
      (
        await s.t.db.knex('line_items').where({ import_run_id: runId, dese_code: '2340' }).count({ n: '*' })
      )[0].n,
    );
    expect(codedLines).toBe(1);
    expect(res.body.fromRules).toMatchObject({ functionCodes: codedLines, openPositionCodes: 1 });
    const audit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'import-run', entity_id: String(runId) })
      .first();
    expect(audit.after).toMatchObject({
      functionCodesFromRules: codedLines,
      openPositionCodesFromRules: 1,
      positionsVacantFromRows: 1,
    });
  });
});

describe('an open position two function-code rules disagree on', () => {
  // Before, the count of lines the rules disagreed on took in the open positions, which are no
  // lines, while the count of codes left them out: the two read of different things.
  it('is counted apart from the lines, as its code would be', async () => {
    for (const [match, functionCode] of [
      ['Nurse', '3200'],
      ['Nurs*', '3100'],
    ]) {
      const rule = await s.t.api('post', '/function-codes/rules', {
        token: s.admin.token,
        body: { kind: 'position', match, functionCode },
      });
      expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    }
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const file = await s.upload(
      csv(
        [
          ',Nurse,HSE{tag},"50,000.00",1',
          '"Ng, Al",Nurse,HSE{tag},"51,000.00",1',
          '"Oh, Bea",Nurse,HSE{tag},"53,000.00",1',
        ],
        tag,
      ),
      'nurses.csv',
    );
    const res = await s.execute({ fileName: file.fileName, columnMappings: file.mapping, ...s.target() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const uncoded = Number(
      (
        await s.t.db
          .knex('line_items')
          .where({ import_run_id: res.body.importRunId })
          .whereNull('dese_code')
          .count({ n: '*' })
      )[0].n,
    );
    expect(uncoded).toBe(2);
    expect(res.body.fromRules).toMatchObject({ codeConflicts: uncoded, openPositionCodeConflicts: 1 });
    expect(rulesDisagreeText(res.body.fromRules)).toBe(
      'Function-code rules give 2 lines and 1 open position different codes: those keep what the file gave them.',
    );
  });
});
