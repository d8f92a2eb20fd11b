import { describe, expect, it } from 'vitest';
import { buildBudgetYear, buildBuilding, buildCategory, insertEmployees } from '../test/factories';
import { positionsFromLines } from '../server/domains/positions';
import { useCli } from '../test/use-cli';

/**
 * `stage compare` lists the positions changed, as the screen does: two FY2026 art teachers at one
 * school (a roster made from them), FY2027 moved to the superintendent's recommendation, then a
 * scenario cutting one of them adopted by Dana Whitfield. The cut reads as one change, closed with
 * its holder's leaving beside it, by her name and on the day.
 */
const EMAIL = 'dana.whitfield@example.org';
const YEAR = ['--budget-year', 'FY26', '--fiscal-year', 'FY2027'];

describe('budget-cli stage compare: positions changed', () => {
  const { cli } = useCli('stage-compare-positions', {
    timeout: 150_000,
    seed: async (db) => {
      const budgetYearId = await buildBudgetYear(db, { label: 'FY26', currentFiscalYear: 2027 });
      const school = await buildBuilding(db, { name: 'Oak Hill' });
      const art = await buildCategory(db, { name: 'Art', isPersonnel: true, deseFunction: '2305' });
      await insertEmployees(
        db,
        ['61000.10', '58500.25'].map((next, i) => ({
          budgetYearId,
          fiscalYear: 2026,
          position: 'Art Teacher',
          salary: next,
          nextYearSalary: next,
          manual: true,
          buildingId: school,
          categoryId: art,
          columns: { hire_date: `201${i}-09-01` },
        })),
      );
      await positionsFromLines(db, { budgetYearId, actorLabel: 'test' });
    },
  });
  const ok = async (...args: string[]) => {
    const res = await cli(...args);
    expect(res.code, `${args.join(' ')}: ${res.stderr}`).toBe(0);
    return res.stdout;
  };

  it('lists the cut once, closed with its holder leaving, by name on the day', async () => {
    await ok(
      'users',
      'add',
      '--name',
      'Dana Whitfield',
      '--email',
      EMAIL,
      '--role',
      'ADMIN',
      '--password',
      'long-enough-pw',
    );
    const moved = await ok(
      'stage',
      'advance',
      ...YEAR,
      '--stage',
      'SUPERINTENDENT_RECOMMENDED',
      '--date',
      '2027-02-01',
      '--json',
    );
    const stageId = String(JSON.parse(moved).events.at(-1).id);
    const scenario = ['Art', '--budget-year', 'FY26', '--fiscal-year', 'FY27'];
    await ok('scenarios', 'apply', ...scenario, '--create', '--cut', 'Art=0');
    const cut = JSON.parse(
      await ok(
        'scenarios',
        'cut-positions',
        ...scenario,
        '--title',
        'art teacher',
        '--building',
        'Oak Hill',
        '--fte',
        '1',
        '--reason',
        'Enrollment down',
        '--json',
      ),
    );
    // Why the cut took it, as its own answer said: the least senior of the two.
    const why: string = cut.picked[0].why;
    expect(why).toBe('hired 2011-09-01 (least senior)');
    const listed = JSON.parse(
      await ok('scenarios', 'list', '--budget-year', 'FY26', '--fiscal-year', 'FY27', '--json'),
    );
    await ok(
      '--as',
      EMAIL,
      'scenarios',
      'adopt',
      String(listed[0].id),
      '--reason',
      'Committee vote',
      '--yes',
    );

    const text = await ok('stage', 'compare', ...YEAR, '--from', stageId, '--to', 'current');
    const section = text.slice(text.indexOf('Positions changed'));
    expect(section).toMatch(/^Positions changed: 1 change in the FY26 roster\n/);
    const rows = section.split('\n').slice(3).filter(Boolean);
    expect(rows).toHaveLength(1);
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
    expect(rows[0]).toMatch(/Art Teacher\s+Oak Hill\s+closed \(1 holder left\)\s+closed\s+.*Committee vote/);
    // Beside the adoption's reason, why the scenario's cut picked the position (no $0 warning here).
    const head = section.split('\n')[1];
    expect(head).toMatch(/\bReason\s+Picked\s+By\s+When$/);
    expect(rows[0]).toMatch(
      new RegExp(`Committee vote\\s+${why.replace(/[()]/g, '\\$&')}\\s+Dana Whitfield`),
    );
    expect(rows[0]).toMatch(new RegExp(`Dana Whitfield\\s+${today}$`));
    expect(section).not.toContain(EMAIL);
    expect(section).not.toContain('vacated');
  }, 300_000);
});
