import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import { buildPositionsWorld, type PositionsWorld } from '../../../test/worlds/positions.world';
import { positionsFromLines } from './index';

/**
 * The follow-paths tests' yardstick: what a planned year's proposed personnel lines must hold,
 * worked out here in integer cents from the raw tables (positions, position_holders, the holders'
 * employee lines, vacancy placements, schedule cells), never through server/sql/position-cost.ts
 * or the reconciliation code under test, and what those lines hold.
 *
 * A place is 'category|building|code', the code read as every report reads a line's (its own, else
 * its category's; blank is none), so a position's code is read the same way.
 */

/** '61800.01' -> 6180001n; scale 3 reads an FTE in thousandths. */
const fixed = (text: string, scale: number) => {
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 10n ** BigInt(scale) + BigInt(frac.padEnd(scale, '0').slice(0, scale));
  return negative ? -value : value;
};
/** n / d to the nearest whole, half away from zero (d > 0). */
const rounded = (n: bigint, d: bigint) => (n >= 0n ? (2n * n + d) / (2n * d) : -((2n * -n + d) / (2n * d)));
const codeOf = (own: string | null, category: string | null) => own?.trim() || category?.trim() || null;

/** Each position of a roster that a salary line pays: its place and cost in cents (closed, non-personnel and unpriced left out). */
async function positionCents(
  db: Knex,
  roster: { budgetYearId: number; fiscalYear: number },
): Promise<{ id: number; fte: bigint; place: string; cost: bigint }[]> {
  const { rows: positions } = await db.raw(
    `SELECT p.id, p.status, p.fte::text AS fte, p.category_id, p.building_id, p.dese_code, p.work_group_id,
            p.vacancy_step, p.vacancy_lane, c.is_personnel, c.dese_function
       FROM positions p LEFT JOIN budget_categories c ON c.id = p.category_id
      WHERE p.budget_year_id = ? AND p.fiscal_year = ?`,
    [roster.budgetYearId, roster.fiscalYear],
  );
  const { rows: holders } = await db.raw(
    `SELECT h.position_id, h.fte_share::text AS share, li.next_year_salary::text AS next,
            li.current_salary::text AS salary, li.current_fte::text AS fte
       FROM position_holders h JOIN line_items li ON li.id = h.line_item_id`,
  );
  const { rows: cells } = await db.raw(
    `SELECT s.work_group_id, a.step, a.lane, a.amount::text AS amount
       FROM salary_schedule_amounts a JOIN salary_schedules s ON s.id = a.schedule_id
      WHERE a.fiscal_year = ?`,
    [roster.fiscalYear + 1],
  );
  const { rows: placements } = await db.raw(`SELECT work_group_id, step, lane FROM vacancy_placements`);
  const out: { id: number; fte: bigint; place: string; cost: bigint }[] = [];
  for (const p of positions) {
    let cost: bigint | null = 0n;
    if (p.status === 'filled') {
      for (const h of holders.filter((x: { position_id: number }) => x.position_id === p.id)) {
        const fte = h.fte === null || fixed(h.fte, 3) === 0n ? 1000n : fixed(h.fte, 3);
        cost += rounded(fixed(h.next ?? h.salary ?? '0', 2) * fixed(h.share, 3), fte);
      }
    } else if (p.status === 'vacant' || p.status === 'posted') {
      const at =
        p.vacancy_step !== null
          ? { step: p.vacancy_step, lane: p.vacancy_lane }
          : placements.find((v: { work_group_id: number }) => v.work_group_id === p.work_group_id);
      const cell = cells.find(
        (c: { work_group_id: number; step: number; lane: string }) =>
          at && c.work_group_id === p.work_group_id && c.step === at.step && c.lane === at.lane,
      );
      cost = cell ? rounded(fixed(cell.amount, 2) * fixed(p.fte, 3), 1000n) : null;
    }
    if (p.status === 'closed' || !p.is_personnel || cost === null) {
      continue;
    }
    const place = `${p.category_id}|${p.building_id}|${codeOf(p.dese_code, p.dese_function)}`;
    out.push({ id: p.id, fte: fixed(p.fte, 3), place, cost });
  }
  return out;
}

/** The cost of roster (budget year, fiscal year)'s positions per place, in cents; zero places left out. */
export async function expectedLines(
  db: Knex,
  roster: { budgetYearId: number; fiscalYear: number },
): Promise<Record<string, bigint>> {
  const out: Record<string, bigint> = {};
  for (const p of await positionCents(db, roster)) {
    out[p.place] = (out[p.place] ?? 0n) + p.cost;
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0n));
}

/**
 * The same per 'place|fund' (fund: a fund id, '' for the general fund): a position with fund shares
 * splits its cost over them, each fund's part rounded on the shares up to it (in fund id order) less
 * the shares before it, so the parts add up to the cost.
 */
