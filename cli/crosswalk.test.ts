import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, jsonDocument, type CliRunner } from '../test/cli';

/**
 * budget-cli crosswalk against the demo district in a database of its
 * own: the rules listed, added, changed and removed through the service the API uses, and every
 * refusal the API gives leaving the rules table (read directly, not through the CLI) as it was.
 */
describe('budget-cli crosswalk', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  /** The rules table and its audit rows as stored, to show a refusal wrote nothing. */
  async function stored() {
    const handle = await runner.openDb();
    try {
      return {
        rules: await handle.knex('position_crosswalk_rules').orderBy('id').select(),
        audits: (await handle.knex('audit_log').where('entity', 'crosswalk-rule').count({ n: '*' }))[0].n,
      };
    } finally {
      await handle.close();
    }
  }

  /** The table before the refusals: each refused command must leave it so. */
  let unchanged: Awaited<ReturnType<typeof stored>>;

  /** Runs a refused command: it exits `code` with `message` on stderr, and nothing is written. */
  async function refused(code: number, message: string | RegExp, ...args: string[]) {
    const res = await cli(...args);
    expect(res.code, res.stderr).toBe(code);
    expect(res.stderr).toMatch(message);
    expect(await stored()).toEqual(unchanged);
    return res;
  }

  beforeAll(async () => {
    runner = await createCliRunner('crosswalk', { timeout: 240_000 });
    expect((await cli('db', 'seed', '--demo')).code).toBe(0);
  }, 240_000);
  afterAll(() => runner?.close());

  it('lists the demo district, which has no rules yet', { timeout: 120_000 }, async () => {
    expect(jsonDocument(await cli('crosswalk', 'list', '--json'), 'array')).toEqual([]);
    const table = await cli('crosswalk', 'list');
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toBe('(none)\n');
  });

  it(
    'adds rules that list, changes one keeping what is not given, and removes them',
    { timeout: 300_000 },
    async () => {
      const added = await cli(
        'crosswalk',
        'add',
        '--match',
        'exact',
        '--pattern',
        'Kindergarten Teacher',
        '--work-group',
        'teachers',
        '--category',
        'Teachers',
        '--code',
        '2305',
        '--fund',
        '2401',
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toMatch(
        /^Added rule \d+: exact 'Kindergarten Teacher' → work group Teachers, category Teachers, 2305 Teachers, Classroom, fund Title I, Part A\n$/,
      );
      const glob = jsonDocument(
        await cli(
          'crosswalk',
          'add',
          '--match',
          'glob',
          '--pattern',
          '*Paraprofessional',
          '--category',
          'Paraprofessionals',
          '--fund',
          'title i, part a',
          '--budget-year',
          'FY26',
          '--fiscal-year',
          'FY2026',
          '--json',
        ),
        'object',
      );
      expect(glob).toMatchObject({
        matchType: 'glob',
        pattern: '*Paraprofessional',
        workGroupId: null,
        category: 'Paraprofessionals',
        fund: 'Title I, Part A',
        specificity: '16 characters',
      });

      const rules = jsonDocument(await cli('crosswalk', 'list', '--json'), 'array');
      expect(rules.map((r: { pattern: string }) => r.pattern)).toEqual([
        'Kindergarten Teacher',
        '*Paraprofessional',
      ]);
      const [kinder] = rules;
      const table = await cli('crosswalk', 'list');
      expect(table.stdout).toMatch(
        /\n\d+\s+exact\s+Kindergarten Teacher\s+Teachers\s+Teachers\s+2305\s+Teachers, Classroom\s+Title I, Part A\s+exact\n/,
      );
      expect(table.stdout).toMatch(/\n\d+\s+glob\s+\*Paraprofessional\s+Paraprofessionals\s+Title I/);

      // Only the flags given change; 'none' clears the fund.
      const updated = await cli('crosswalk', 'update', String(kinder.id), '--fund', 'none', '--note', 'K');
      expect(updated.code, updated.stderr).toBe(0);
      expect(updated.stdout).toBe(
        `Updated rule ${kinder.id}: exact 'Kindergarten Teacher' → work group Teachers, category Teachers, 2305 Teachers, Classroom\n`,
      );
      const { rules: after } = await stored();
      expect(after.find((r) => r.id === kinder.id)).toMatchObject({
        match_type: 'exact',
        pattern: 'Kindergarten Teacher',
        work_group_id: kinder.workGroupId,
        category_id: kinder.categoryId,
        dese_code: '2305',
        fund_id: null,
        note: 'K',
      });

      const removed = jsonDocument(await cli('crosswalk', 'remove', String(glob.id), '--json'), 'object');
      expect(removed).toEqual({
        message: `Rule ${glob.id} (pattern '*Paraprofessional') deleted; lines keep what it gave them`,
      });
      const gone = await cli('crosswalk', 'remove', String(kinder.id));
      expect(gone.stdout).toBe(
        `Rule ${kinder.id} (title 'Kindergarten Teacher') deleted; lines keep what it gave them\n`,
      );
      expect((await stored()).rules).toEqual([]);
    },
  );

  it('refuses what the API refuses, naming the flag, and writes nothing', { timeout: 300_000 }, async () => {
    const nurse = ['--match', 'exact', '--pattern', 'School Nurse', '--code', '3200'];
    const made = await cli('crosswalk', 'add', ...nurse);
    expect(made.code, made.stderr).toBe(0);
    unchanged = await stored();
    expect(unchanged.rules).toHaveLength(1);
    const id = String(unchanged.rules[0].id);
    // Each refusal: its exit code, what stderr says, and the arguments after `crosswalk`.
    const add = (...args: string[]) => ['add', '--match', 'exact', '--code', '2305', ...args];
    const teacher = ['--pattern', 'World Language Teacher'];
    const refusals: [number, string | RegExp, string[]][] = [
      [1, /No work group Nobody \(there are: .*Teachers/, add(...teacher, '--work-group', 'Nobody')],
      [2, '--match: matchType must be exact, glob or regex', [...add(...teacher), '--match', 'contains']],
      [
        2,
        "--pattern: 'Teacher(' is not a valid regular expression",
        [...add('--pattern', 'Teacher('), '--match', 'regex'],
      ],
      [
        2,
        /--pattern: title 'Astronaut' matches none of the \d+ job titles of FY26/,
        add('--pattern', 'Astronaut'),
      ],
      [2, '--code: 9999 is not a DESE function code', [...add(...teacher), '--code', '9999']],
      [
        2,
        "--category: 'Transportation' is not a personnel category",
        add(...teacher, '--category', 'Transportation'),
      ],
      [2, "--fund: no fund has the code 'NOPE'", add(...teacher, '--fund', 'NOPE')],
      [1, "A rule for title 'school nurse' already exists", add('--pattern', 'school nurse')],
      [2, '--work-group: Choose a work group, a category', ['update', id, '--code', 'none']],
      [2, '--match: matchType must be exact', ['update', id, '--match', 'fuzzy']],
      [1, 'Crosswalk rule not found', ['update', '999999', '--code', '2305']],
      [1, 'Crosswalk rule not found', ['remove', '999999']],
      [2, '<id>: ', ['remove', 'x']],
    ];
    for (const [code, message, args] of refusals) {
      await refused(code, message, 'crosswalk', ...args);
    }
    // With --json the refusal is the one JSON document on stdout.
    const json = await refused(2, '--match', 'crosswalk', ...add(...teacher), '--match', 'glob?', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: expect.stringContaining('--match: matchType must be exact, glob or regex'),
    });
  });
});
