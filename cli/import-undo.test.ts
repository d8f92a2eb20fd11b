import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliRunner, type CliRunner } from '../test/cli';

/**
 * budget-cli import runs lists the imports with their ids, and budget-cli import undo <run-id>
 * takes the latest one back: its lines leave the year (counted from the table), the run is marked
 * undone, and an earlier run is refused naming the later one, with nothing changed.
 */
describe('budget-cli import undo', () => {
  let runner: CliRunner;
  const cli = (...args: string[]) => runner.cli(...args);

  beforeAll(async () => {
    runner = await createCliRunner('import-undo', { timeout: 240_000 });
  }, 240_000);
  afterAll(() => runner?.close());

  async function counts(): Promise<{ lines: number; undone: number }> {
    const db = await runner.openDb();
    try {
      const n = async (q: ReturnType<typeof db.knex>) => Number((await q.count({ n: '*' }).first())?.n);
      return {
        lines: await n(db.knex('line_items').where({ is_projected: false })),
        undone: await n(db.knex('import_runs').whereNotNull('undone_at')),
      };
    } finally {
      await db.close();
    }
  }

  it('lists the runs, refuses the earlier one and undoes the latest', { timeout: 240_000 }, async () => {
    expect((await cli('db', 'migrate')).code).toBe(0);
    expect((await cli('budget-year', 'create', 'FY30')).code).toBe(0);
    const file = (name: string, rows: string[]) => {
      const at = path.join(runner.dataDir, name);
      writeFileSync(at, ['Account Description,Function,Amount', ...rows].join('\n'));
      return at;
    };
    const into = (at: string) => cli('import', at, '--type', 'proposed', '--budget-year', 'FY30');
    expect((await into(file('first.csv', ['Textbooks,2410,"1,000.00"']))).code).toBe(0);
    expect((await into(file('second.csv', ['Paper,2410,250.50', 'Ink,2410,12']))).code).toBe(0);

    const listed = await cli('import', 'runs', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const runs = JSON.parse(listed.stdout) as { id: number; fileName: string }[];
    expect(runs.map((r) => r.fileName)).toEqual(['second.csv', 'first.csv']);
    const [second, first] = runs;
    const text = await cli('import', 'runs', '--budget-year', 'FY30');
    expect(text.stdout).toContain(`#${second.id}`);
    expect(text.stdout).toContain('budget  second.csv  into FY30: 2 lines');

    const before = await counts();
    const refused = await cli('import', 'undo', String(first.id));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      `A later import into FY30 (#${second.id}, second.csv) came after this one: undo that one first`,
    );
    expect(await counts()).toEqual(before);

    const undone = await cli('import', 'undo', String(second.id));
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toBe(`Undone: import #${second.id}'s 2 lines removed from FY30.\n`);
    expect(await counts()).toEqual({ lines: before.lines - 2, undone: before.undone + 1 });
    expect((await cli('import', 'runs')).stdout).toMatch(new RegExp(`#${second.id} .*\\(undone `));

    const bad = await cli('import', 'undo', 'abc');
    expect(bad.code).toBe(2);
  });
});
