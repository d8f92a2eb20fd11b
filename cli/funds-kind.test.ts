import { describe, expect, it } from 'vitest';
import { jsonDocument } from '../test/cli';
import { useCli } from '../test/use-cli';

interface ListedFund {
  id: number;
  code: string;
  kind: string;
  awardAmount: number | null;
  periodStart: string | null;
  periodEnd: string | null;
}

/**
 * `funds update --kind` on a grant of the demo district: a grant's award and period are what stand
 * in the way of another kind, and the refusal says so in the words of what was typed (--kind), with
 * the flags that clear them, rather than naming --award and --start, which nobody typed.
 */
describe('budget-cli funds update --kind on a grant', () => {
  const world = useCli('funds-kind', { timeout: 150_000 });
  const { cli } = world;
  const list = async () => jsonDocument(await cli('funds', 'list', '--json'), 'array') as ListedFund[];
  const byCode = async (code: string) => (await list()).find((f) => f.code === code)!;

  it('says why a grant cannot simply become a revolving fund, and which flags clear the way', async () => {
    expect((await cli('db', 'seed', '--demo')).code).toBe(0);
    const titleI = await byCode('2401');
    expect(titleI).toMatchObject({ kind: 'federal_grant', awardAmount: 640000 });
    const before = await list();

    // The real binary, as a person runs it.
    const refused = await world.runner.binary('funds', 'update', String(titleI.id), '--kind', 'revolving');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '--kind: Title I, Part A still has an award amount and a grant period, which only a grant has: ' +
        'clear them to change its kind to Revolving fund (add --award none --start none --end none)',
    );
    expect(refused.stderr).not.toMatch(/--(award|start|end):/);
    expect(await list()).toEqual(before);

    // A flag that was typed is still the one named; what remains to clear is named by its flags.
    const idea = await byCode('2402');
    const typed = await cli('funds', 'update', String(idea.id), '--kind', 'revolving', '--award', '5');
    expect(typed.code).toBe(2);
    expect(typed.stderr).toContain('--award: Only a grant has an award amount and a grant period');
    expect(typed.stderr).toContain(
      '--kind: IDEA Special Education Entitlement still has a grant period, which only a grant has: ' +
        'clear it to change its kind to Revolving fund (add --start none --end none)',
    );
    expect(await list()).toEqual(before);

    // Doing as told is taken.
    const done = await cli(
      'funds',
      'update',
      String(titleI.id),
      '--kind',
      'revolving',
      '--award',
      'none',
      '--start',
      'none',
      '--end',
      'none',
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Updated fund Title I, Part A (2401, Revolving fund)');
    expect(await byCode('2401')).toMatchObject({
      kind: 'revolving',
      awardAmount: null,
      periodStart: null,
      periodEnd: null,
    });
  });
});
