import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { positionsFromLines } from '@server/domains/positions';
import { buildBudgetYear, buildCategory, insertEmployees } from '../test/factories';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

interface Share {
  fundCode: string;
  fte: number;
  budgetedCost: number | null;
}

/**
 * `positions edit --fund-share` and `positions add --fund-share`: which funds pay what FTE of a
 * position, set through the service PATCH /positions/:id and POST /positions use, so the API's
 * refusals (shares that do not add up to the FTE, a fund that does not exist, a closed grant) are
 * the CLI's; and `positions list --fund` totals to the thousandth of an FTE.
 */
describe('budget-cli positions, paid by funds', () => {
  const seed = async (knex: Knex) => {
    const budgetYearId = await buildBudgetYear(knex, { label: 'FY26' });
    await buildCategory(knex, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' });
    const person = (firstName: string, fte: number) => ({
      budgetYearId,
      fiscalYear: 2026,
      firstName,
      lastName: 'Funds',
      position: `${firstName}'s job`,
      salary: '50000.00',
      nextYearSalary: '61000.00',
      manual: true,
      fte,
    });
    await insertEmployees(knex, [person('Ada', 1), person('Ben', 0.75), person('Cy', 1)]);
    await positionsFromLines(knex, { actorLabel: 'test' });
  };
  const { cli, withDb } = useCli('positions-funds', { timeout: 150_000, seed });

  let general = '';
  beforeAll(async () => {
    // A grant open through FY2027 (the year FY2026's positions are budgeted in), and one long closed.
    const grant = ['--kind', 'federal_grant', '--start', '2026-07-01', '--end', '2027-09-30'];
    expect((await cli('funds', 'add', 'Title I', '--code', '2401', ...grant)).code).toBe(0);
    const closed = ['--kind', 'federal_grant', '--start', '2021-03-13', '--end', '2024-09-30'];
    expect((await cli('funds', 'add', 'ARPA ESSER', '--code', '2455', ...closed)).code).toBe(0);
    expect((await cli('funds', 'add', 'Title II', '--code', '2402', ...grant)).code).toBe(0);
    const funds = jsonDocument(await cli('funds', 'list', '--json'), 'array') as {
      code: string;
      kind: string;
    }[];
    general = funds.find((f) => f.kind === 'general')!.code;
  }, 120_000);

  const positionOf = async (name: string) => {
    const list = jsonDocument(
      await cli('positions', 'list', '--fiscal-year', 'FY26', '--search', name, '--json'),
      'object',
    );
    const id = String(list.positions[0].id);
    return jsonDocument(await cli('positions', 'show', id, '--json'), 'object').position as {
      id: number;
      version: number;
      fundShares: Share[];
    };
  };
  /** A position's shares as [fund code, FTE], in code order. */
  const sharesOf = (p: { fundShares: Share[] }) =>
    p.fundShares.map((s) => [s.fundCode, s.fte] as const).sort(([a], [b]) => a.localeCompare(b));
  const inCodeOrder = (rows: (readonly [string, number])[]) =>
    [...rows].sort(([a], [b]) => a.localeCompare(b));

  it('splits a position across funds, printed as show prints it, and back on the general fund', async () => {
    const ada = await positionOf('Ada');
    expect(sharesOf(ada)).toEqual([[general, 1]]);
    const split = await cli(
      'positions',
      'edit',
      String(ada.id),
      '--fund-share',
      '2401=0.5',
      '--fund-share',
      `${general}=0.5`,
      '--reason',
      'Title I pays half',
    );
    expect(split.stderr).toBe('');
    expect(split.code).toBe(0);
    // $61,000.00 x 0.5 on each fund.
    expect(split.stdout).toContain(`Paid by General Fund (${general}): 0.5 FTE, $30,500.00`);
    expect(split.stdout).toContain('Paid by Title I (2401): 0.5 FTE, $30,500.00');
    expect(split.stdout).toContain('updated (Title I pays half)');
    const after = await positionOf('Ada');
    expect(after.version).toBe(ada.version + 1);
    expect(sharesOf(after)).toEqual(
      inCodeOrder([
        [general, 0.5],
        ['2401', 0.5],
      ]),
    );

    // With --json, the position as the API answers it; the fund named by its name, any case.
    const back = jsonDocument(
      await cli('positions', 'edit', String(ada.id), '--fund-share', 'general fund=1', '--json'),
      'object',
    );
    expect(sharesOf(back.position)).toEqual([[general, 1]]);
    expect(back.position.version).toBe(after.version + 1);
  }, 120_000);

  it('adds a position paid by the funds it names', async () => {
    const added = jsonDocument(
      await cli(
        'positions',
        'add',
        '--fiscal-year',
        'FY26',
        '--title',
        'Interventionist',
        '--category',
        'Teachers',
        '--fte',
        '0.8',
        '--fund-share',
        '2401=0.3',
        '--fund-share',
        `${general}=0.5`,
        '--json',
      ),
      'object',
    );
    expect(sharesOf(added.position)).toEqual(
      inCodeOrder([
        [general, 0.5],
        ['2401', 0.3],
      ]),
    );
    expect((await cli('positions', 'delete', String(added.position.id))).code).toBe(0);
  }, 120_000);

  it('refuses what the API refuses, naming --fund-share, and writes nothing', async () => {
    const ben = await positionOf('Ben');
    const refused = async (shares: string[], text: string) => {
      const args = shares.flatMap((s) => ['--fund-share', s]);
      const res = await cli('positions', 'edit', String(ben.id), ...args);
      expect(res.code, res.stderr).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain(text);
      const now = jsonDocument(await cli('positions', 'show', String(ben.id), '--json'), 'object').position;
      expect([now.version, sharesOf(now)]).toEqual([ben.version, sharesOf(ben)]);
    };
    // The server's sum rule: exactly the position's FTE (0.75).
    await refused(
      ['2401=0.5', `${general}=0.125`],
      '--fund-share: The fund shares add up to 0.625 FTE; the position is 0.75 FTE: they must add up to exactly its FTE',
    );
    // A grant closed before the year the cost is budgeted in: the line's rule, as for the API.
    await refused(
      ['2455=0.75'],
      "--fund-share: ARPA ESSER's grant period (2021-03-13 to 2024-09-30) does not reach FY27, the year FY26's positions are budgeted in\n",
    );
    await refused(['9999=0.75'], "--fund-share: no fund has the code '9999'");
    await refused(['2401=0.5', '2401=0.25'], '--fund-share: Each fund once: add its shares together');
    await refused(['2401=0.7505'], '--fund-share: Use at most 3 decimal places for the FTE share');
    await refused(['2401=abc'], '--fund-share: FTE share must be a number');
    await refused(['2401'], "--fund-share: write FUND=FTE, e.g. --fund-share 2401=0.5 (not '2401')");
    await refused(['=0.75'], "--fund-share: write FUND=FTE, e.g. --fund-share 2401=0.5 (not '=0.75')");

    // An FTE change the stored shares no longer add up to: the server's refusal, on --fte.
    const split = await cli(
      'positions',
      'edit',
      String(ben.id),
      '--fund-share',
      '2401=0.25',
      '--fund-share',
      `${general}=0.5`,
    );
    expect(split.code, split.stderr).toBe(0);
    const fte = await cli('positions', 'edit', String(ben.id), '--fte', '1');
    expect(fte.code).toBe(2);
    expect(fte.stderr).toContain('--fte: Its fund shares add up to 0.75 FTE');
    // Both at once: the new FTE with shares that fit it.
    const both = await cli(
      'positions',
      'edit',
      String(ben.id),
      '--fte',
      '1',
      '--fund-share',
      '2401=0.5',
      '--fund-share',
      `${general}=0.5`,
    );
    expect(both.code, both.stderr).toBe(0);
    expect(both.stdout).toContain('Paid by Title I (2401): 0.5 FTE');
  }, 180_000);

  it('totals the positions a fund pays a share of, to the thousandth of an FTE', async () => {
    // Cy's 1 FTE, half of it Title II's, and a 0.625 FTE vacancy, all of it Title II's: written as
    // the Positions screen's save writes them (shares by FTE), so the list alone is under test.
    const cy = await positionOf('Cy');
    const vacancy = jsonDocument(
      await cli(
        'positions',
        'add',
        '--fiscal-year',
        'FY26',
        '--title',
        'Reading Tutor',
        '--category',
        'Teachers',
        '--fte',
        '0.625',
        '--json',
      ),
      'object',
    ).position as { id: number };
    await withDb(async (knex) => {
      const fund = async (code: string) => (await knex('funds').where({ code }).first('id')).id as number;
      await knex('position_fund_shares').insert([
        { position_id: cy.id, fund_id: await fund(general), fte: '0.5' },
        { position_id: cy.id, fund_id: await fund('2402'), fte: '0.5' },
        { position_id: vacancy.id, fund_id: await fund('2402'), fte: '0.625' },
      ]);
    });
    const listed = await cli('positions', 'list', '--fiscal-year', 'FY26', '--fund', 'Title II');
    expect(listed.code, listed.stderr).toBe(0);
    // The totals are the API's (and the screen's): the matching positions' own FTE, each whole.
    expect(listed.stdout).toContain(
      '2 positions, 1.625 FTE (1 filled, 0.625 vacant or posted, 0 frozen); budgeted $61,000.00',
    );
  }, 120_000);
});
