import type { Knex } from 'knex';
import { classifyTitle } from '@server/lib/staff-roles';

/**
 * The demo's FY2026 roster (the one its planned year FY27 budgets) worked out from the tables in
 * integers, never through the cost rule or the dashboard's queries: its funded positions by
 * building, their budgeted cost in cents, and the people whose pay that cost is (the holders of
 * the filled positions, each employee line once however many positions they hold); and those
 * people as the salary ranges see them.
 */

export const cents = (text: string | number) => {
  const [whole, frac = ''] = String(text).split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2)));
};
export const milli = (text: string | number) => {
  const [whole, frac = ''] = String(text).split('.');
  return BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3));
};
/** num / den rounded half away from zero (both non-negative). */
const roundDiv = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

export interface Place {
  /** Funded positions: filled, vacant and posted. */
  count: number;
  /** Their FTE in thousandths. */
  fte: bigint;
  cost: bigint;
  filled: number;
  /** Distinct employee lines holding its filled positions. */
  people: Set<number>;
}

/** What the roster is grouped by: a position's building, its category, or its DESE function code. */
export type PlaceKind = 'building' | 'category' | 'code';

/**
 * The roster by building id (String(id), 'null' for District Wide), or by category id, or by DESE
 * function code (the position's own, else its category's, blank as none: where its salary line is
 * set), and in all ('*').
 */
export async function rosterPlaces(db: Knex, by: PlaceKind = 'building'): Promise<Map<string, Place>> {
  const positions = await db.raw(
    `SELECT p.id, p.status, p.fte::text AS fte, p.building_id, p.work_group_id, p.vacancy_step, p.vacancy_lane,
            p.category_id, coalesce(nullif(btrim(p.dese_code), ''), nullif(btrim(c.dese_function), '')) AS code
       FROM positions p JOIN fiscal_year_homes fh ON fh.budget_year_id = p.budget_year_id AND fh.fiscal_year = p.fiscal_year
       LEFT JOIN budget_categories c ON c.id = p.category_id
      WHERE p.fiscal_year = 2026 AND p.status IN ('filled', 'vacant', 'posted')`,
  );
  const keyOf = { building: 'building_id', category: 'category_id', code: 'code' }[by];
  const holders = await db.raw(
    `SELECT h.position_id, h.line_item_id, h.fte_share::text AS share, li.next_year_salary::text AS next,
            li.current_salary::text AS salary, li.current_fte::text AS fte
       FROM position_holders h JOIN line_items li ON li.id = h.line_item_id`,
  );
  const cells = await db.raw(
    `SELECT ss.work_group_id, a.step, a.lane, a.amount::text AS amount FROM salary_schedule_amounts a
       JOIN salary_schedules ss ON ss.id = a.schedule_id WHERE a.fiscal_year = 2027`,
  );
  const placements = (await db.raw(`SELECT work_group_id, step, lane FROM vacancy_placements`)).rows;
  const out = new Map<string, Place>();
  for (const p of positions.rows) {
    let cost = 0n;
    const people: number[] = [];
    if (p.status === 'filled') {
      for (const h of holders.rows.filter((x: { position_id: number }) => x.position_id === p.id)) {
        const fte = h.fte && milli(h.fte) !== 0n ? milli(h.fte) : 1000n;
        cost += roundDiv(cents(h.next ?? h.salary ?? '0') * milli(h.share), fte);
        people.push(h.line_item_id);
      }
    } else {
      const placed = p.vacancy_step
        ? { step: p.vacancy_step, lane: p.vacancy_lane }
        : placements.find((v: { work_group_id: number }) => v.work_group_id === p.work_group_id);
      const cell = placed
        ? cells.rows.find(
            (c: { work_group_id: number; step: number; lane: string }) =>
              c.work_group_id === p.work_group_id && c.step === placed.step && c.lane === placed.lane,
          )
        : undefined;
      cost = cell ? roundDiv(cents(cell.amount) * milli(p.fte), 1000n) : 0n;
    }
    for (const key of [String(p[keyOf]), '*']) {
      const w = out.get(key) ?? { count: 0, fte: 0n, cost: 0n, filled: 0, people: new Set<number>() };
      w.count += 1;
      w.fte += milli(p.fte);
      w.cost += cost;
      w.filled += p.status === 'filled' ? 1 : 0;
      people.forEach((id) => w.people.add(id));
      out.set(key, w);
    }
  }
  return out;
}

