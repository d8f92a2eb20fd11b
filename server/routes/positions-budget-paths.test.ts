import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import {
  buildPositionsWorld,
  proposedSalaryLines,
  type PositionsWorld,
} from '../../test/worlds/positions.world';
import { positionsFromLines } from '@server/domains/positions';

/**
 * FY2027's proposed salaries follow FY2026's positions after a change by any path, not only a
 * position write: an Employee Manager edit, a bulk status change and a delete of a holder's line
 * change the positions' cost, and the salary lines are set again in the same request. The expected
 * lines are worked out here in integer cents from the stored positions, holders, lines and schedule
 * cells (never through the cost rule under test).
 */
const { t, admin, finance } = useApp(['ADMIN', 'FINANCE']);
let w: PositionsWorld;

beforeAll(async () => {
  w = await buildPositionsWorld(t, admin.token);
  await positionsFromLines(t.db.knex, { budgetYearId: w.budgetYearId, actorLabel: 'test' });
});

/** '61800.01' -> 6180001n; '0.5' (thousandths) -> 500n. */
const cents = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};
const milli = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0').slice(0, 3));
};
/** num / den rounded half away from zero (both non-negative here). */
const roundDiv = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/** What FY2026's positions cost per 'category|building|code', in cents, from the raw tables. */
async function expectedLines(): Promise<Record<string, number>> {
  const db = t.db.knex;
  const positions = await db.raw(
    `SELECT p.id, p.status, p.fte::text AS fte, p.category_id, p.building_id, p.dese_code, p.work_group_id,
            p.vacancy_step, p.vacancy_lane, c.is_personnel
       FROM positions p LEFT JOIN budget_categories c ON c.id = p.category_id
      WHERE p.budget_year_id = ? AND p.fiscal_year = 2026 AND p.status <> 'closed'`,
    [w.budgetYearId],
  );
  const holders = await db.raw(
    `SELECT h.position_id, h.fte_share::text AS share, li.next_year_salary::text AS next,
            li.current_salary::text AS salary, li.current_fte::text AS fte
       FROM position_holders h JOIN line_items li ON li.id = h.line_item_id`,
  );
  const cells = await db.raw(
    `SELECT ss.work_group_id, a.step, a.lane, a.amount::text AS amount FROM salary_schedule_amounts a
       JOIN salary_schedules ss ON ss.id = a.schedule_id WHERE a.fiscal_year = 2027`,
  );
  const placements = await db.raw(`SELECT work_group_id, step, lane FROM vacancy_placements`);
  const out: Record<string, number> = {};
  for (const p of positions.rows) {
    let cost: bigint | null = 0n;
    if (p.status === 'filled') {
      for (const h of holders.rows.filter((x: { position_id: number }) => x.position_id === p.id)) {
        const fte = h.fte && milli(h.fte) !== 0n ? milli(h.fte) : 1000n;
        cost += roundDiv(cents(h.next ?? h.salary ?? '0') * milli(h.share), fte);
      }
    } else if (p.status === 'vacant' || p.status === 'posted') {
      const placed = p.vacancy_step
        ? { step: p.vacancy_step, lane: p.vacancy_lane }
        : placements.rows.find((v: { work_group_id: number }) => v.work_group_id === p.work_group_id);
      const cell = placed
        ? cells.rows.find(
            (c: { work_group_id: number; step: number; lane: string }) =>
              c.work_group_id === p.work_group_id && c.step === placed.step && c.lane === placed.lane,
          )
        : undefined;
      cost = cell ? roundDiv(cents(cell.amount) * milli(p.fte), 1000n) : null;
    }
    if (!p.is_personnel || cost === null) {
      continue;
    }
    const key = `${p.category_id}|${p.building_id}|${p.dese_code}`;
    out[key] = (out[key] ?? 0) + Number(cost);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
}

/** FY2027's proposed personnel lines that count, by 'category|building|code', in cents. */
const salaryLines = () => proposedSalaryLines(t.db.knex, w.budgetYearId);

const auditRows = async () => Number((await t.db.knex('audit_log').count({ n: '*' }))[0].n);

describe("FY2027's proposed salaries follow FY2026's positions after any change to their holders", () => {
  it('after an Employee Manager edit, a bulk status change and a delete of a holder', async () => {
    // A vacancy placement for the work group (a position write: the lines agree from here on).
    await t.api('put', `/positions/vacancy-placement/${w.teacherGroup}`, {
      token: finance.token,
      body: { step: 2, lane: 'MA' },
    });
    const start = await expectedLines();

    const edit = await t.api('patch', `/line-items/budget/${w.people.ada}/next-year-salary`, {
      token: finance.token,
      body: { nextYearSalary: 65432.19 },
    });
    expect(edit.status).toBe(200);
    const afterEdit = await expectedLines();
    expect(afterEdit).not.toEqual(start);
    expect(await salaryLines()).toEqual(afterEdit);

    // Inactive clears Ben's next-year salary: his position costs his current salary.
    const bulk = await t.api('post', '/line-items/bulk-status', {
      token: finance.token,
      body: { itemIds: [w.people.ben], employeeStatus: 'Inactive' },
    });
    expect(bulk.status).toBe(200);
    const afterBulk = await expectedLines();
    expect(afterBulk).not.toEqual(afterEdit);
    expect(await salaryLines()).toEqual(afterBulk);

    // Cy's line deleted: her position is vacant, priced at the work group's placement (step 2, MA).
    const gone = await t.api('delete', `/line-items/${w.people.cy}`, { token: finance.token });
    expect(gone.status).toBe(200);
    const afterDelete = await expectedLines();
    expect(afterDelete).not.toEqual(afterBulk);
    expect(await salaryLines()).toEqual(afterDelete);
  });

  it('Update Salary Budget: nothing out of date, and a dry run says what it would change and writes nothing', async () => {
    const body = { budgetYearId: w.budgetYearId, fiscalYear: 2027, dryRun: true };
    const fresh = await t.api('post', '/reconciliation/update-salary-budget', { token: finance.token, body });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      dryRun: true,
      updatedItems: 0,
      createdItems: 0,
      removedItems: 0,
      changes: [],
    });

    // A line made stale outside the writer (as an install from before positions followed would be).
    const expected = await expectedLines();
    const [line] = await t.db
      .knex('line_items')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2027, is_operating: false })
      .update({ amount: '1.00' })
      .returning(['id']);
    const stale = await salaryLines();
    const audits = await auditRows();
    const dry = await t.api('post', '/reconciliation/update-salary-budget', { token: finance.token, body });
    expect(dry.status).toBe(200);
    const [key] = Object.keys(expected);
    expect(dry.body.dryRun).toBe(true);
    expect(dry.body.changes).toEqual([
      expect.objectContaining({ action: 'update', from: 1, to: expected[key] / 100 }),
    ]);
    expect(await salaryLines()).toEqual(stale);
    expect(await auditRows()).toBe(audits);
    expect(line.id).toBeGreaterThan(0);

    const real = await t.api('post', '/reconciliation/update-salary-budget', {
      token: finance.token,
      body: { ...body, dryRun: false },
    });
    expect(real.body).toMatchObject({ dryRun: false, updatedItems: 1 });
    expect(await salaryLines()).toEqual(expected);
  });
});
