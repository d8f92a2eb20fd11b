import { describe, expect, it } from 'vitest';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * A payroll import and the positions: each imported person holds a position afterwards, a newcomer
 * taking the vacancy of their title at their building (the one left by someone whose line was
 * deleted) rather than a position of their own; a dry run writes none. Counted from the tables,
 * not from the service's answer.
 */
const s = importSuite('import-positions-test-');

const HEADER = 'Employee Name,Title,School,Salary,FTE';
const csv = (rows: string[], tag: string) => [HEADER, ...rows].join('\r\n').replaceAll('{tag}', tag);

/** The district's positions and their holders, read from the tables. */
async function roster() {
  const positions = await s.t.db
    .knex('positions')
    .where({ budget_year_id: s.d.budgetYearId })
    .orderBy('id')
    .select('id', 'title', 'building_id', 'status', 'fte', 'version');
  const holders = await s.t.db
    .knex('position_holders as h')
    .join('line_items as li', 'li.id', 'h.line_item_id')
    .whereIn(
      'h.position_id',
      positions.map((p) => p.id),
    )
    // In order: two reads of the same holders compare equal, whatever the plan or the rows' places.
    .orderBy(['h.position_id', 'li.id'])
    .select('h.position_id', 'li.id as line_id', 'li.last_name', 'h.fte_share');
  return { positions, holders };
}

describe('a payroll import gives its people positions', () => {
  it('makes a filled position per newcomer, and a later newcomer fills the vacancy of their title and building', async () => {
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const first = await s.upload(
      csv(
        [
          '"Lee, Ana",Teacher,HSE{tag},"61,234.50",1',
          '"Park, Jo",Paraprofessional,HSE{tag},"31,000.00",0.5',
          '"Ortiz, Sam",Teacher,MPT{tag},"58,000.00",1',
        ],
        tag,
      ),
      'first.csv',
    );
    const one = await s.execute({ fileName: first.fileName, columnMappings: first.mapping, ...s.target() });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.positions).toEqual({ filled: 0, created: 3, grantFunded: 0, vacant: 0 });
    let { positions, holders } = await roster();
    expect(positions).toHaveLength(3);
    expect(positions.every((p) => p.status === 'filled')).toBe(true);
    // Each person holds exactly one position, for their FTE.
    expect(holders.map((h) => [h.last_name, Number(h.fte_share)]).sort()).toEqual([
      ['Lee', 1],
      ['Ortiz', 1],
      ['Park', 0.5],
    ]);

    // Ana Lee leaves: her line is deleted, her position stays, vacant.
    const lee = holders.find((h) => h.last_name === 'Lee')!;
    const gone = await s.t.api('delete', `/line-items/${lee.line_id}`, { token: s.admin.token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const leePosition = lee.position_id;
    expect((await roster()).positions.find((p) => p.id === leePosition)?.status).toBe('vacant');

    // A dry run of the next payroll writes no position and no holder.
    const before = await roster();
    const second = await s.upload(
      csv(
        ['"Khan, Ria",teacher ,HSE{tag},"59,000.00",1', '"Moss, Eli",Custodian,HSE{tag},"45,000.00",1'],
        tag,
      ),
      'second.csv',
    );
    const body = { fileName: second.fileName, columnMappings: second.mapping, ...s.target() };
    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.positions).toEqual({ filled: 1, created: 1, grantFunded: 0, vacant: 0 });
    expect(await roster()).toEqual(before);

    // Ria Khan (same title, ignoring case and spaces, same school) takes Ana Lee's vacancy; Eli Moss
    // (a title with no vacancy) gets a position of his own.
    const two = await s.execute(body);
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.positions).toEqual({ filled: 1, created: 1, grantFunded: 0, vacant: 0 });
    ({ positions, holders } = await roster());
    expect(positions).toHaveLength(4);
    const taken = positions.find((p) => p.id === leePosition)!;
    expect(taken.status).toBe('filled');
    expect(taken.version).toBe(before.positions.find((p) => p.id === leePosition)!.version + 1);
    expect(holders.filter((h) => h.position_id === leePosition).map((h) => h.last_name)).toEqual(['Khan']);
    expect(holders.map((h) => h.last_name).sort()).toEqual(['Khan', 'Moss', 'Ortiz', 'Park']);
    const history = await s.t.db
      .knex('position_history')
      .where({ position_id: leePosition })
      .orderBy('id')
      .select('action', 'reason');
    expect(history.map((h) => h.action)).toEqual(['created', 'vacated', 'filled']);
    expect(history.at(-1)?.reason).toBe('Payroll import of second.csv');
  });
});