export type Role = 'teachers' | 'paras';

/** A person as a line describes them: their salary and what names their role. */
export interface Person {
  salary: string | null;
  work_group_id: number | null;
  group_name: string | null;
  work_group: string | null;
  position: string | null;
}

/** A line's columns that make a Person (over line_items li, work_groups wg). */
export const PERSON = `li.work_group_id, wg.name AS group_name, li.work_group, li.position`;

/**
 * Who is which, as the lines' ranges read a line: classifyTitle of the work group's name, else (no
 * work group) of the imported label, else of the position.
 */
export const roleOf = (p: Person): Role | null =>
  (p.work_group_id !== null ? classifyTitle(p.group_name) : null) ??
  (p.work_group_id === null ? classifyTitle(p.work_group) : null) ??
  classifyTitle(p.position);

/** The holders of the roster's filled positions, each line once, at their budgeted salary (next year's, else current). */
export async function rosterPeople(db: Knex): Promise<Person[]> {
  const { rows } = await db.raw(
    `SELECT DISTINCT li.id, coalesce(li.next_year_salary, li.current_salary)::text AS salary, ${PERSON}
       FROM positions p
       JOIN fiscal_year_homes fh ON fh.budget_year_id = p.budget_year_id AND fh.fiscal_year = p.fiscal_year
       JOIN position_holders h ON h.position_id = p.id
       JOIN line_items li ON li.id = h.line_item_id
       LEFT JOIN work_groups wg ON wg.id = li.work_group_id
      WHERE p.fiscal_year = 2026 AND p.status = 'filled'`,
  );
  return rows;
}

/** The roster's people (rosterPeople) by role and $10,000 range ('teachers|50000' -> how many). */
export async function rosterRanges(db: Knex): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const p of await rosterPeople(db)) {
    const role = roleOf(p);
    const salary = cents(p.salary ?? '0');
    if (!role || salary <= 0n) {
      continue;
    }
    const key = `${role}|${(salary / 1_000_000n) * 10_000n}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/**
 * Makes one teacher who holds a whole position hold two halves instead: half theirs, half a
 * vacancy that becomes filled (a person holding two positions). Answers the line and the positions.
 */
export async function splitTeacher(db: Knex, budgetYearId: number) {
  const { rows } = await db.raw(
    `SELECT h.position_id, h.line_item_id
       FROM position_holders h JOIN positions p ON p.id = h.position_id AND p.fiscal_year = 2026
       JOIN line_items li ON li.id = h.line_item_id JOIN work_groups wg ON wg.id = li.work_group_id
      WHERE p.status = 'filled' AND li.current_fte = 1 AND h.fte_share = 1 AND wg.name ILIKE '%teacher%'
        AND NOT EXISTS (SELECT 1 FROM position_holders o WHERE o.position_id = p.id AND o.line_item_id <> h.line_item_id)
      ORDER BY h.line_item_id LIMIT 1`,
  );
  const teacher = rows[0];
  const vacant = await db('positions')
    .where({ budget_year_id: budgetYearId, fiscal_year: 2026, status: 'vacant' })
    .orderBy('id')
    .first('id');
  if (!teacher || !vacant) {
    throw new Error('the demo has no whole teacher or no vacancy to split');
  }
  await db('position_holders')
    .where({ position_id: teacher.position_id, line_item_id: teacher.line_item_id })
    .update({ fte_share: '0.5' });
  await db('positions').where({ id: vacant.id }).update({ status: 'filled' });
  await db('position_holders').insert({
    position_id: vacant.id,
    line_item_id: teacher.line_item_id,
    fte_share: '0.5',
  });
  return { lineItemId: Number(teacher.line_item_id), positions: [teacher.position_id, vacant.id] };
}
