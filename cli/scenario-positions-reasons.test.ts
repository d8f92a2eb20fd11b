import { describe, expect, it } from 'vitest';
import { buildBudgetYear, buildBuilding, buildCategory, insertEmployees } from '../test/factories';
import { positionsFromLines } from '../server/domains/positions';
import { useCli } from '../test/use-cli';

/**
 * `scenarios cut-positions` says why each position was picked and flags one whose cut saves $0:
 * four FY2026 Music Teachers at one school, made into positions in this order: Dee hired
 * 2020-08-31, then Abe, Bea and Cal with no hire date, Cal (the newest) with no next-year salary.
 */
const NEXT = ['64000.20', '51000.05', '49500.95', '0.00'];
const cents = (text: string) => BigInt(text.replace('.', ''));
const dollars = (n: bigint) => `$${(n / 100n).toLocaleString('en-US')}.${String(n % 100n).padStart(2, '0')}`;

describe('budget-cli scenarios cut-positions: why each position', () => {
  const { cli } = useCli('scenario-positions-reasons', {
    timeout: 150_000,
    seed: async (db) => {
      const budgetYearId = await buildBudgetYear(db, { label: 'FY26', currentFiscalYear: 2027 });
      const school = await buildBuilding(db, { name: 'Elm Park' });
      const music = await buildCategory(db, { name: 'Music', isPersonnel: true, deseFunction: '2305' });
      await insertEmployees(
        db,
        NEXT.map((next, i) => ({
          budgetYearId,
          fiscalYear: 2026,
          firstName: ['Dee', 'Abe', 'Bea', 'Cal'][i],
          lastName: 'Holder',
          position: 'Music Teacher',
          salary: '50000.00',
          nextYearSalary: next,
          manual: true,
          buildingId: school,
          categoryId: music,
          columns: { hire_date: i === 0 ? '2020-08-31' : null },
        })),
      );
      await positionsFromLines(db, { budgetYearId, actorLabel: 'test' });
    },
  });
  const scenario = ['Music', '--budget-year', 'FY26', '--fiscal-year', 'FY27'];
  const group = ['--title', 'music teacher', '--building', 'Elm Park'];

  // The warning is a sentence of its own, capitalised as the Scenario Builder shows it
  // (shared/picked-words.ts): the CLI printed the server's lower case 'saves nothing: ...'.
  it('prints the order, each pick’s reason and the $0 warning', async () => {
    const made = await cli('scenarios', 'apply', ...scenario, '--create', '--cut', 'Music=0');
    expect(made.code, made.stderr).toBe(0);
    const dry = await cli('scenarios', 'cut-positions', ...scenario, ...group, '--fte', '4', '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    const saved = NEXT.reduce((sum, n) => sum + cents(n), 0n);
    expect(dry.stdout).toContain(
      `Would cut 4 positions of Music Teacher at Elm Park: saves ${dollars(saved)}\n`,
    );
    expect(dry.stdout).toContain(
      'Order: Vacancies first, then the least senior by hire date (latest hired first); positions whose holders have no hire date come last',
    );
    const rows = dry.stdout.split('\n').filter((l) => l.includes('Music Teacher  '));
    expect(rows.map((l) => l.match(/(\w+) Holder/)?.[1])).toEqual(['Dee', 'Bea', 'Abe', 'Cal']);
    expect(rows[0]).toMatch(/\$64,000\.20\s+hired 2020-08-31 \(least senior\)$/);
    expect(rows[1]).toMatch(/\$49,500\.95\s+no hire date: newest position$/);
    expect(rows[3]).toMatch(
      /\$0\.00\s+no hire date: newest position\s+Saves nothing: its holder has no salary$/,
    );

    // One FTE with no seniority to go by: the newest position that saves something, not the $0 one.
    const one = await cli('scenarios', 'cut-positions', ...scenario, ...group, '--fte', '1', '--json');
    expect(one.code, one.stderr).toBe(0);
    const r = JSON.parse(one.stdout);
    expect(r.picked.map((p: { why: string; warning: string | null }) => [p.why, p.warning])).toEqual([
      ['hired 2020-08-31 (least senior)', null],
    ]);
    expect(cents(r.pickedSavings.toFixed(2))).toBe(cents(NEXT[0]));
    const next = await cli('scenarios', 'cut-positions', ...scenario, ...group, '--fte', '1', '--dry-run');
    expect(next.stdout).toMatch(/\$49,500\.95\s+no hire date: newest position\n/);
    expect(next.stdout).not.toMatch(/saves nothing:/i);

    // Saved, the scenario's listing still says why each was taken; an add (by hand) says nothing.
    const rest = await cli('scenarios', 'cut-positions', ...scenario, ...group, '--fte', '3');
    expect(rest.code, rest.stderr).toBe(0);
    const add = ['--title', 'Music Aide', '--building', 'Elm Park', '--category', 'Music', '--fte', '0.5'];
    expect((await cli('scenarios', 'add-position', ...scenario, ...add)).code).toBe(0);
    const listed = await cli('scenarios', 'positions', ...scenario);
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.split('\n');
    expect(lines[0]).toMatch(/\bAmount\s+Picked\s+Warning\s+Note$/);
    const holder = (name: string) => lines.find((l) => l.includes(`${name} Holder`))!;
    expect(holder('Dee')).toMatch(/\$64,000\.20\s+hired 2020-08-31 \(least senior\)$/);
    expect(holder('Bea')).toMatch(/\$49,500\.95\s+no hire date: newest position$/);
    expect(holder('Cal')).toMatch(
      /\$0\.00\s+no hire date: newest position\s+Saves nothing: its holder has no salary$/,
    );
    const aide = lines.find((l) => l.includes('Music Aide'))!;
    expect(aide).not.toMatch(/newest position|least senior|vacant|saves nothing/i);
  }, 240_000);
});
