import { beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '@shared/money';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildBuilding, buildCategory, insertEmployees } from '../../test/factories';
import { positionsFromLines } from '../domains/positions';

/**
 * A saved cut keeps why each position was taken: once saved, the scenario's list of positions says
 * what the cut's answer said (the pick's reason, and its $0 warning while that holds). An add and a
 * cut saved before the reasons were kept say nothing. The world: three FY2026 Grade 5 Teachers at
 * Maple (A hired 2018-08-27, B hired 2022-08-29, C with no hire date and no next-year salary), a
 * vacant Grade 5 Teacher position, and an Art Teacher (D) whose cut is written as an old one was.
 */
const SALARY: Record<string, string> = { A: '68000.11', B: '54000.27', C: '0.00', D: '47250.39' };
const HIRED: Record<string, string | null> = { A: '2018-08-27', B: '2022-08-29', C: null, D: '2015-08-31' };
const NO_SALARY = 'saves nothing: its holder has no salary';

const { t, finance } = useApp(['FINANCE']);
let budgetYearId: number;
let school: number;
let teachers: number;
let scenario: number;
let vacancy: number;
/** Position id and line id of each holder (by letter). */
const position: Record<string, number> = {};
const line: Record<string, number> = {};

const call = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: finance.token, body });

interface Listed {
  id: number;
  kind: string;
  positionId: number | null;
  title: string;
  amount: number | null;
  why: string | null;
  warning: string | null;
}
const listed = async (): Promise<Listed[]> => {
  const res = await call('get', `/scenarios/cuts/${scenario}/positions`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.changes;
};
const cutOf = (changes: Listed[], positionId: number) => changes.find((c) => c.positionId === positionId)!;

beforeAll(async () => {
  const db = t.db.knex;
  budgetYearId = await buildBudgetYear(db, { label: 'FY26', currentFiscalYear: 2027 });
  school = await buildBuilding(db, { name: 'Maple' });
  teachers = await buildCategory(db, { name: 'Teachers', isPersonnel: true, deseFunction: '2305' });
  const letters = Object.keys(SALARY);
  const ids = await insertEmployees(
    db,
    letters.map((l) => ({
      budgetYearId,
      fiscalYear: 2026,
      lastName: `Holder ${l}`,
      position: l === 'D' ? 'Art Teacher' : 'Grade 5 Teacher',
      salary: SALARY[l] === '0.00' ? '50000.00' : SALARY[l],
      nextYearSalary: SALARY[l],
      manual: true,
      buildingId: school,
      categoryId: teachers,
      columns: { hire_date: HIRED[l] },
    })),
  );
  letters.forEach((l, i) => (line[l] = ids[i]));
  await positionsFromLines(db, { budgetYearId, actorLabel: 'test' });
  const held = await db('position_holders as h')
    .join('line_items as li', 'li.id', 'h.line_item_id')
    .select('h.position_id', 'li.last_name');
  for (const r of held) {
    position[String(r.last_name).slice(-1)] = Number(r.position_id);
  }
  const made = await call('post', '/positions', {
    fiscalYear: 2026,
    title: 'Grade 5 Teacher',
    buildingId: school,
    categoryId: teachers,
    fte: 1,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  vacancy = made.body.position.id;
  const s = await call('post', '/scenarios/cuts', { budgetYearId, fiscalYear: 2027, name: 'Grade 5' });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  scenario = s.body.scenario.id;
});

describe('a saved cut by position keeps why each position was taken', () => {
  it('lists each saved pick with the reason and warning its cut gave', async () => {
    const cut = await call('post', `/scenarios/cuts/${scenario}/positions/cut`, {
      title: 'Grade 5 Teacher',
      buildingId: school,
      fte: 4,
      reason: 'Enrollment down',
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    const expected = [
      [vacancy, 'vacant', null],
      [position.B, 'hired 2022-08-29 (least senior)', null],
      [position.A, 'hired 2018-08-27 (least senior)', null],
      [position.C, 'no hire date: newest position', NO_SALARY],
    ];
    const answered = cut.body.picked.map((p: Listed) => [p.positionId, p.why, p.warning]);
    expect(answered).toEqual(expected);

    // Read back on their own, as the Scenario Builder and the CLI list them.
    const changes = await listed();
    expect(changes).toHaveLength(4);
    expect(
      expected.map(([id]) => cutOf(changes, id as number)).map((c) => [c.positionId, c.why, c.warning]),
    ).toEqual(expected);
    expect(centsOf(cutOf(changes, position.C).amount!)).toBe(0n);
    expect(centsOf(cutOf(changes, position.B).amount!)).toBe(centsOf(SALARY.B));
  });

  it('says nothing for an add, or for a cut saved before the reasons were kept', async () => {
    const add = await call('post', `/scenarios/cuts/${scenario}/positions/add`, {
      title: 'Reading Specialist',
      buildingId: school,
      categoryId: teachers,
      fte: 1,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    // A cut saved before this change: its row has no pick reason (as migration 20261208000100 left it).
    await t.db.knex('cut_scenario_positions').insert({
      cut_scenario_id: scenario,
      kind: 'cut',
      position_id: position.D,
      title: 'Art Teacher',
      building_id: school,
      category_id: teachers,
      fte: 1,
      reason: 'Older cut',
    });
    const changes = await listed();
    const added = changes.filter((c) => c.kind === 'add');
    expect(added.map((c) => [c.title, c.why, c.warning])).toEqual([['Reading Specialist', null, null]]);
    const old = cutOf(changes, position.D);
    expect([old.why, old.warning]).toEqual([null, null]);
    expect(centsOf(old.amount!)).toBe(centsOf(SALARY.D));
  });

  it('drops the $0 warning once the holder has a salary again, and keeps the reason', async () => {
    const raised = await call('patch', `/line-items/budget/${line.C}/next-year-salary`, {
      nextYearSalary: 45500.45,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const c = cutOf(await listed(), position.C);
    expect(centsOf(c.amount!)).toBe(centsOf('45500.45'));
    expect([c.why, c.warning]).toEqual(['no hire date: newest position', null]);
  });
});