describe("a payroll's Fund column: the people's lines and their new positions", () => {
  it('a person on a grant’s line holds a new position that grant pays; a grant ending before the year after, a blank or an unknown fund leaves it on the general fund', async () => {
    const tag = Object.keys(s.d.buildings)[1].slice(3);
    const year = await s.t.db
      .knex('budget_years')
      .where({ id: s.d.budgetYearId })
      .first('current_fiscal_year');
    const fy = Number(year.current_fiscal_year);
    const fund = async (body: object) => {
      const res = await s.t.api('post', '/funds', { token: s.admin.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.fund.id as number;
    };
    const titleI = await fund({ name: 'Title I', code: '2401', kind: 'federal_grant' });
    // Pays the payroll's fiscal year, not the year after, which its positions are budgeted in.
    const ending = await fund({
      name: 'ESSER III',
      code: '2460',
      kind: 'federal_grant',
      periodStart: `${fy - 3}-07-01`,
      periodEnd: `${fy}-06-30`,
    });
    const upload = await s.upload(
      [
        'Employee Name,Title,School,Salary,FTE,Fund',
        `"Rao, Dev",Reading Specialist,HSE${tag},"60,000.00",0.8,2401`,
        `"Cole, Max",Tutor,HSE${tag},"40,000.00",1,2460`,
        `"Wu, Mei",Librarian,HSE${tag},"55,000.00",1,`,
        `"Fox, Ida",Counselor,HSE${tag},"58,000.00",1,9999`,
      ].join('\r\n'),
      'funded.csv',
    );
    expect(upload.mapping.fund).toBe('Fund');
    const body = { fileName: upload.fileName, columnMappings: upload.mapping, ...s.target() };
    const dry = await s.execute({ ...body, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.positions).toEqual({ filled: 0, created: 4, grantFunded: 1, vacant: 0 });
    expect(await s.t.db.knex('position_fund_shares').count({ n: '*' })).toEqual([{ n: 0 }]);

    const res = await s.execute(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.positions).toEqual({ filled: 0, created: 4, grantFunded: 1, vacant: 0 });
    const knex = s.t.db.knex;
    const shares = await knex('position_fund_shares as s')
      .join('position_holders as h', 'h.position_id', 's.position_id')
      .join('line_items as li', 'li.id', 'h.line_item_id')
      .select('li.last_name', 's.fund_id', knex.raw('s.fte::text AS fte'));
    expect(shares).toEqual([{ last_name: 'Rao', fund_id: titleI, fte: '0.800' }]);
    // The lines keep the funds the file gave them; a blank or unknown fund is the general fund's,
    // and the line is flagged for review with the reason.
    const lines = await knex('line_items')
      .whereIn('last_name', ['Rao', 'Cole', 'Wu', 'Fox'])
      .orderBy('last_name')
      .select('last_name', 'fund_id', 'needs_review', knex.raw("metadata -> 'importWarnings' AS warnings"));
    expect(lines.map((l) => [l.last_name, l.fund_id])).toEqual([
      ['Cole', ending],
      ['Fox', null],
      ['Rao', titleI],
      ['Wu', null],
    ]);
    expect(JSON.stringify(lines.find((l) => l.last_name === 'Fox'))).toContain(
      "Fund '9999' matches no fund: the general fund pays this line",
    );
    expect(JSON.stringify(lines.find((l) => l.last_name === 'Wu'))).toContain(
      'No fund: the general fund pays this line',
    );
  });
});