export async function expectedLinesByFund(
  db: Knex,
  roster: { budgetYearId: number; fiscalYear: number },
): Promise<Record<string, bigint>> {
  const general = Number((await db('funds').where({ kind: 'general' }).first('id')).id);
  const { rows: shares } = await db.raw(
    `SELECT position_id, fund_id, fte::text AS fte FROM position_fund_shares ORDER BY position_id, fund_id`,
  );
  const out: Record<string, bigint> = {};
  const add = (key: string, cents: bigint) => (out[key] = (out[key] ?? 0n) + cents);
  for (const p of await positionCents(db, roster)) {
    const own = shares.filter((s: { position_id: number }) => s.position_id === p.id);
    if (!own.length) {
      add(`${p.place}|`, p.cost);
      continue;
    }
    let upto = 0n;
    for (const s of own) {
      const before = rounded(p.cost * upto, p.fte);
      upto += fixed(s.fte, 3);
      add(`${p.place}|${s.fund_id === general ? '' : s.fund_id}`, rounded(p.cost * upto, p.fte) - before);
    }
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0n));
}

/** The proposed personnel lines of a fiscal year that count (the active budget), per place, in cents. */
export async function salaryLines(
  db: Knex,
  year: { budgetYearId: number; fiscalYear: number },
  byFund = false,
): Promise<Record<string, bigint>> {
  const { rows } = await db.raw(
    `SELECT li.category_id, li.building_id, li.dese_code, c.dese_function, li.amount::text AS amount,
            nullif(li.fund_id, (SELECT id FROM funds WHERE kind = 'general')) AS fund_id
       FROM line_items li JOIN budget_categories c ON c.id = li.category_id AND c.is_personnel
       LEFT JOIN scenarios s ON s.id = li.scenario_id
      WHERE li.budget_year_id = ? AND li.fiscal_year = ? AND NOT li.is_operating
        AND (li.scenario_id IS NULL OR s.is_active OR NOT EXISTS (SELECT 1 FROM scenarios x
              WHERE x.is_active AND x.budget_year_id = li.budget_year_id AND x.scenario_type = 'proposed'))`,
    [year.budgetYearId, year.fiscalYear],
  );
  const out: Record<string, bigint> = {};
  for (const r of rows) {
    const at = `${r.category_id}|${r.building_id}|${codeOf(r.dese_code, r.dese_function)}`;
    const place = byFund ? `${at}|${r.fund_id ?? ''}` : at;
    out[place] = (out[place] ?? 0n) + fixed(r.amount ?? '0', 2);
  }
  return out;
}

/** What a follow-paths test checks after each change. */
export interface Planned {
  t: TestApp;
  token: string;
  /** The roster whose cost the planned year budgets. */
  roster: { budgetYearId: number; fiscalYear: number };
  /** The planned year's proposed lines: the roster's fiscal year + 1. */
  planned: { budgetYearId: number; fiscalYear: number };
}

/**
 * After a change: the planned year's personnel lines equal the positions' cost at every place, to
 * the cent, and Update Salary Budget (a dry run) finds nothing to change. Returns the figures, for
 * a test to say the change moved them.
 */
export async function expectFollowed(w: Planned, what: string): Promise<Record<string, bigint>> {
  const expected = await expectedLines(w.t.db.knex, w.roster);
  expect(await salaryLines(w.t.db.knex, w.planned), what).toEqual(expected);
  const dry = await w.t.api('post', '/reconciliation/update-salary-budget', {
    token: w.token,
    body: { ...w.planned, dryRun: true },
  });
  expect(dry.status, `${what}: ${JSON.stringify(dry.body)}`).toBe(200);
  expect(dry.body.changes, `${what}: Update Salary Budget afterwards`).toEqual([]);
  return expected;
}

/**
 * The positions world (test/worlds/positions.world.ts) with its FY2026 roster made from its
 * employees: FY2026's positions are budgeted for FY2027, a year with no payroll of its own.
 */
export async function plannedWorld(
  t: TestApp,
  tokens: { admin: string; finance: string },
): Promise<{ w: PositionsWorld; at: Planned }> {
  const w = await buildPositionsWorld(t, tokens.admin);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
  const at: Planned = {
    t,
    token: tokens.finance,
    roster: { budgetYearId: w.budgetYearId, fiscalYear: 2026 },
    planned: { budgetYearId: w.budgetYearId, fiscalYear: 2027 },
  };
  return { w, at };
}

/**
 * positionsFromLines writes a roster directly (an import, which uses it, follows after): Update
 * Salary Budget sets the starting lines, as a person does once.
 */
export async function startFollowing(at: Planned): Promise<void> {
  const update = await at.t.api('post', '/reconciliation/update-salary-budget', {
    token: at.token,
    body: at.planned,
  });
  expect(update.status, JSON.stringify(update.body)).toBe(200);
}
