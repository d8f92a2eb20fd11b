import { describe, expect, it } from 'vitest';
import { buildBudgetYear, buildBuilding, buildCategory, insertEmployees } from '../test/factories';
import { positionsFromLines } from '../server/domains/positions';
import { useCli } from '../test/use-cli';

/**
 * `scenarios cut-positions|add-position|positions` through budget-cli: three FY2026 art
 * teachers at one school (next-year salaries 61,000.10, 58,500.25 and 40,000.33 at 0.6 FTE), a roster
 * made from them, and a scenario of FY2027 (whose salary lines their cost sets). Savings are added
 * here in cents from those figures.
 */
const NEXT = ['61000.10', '58500.25', '40000.33'];
const cents = (text: string) => BigInt(text.replace('.', ''));

describe('budget-cli scenarios cut-positions', () => {
  const { cli, withDb } = useCli('scenario-positions', {
    timeout: 150_000,
    seed: async (db) => {
      const budgetYearId = await buildBudgetYear(db, { label: 'FY26', currentFiscalYear: 2027 });
      const school = await buildBuilding(db, { name: 'Oak Hill' });
      const art = await buildCategory(db, { name: 'Art', isPersonnel: true, deseFunction: '2305' });
      await insertEmployees(
        db,
        NEXT.map((next, i) => ({
          budgetYearId,
          fiscalYear: 2026,
          position: 'Art Teacher',
          salary: next,
          nextYearSalary: next,
          manual: true,
          fte: i === 2 ? 0.6 : 1,
          buildingId: school,
          categoryId: art,
          columns: { hire_date: `201${i}-09-01` },
        })),
      );
      await positionsFromLines(db, { budgetYearId, actorLabel: 'test' });
    },
  });
  const scenario = ['Art', '--budget-year', 'FY26', '--fiscal-year', 'FY27'];
  const rows = () =>
    withDb(async (knex) => Number((await knex('cut_scenario_positions').count({ n: '*' }).first())!.n));

  it('cuts the least senior first, refuses more than the group has, and adds a vacancy', async () => {
    const made = await cli('scenarios', 'apply', ...scenario, '--create', '--cut', 'Art=0');
    expect(made.code, made.stderr).toBe(0);
    const group = ['--title', 'art teacher', '--building', 'Oak Hill'];
    const dry = await cli(
      'scenarios',
      'cut-positions',
      ...scenario,
      ...group,
      '--fte',
      '1',
      '--dry-run',
      '--json',
    );
    expect(dry.code, dry.stderr).toBe(0);
    // Nothing on stderr: pg warns when the cut's transaction sends queries to its client at once.
    expect(dry.stderr).toBe('');
    const preview = JSON.parse(dry.stdout);
    // Hired 2011 (58,500.25) is the least senior whole position; the 0.6 one (hired 2012) does not make 1 FTE.
    expect(cents(preview.pickedSavings.toFixed(2))).toBe(cents(NEXT[1]));
    expect(await rows()).toBe(0);

    const tooMuch = await cli('scenarios', 'cut-positions', ...scenario, ...group, '--fte', '3');
    expect(tooMuch.code).not.toBe(0);
    expect(tooMuch.stderr).toMatch(
      /--fte: Art Teacher at Oak Hill has 2\.6 FTE: a cut of 3 FTE is more than the group has/,
    );
    expect(await rows()).toBe(0);

    const cut = await cli(
      'scenarios',
      'cut-positions',
      ...scenario,
      ...group,
      '--fte',
      '1.6',
      '--reason',
      'Budget',
    );
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stderr).toBe('');
    expect(cut.stdout).toMatch(/Cut 2 positions of Art Teacher at Oak Hill: saves \$98,500\.58/);
    expect(cents('58500.25') + cents('40000.33')).toBe(9850058n);

    const add = await cli(
      'scenarios',
      'add-position',
      ...scenario,
      '--title',
      'Art Aide',
      '--building',
      'Oak Hill',
      '--category',
      'Art',
      '--fte',
      '0.5',
    );
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toMatch(/unpriced: No work group/);

    const list = await cli('scenarios', 'list', '--budget-year', 'FY26', '--fiscal-year', 'FY27', '--json');
    const summary = JSON.parse(list.stdout)[0].summary;
    expect(cents(summary.positionsNet.toFixed(2))).toBe(9850058n);
    expect(summary.positionChanges).toBe(3);
    // The summary says what the cuts by position took off its totals.
    const shown = await cli('scenarios', 'show', 'Art', '--budget-year', 'FY26', '--fiscal-year', 'FY27');
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      '  Positions cut, added    $98,500.58 (3 changes: what the cuts save less what the adds cost, in the totals above)\n',
    );
  }, 240_000);
});
