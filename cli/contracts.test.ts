import { describe, expect, it } from 'vitest';
import { buildBudgetYear, buildWorkGroup, grow, insertEmployees } from '../test/factories';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

/** `contracts list|add|set-status|delete` through budget-cli on a database of its own. */
describe('budget-cli contracts', () => {
  let group = '';
  let lineId = 0;
  const nextYear = async () => {
    return withDb(async (knex) => {
      const row = await knex('line_items').where({ id: lineId }).first('next_year_salary');
      return BigInt(Math.round(Number(row.next_year_salary) * 100));
    });
  };

  const { cli, withDb } = useCli('contracts', {
    timeout: 150_000,
    seed: async (knex) => {
      const workGroupId = await buildWorkGroup(knex, 'Custodians Local 7');
      group = 'Custodians Local 7';
      const budgetYearId = await buildBudgetYear(knex);
      [lineId] = await insertEmployees(knex, [
        { budgetYearId, fiscalYear: 2026, salary: '52345.67', workGroupId, workGroup: group },
      ]);
    },
  });

  it('adds a contract, settles it, lists it and deletes it, moving the next-year salary each time', async () => {
    const added = await cli(
      'contracts',
      'add',
      '--name',
      'Custodians 2027-2029',
      '--work-group',
      'custodians local 7',
      '--cola',
      '2.75,2.5,2',
      '--json',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const body = JSON.parse(added.stdout);
    expect(body.contract).toMatchObject({
      status: 'NEGOTIATING',
      startYear: 2027,
      endYear: 2029,
      contractYears: 3,
    });
    expect(body.recomputedLines).toBe(1);
    expect(await nextYear()).toBe(grow(5234567n, 275n));
    const id = String(body.contract.id);

    const settled = await cli(
      'contracts',
      'set-status',
      id,
      '--status',
      'Settled',
      '--settlement-date',
      '2026-06-30',
    );
    expect(settled.code).toBe(0);
    expect(settled.stdout).toMatch(/Updated contract #\d+; 0 automatic next-year salaries recomputed/);

    const list = await cli('contracts', 'list', '--work-group', group);
    expect(list.stdout).toMatch(
      /Custodians 2027-2029 +Custodians Local 7 +FY27-FY29 +SETTLED +2026-06-30 +FY27 2\.75%, FY28 2\.5%, FY29 2%/,
    );
    const json = JSON.parse((await cli('contracts', 'list', '--status', 'settled', '--json')).stdout);
    expect(json.map((c: { id: number }) => c.id)).toEqual([Number(id)]);

    const expired = await cli('contracts', 'set-status', id, '--status', 'EXPIRED');
    expect(expired.stdout).toMatch(/1 automatic next-year salary recomputed/);
    expect(await nextYear()).toBe(5234567n);

    // --json: one object per command about one contract, the list an array.
    const reopened = jsonDocument(
      await cli('contracts', 'set-status', id, '--status', 'NEGOTIATING', '--json'),
      'object',
    );
    expect(reopened).toMatchObject({
      contract: { id: Number(id), status: 'NEGOTIATING' },
      recomputedLines: 1,
    });
    expect(await nextYear()).toBe(grow(5234567n, 275n));

    const deleted = jsonDocument(await cli('contracts', 'delete', id, '--json'), 'object');
    expect(deleted).toMatchObject({ recomputedLines: 1 });
    expect(await nextYear()).toBe(5234567n);
    expect(jsonDocument(await cli('contracts', 'list', '--json'), 'array')).toEqual([]);
  }, 300_000);

  it('refuses bad input with exit code 2 and writes nothing', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--cola', '101,2,2'],
        /Please enter a valid COLA percentage for FY27 \(between 0 and 100, at most 2 decimals\)/,
      ],
      [['--cola', 'three,2,2'], /--cola: COLA percentage must be a number/],
      [['--cola', '2,2'], /Enter a COLA percentage for FY29/],
      [['--cola', '2', '--start', '2029', '--end', '2027'], /The end year cannot be before the start year/],
      [
        ['--cola', '2,2,2', '--settlement-date', '2026-01-01'],
        /A settlement date is kept only for a SETTLED contract/,
      ],
      [['--cola', '2,2,2', '--status', 'SIGNED'], /Status must be one of NEGOTIATING, SETTLED, EXPIRED/],
      // A year that is no fiscal year is refused in words, naming the flag (not 'received NaN').
      [['--cola', '2', '--start', 'soon', '--end', 'FY27'], /--start: Invalid fiscal year: soon\n/],
    ];
    for (const [flags, message] of cases) {
      const r = await cli('contracts', 'add', '--name', 'Bad', '--work-group', group, ...flags);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const unknown = await cli(
      'contracts',
      'add',
      '--name',
      'Bad',
      '--work-group',
      'Nobody',
      '--cola',
      '2,2,2',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No work group Nobody \(there are: Custodians Local 7\)/);
    expect((await cli('contracts', 'set-status', '999', '--status', 'SETTLED')).stderr).toMatch(
      /Contract not found/,
    );
    const badStatus = await cli('contracts', 'list', '--status', 'signed');
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toMatch(/\n {2}--status: Invalid option/);
    expect((await cli('contracts', 'list', '--json')).stdout.trim()).toBe('[]');
  }, 300_000);

  it('refuses a second settled contract over the same years, and takes one that supersedes the first', async () => {
    const add = (name: string, cola: string, ...flags: string[]) =>
      cli('contracts', 'add', '--name', name, '--work-group', group, '--cola', cola, ...flags);
    const settled = ['--status', 'SETTLED', '--settlement-date', '2026-06-30', '--json'];
    const first = await add('Custodians 2027-2029', '3,3,3', ...settled);
    expect(first.code).toBe(0);
    const firstId = JSON.parse(first.stdout).contract.id as number;
    expect(await nextYear()).toBe(grow(5234567n, 300n));

    const overlap = await add('Custodians at 1%', '1,1,1', ...settled);
    expect(overlap.code).toBe(1);
    expect(overlap.stderr).toMatch(/CONTRACT_OVERLAP/);
    expect(overlap.stderr).toMatch(
      new RegExp(`“Custodians 2027-2029” \\(#${firstId}, FY27–FY29\\) in FY27–FY29`),
    );
    const named = await add('Custodians at 1%', '1,1,1', ...settled, '--supersedes', '');
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/--supersedes: Choose the settled contract this one supersedes/);
    const missing = await add('Custodians at 1%', '1,1,1', ...settled, '--supersedes', '99999');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--supersedes: Contract 99999 does not exist/);
    expect(jsonDocument(await cli('contracts', 'list', '--json'), 'array')).toHaveLength(1);
    expect(await nextYear()).toBe(grow(5234567n, 300n));

    const replacing = await add('Custodians at 1%', '1,1,1', ...settled, '--supersedes', String(firstId));
    expect(replacing.code).toBe(0);
    const secondId = JSON.parse(replacing.stdout).contract.id as number;
    expect(await nextYear()).toBe(grow(5234567n, 100n));
    const list = await cli('contracts', 'list', '--work-group', group);
    expect(list.stdout).toMatch(
      new RegExp(
        `Custodians 2027-2029 +Custodians Local 7 +FY27-FY29 +SETTLED \\(superseded by #${secondId}\\)`,
      ),
    );

    // An offer settled over the contract in force needs --supersedes too. Its years are typed as
    // `contracts list` writes them (FY27), or in full (FY2027).
    const offer = JSON.parse(
      (await add('Custodians reopener', '4', '--start', 'FY27', '--end', 'FY2027', '--json')).stdout,
    );
    expect(offer.contract).toMatchObject({ startYear: 2027, endYear: 2027 });
    const settle = ['contracts', 'set-status', String(offer.contract.id), '--status', 'SETTLED'];
    expect((await cli(...settle)).code).toBe(1);
    expect(await nextYear()).toBe(grow(5234567n, 100n));
    expect((await cli(...settle, '--supersedes', String(secondId))).code).toBe(0);
    expect(await nextYear()).toBe(grow(5234567n, 400n));
  }, 300_000);
});
