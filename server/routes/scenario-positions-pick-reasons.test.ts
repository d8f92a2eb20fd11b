import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildBuilding, buildCategory, insertEmployees } from '../../test/factories';
import { positionsFromLines } from '../domains/positions';

/**
 * Which positions a cut picks, and why, when some holders have no hire date (a payroll file without
 * them, as Boston's) and some have no next-year salary (a cut of theirs saves $0). Seven FY2026
 * Grade 3 Teachers at one school, made into positions in this order (so the last is the newest):
 *   A hired 2019-08-26, B hired 2021-08-30, Z hired 2021-08-30 with no salary, Y hired 2023-08-28
 *   with no salary, D and E with no hire date, C with no hire date and no salary;
 * and three Grade 4 Teachers with no hire date at all, the newest with no salary. Savings are
 * added here in cents from the salaries typed below.
 */
const SALARY: Record<string, string> = {
  A: '70000.10',
  B: '65500.25',
  Z: '0.00',
  Y: '0.00',
  D: '52000.33',
  E: '48000.41',
  C: '0.00',
  P: '61000.07',
  Q: '59000.55',
  R: '0.00',
};
const HIRED: Record<string, string | null> = {
  A: '2019-08-26',
  B: '2021-08-30',
  Z: '2021-08-30',
  Y: '2023-08-28',
  D: null,
  E: null,
  C: null,
  P: null,
  Q: null,
  R: null,
};
const cents = (text: string) => BigInt(text.replace('.', ''));
const dollars = (n: bigint) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
const NO_SALARY = 'saves nothing: its holder has no salary';

const { t, finance } = useApp(['FINANCE']);
let school: number;
let scenario: number;
/** Position id of each holder (by letter). */
const position: Record<string, number> = {};

beforeAll(async () => {
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, { label: 'FY26', currentFiscalYear: 2027 });
  school = await buildBuilding(db, { name: 'Hillside' });
  const teachers = await buildCategory(db, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' });
  const letters = Object.keys(SALARY);
  await insertEmployees(
    db,
    letters.map((l) => ({
      budgetYearId,
      fiscalYear: 2026,
      lastName: `Holder ${l}`,
      position: ['P', 'Q', 'R'].includes(l) ? 'Grade 4 Teacher' : 'Grade 3 Teacher',
      salary: SALARY[l] === '0.00' ? '50000.00' : SALARY[l],
      nextYearSalary: SALARY[l],
      manual: true,
      buildingId: school,
      categoryId: teachers,
      columns: { hire_date: HIRED[l] },
    })),
  );
  await positionsFromLines(db, { budgetYearId, actorLabel: 'test' });
  const held = await db('position_holders as h')
    .join('line_items as li', 'li.id', 'h.line_item_id')
    .select('h.position_id', 'li.last_name');
  for (const r of held) {
    position[String(r.last_name).slice(-1)] = Number(r.position_id);
  }
  // The test's premise: positions were made in line order, so C and R are their groups' newest.
  expect(position.C).toBeGreaterThan(position.E);
  expect(position.E).toBeGreaterThan(position.D);
  expect(position.Z).toBeGreaterThan(position.B);
  const s = await t.api('post', '/scenarios/cuts', {
    token: finance.token,
    body: { budgetYearId, fiscalYear: 2027, name: 'Grades' },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  scenario = s.body.scenario.id;
});

const cut = (title: string, fte: number, dryRun = true) =>
  t.api('post', `/scenarios/cuts/${scenario}/positions/cut`, {
    token: finance.token,
    body: { title, buildingId: school, fte, dryRun },
  });

/** What the answer's picks are: holder letter, reason and warning, in the order picked. */
const picks = (body: { picked: { positionId: number; why: string; warning: string | null }[] }) =>
  body.picked.map((p) => [Object.keys(position).find((l) => position[l] === p.positionId), p.why, p.warning]);
const saving = (letters: string[]) => dollars(letters.reduce((sum, l) => sum + cents(SALARY[l]), 0n));

describe('a cut where some holders have no hire date or no salary', () => {
  it('takes the least senior by hire date, then the undated newest first, savers before $0 ones', async () => {
    const res = await cut('Grade 3 Teacher', 7);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(picks(res.body)).toEqual([
      // Seniority is not overridden: the least senior goes first though cutting her saves nothing.
      ['Y', 'hired 2023-08-28 (least senior)', NO_SALARY],
      // At the same hire date, the one whose cut saves something first.
      ['B', 'hired 2021-08-30 (least senior)', null],
      ['Z', 'hired 2021-08-30 (least senior)', NO_SALARY],
      ['A', 'hired 2019-08-26 (least senior)', null],
      ['E', 'no hire date: newest position', null],
      ['D', 'no hire date: newest position', null],
      ['C', 'no hire date: newest position', NO_SALARY],
    ]);
    expect(res.body.pickedSavings.toFixed(2)).toBe(saving(['Y', 'B', 'Z', 'A', 'E', 'D', 'C']));
    expect(res.body.pickOrder).toBe(
      'Vacancies first, then the least senior by hire date (latest hired first); positions whose holders ' +
        'have no hire date come last, newest position first. At the same hire date, or with none, a position ' +
        'that saves something goes before one that saves nothing. Whole positions only: the earliest in this ' +
        'order that make the FTE exactly.',
    );
    const two = await cut('Grade 3 Teacher', 2);
    expect(picks(two.body)).toEqual([
      ['Y', 'hired 2023-08-28 (least senior)', NO_SALARY],
      ['B', 'hired 2021-08-30 (least senior)', null],
    ]);
    expect(two.body.pickedSavings.toFixed(2)).toBe(saving(['B']));
  });

  it('with no hire dates at all, takes the newest positions that save something before the $0 one', async () => {
    const one = await cut('Grade 4 Teacher', 1);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(picks(one.body)).toEqual([['Q', 'no hire date: newest position', null]]);
    expect(one.body.pickedSavings.toFixed(2)).toBe(saving(['Q']));
    expect(one.body.pickedSavings).toBeGreaterThan(0);

    // The saved cut says the same, and the $0 one comes last, flagged.
    const all = await cut('Grade 4 Teacher', 3, false);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.dryRun).toBe(false);
    expect(picks(all.body)).toEqual([
      ['Q', 'no hire date: newest position', null],
      ['P', 'no hire date: newest position', null],
      ['R', 'no hire date: newest position', NO_SALARY],
    ]);
    expect(all.body.pickedSavings.toFixed(2)).toBe(saving(['Q', 'P']));
    expect(all.body.picked.find((p: { positionId: number }) => p.positionId === position.R).amount).toBe(0);
  });
});
