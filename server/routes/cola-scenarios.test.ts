import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildBudgetYear, buildContract, buildWorkGroup, grow, insertEmployees } from '../../test/factories';

/**
 * COLA scenarios and their settings: the default scenario is the rule's fallback where no contract
 * covers a year, so saving its settings or making another scenario the default moves stored
 * next-year salaries (checked in BigInt cents here); another scenario's settings move nothing.
 */

const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

const call = (method: string, path: string, body?: unknown, token = finance.token) =>
  t.api(method, path, { token, body });
const cents = (v: string | number | null) => (v === null ? null : BigInt(Math.round(Number(v) * 100)));

async function nextYear(ids: number[]) {
  const rows = await t.db.knex('line_items').whereIn('id', ids).orderBy('id').select('next_year_salary');
  return rows.map((r) => cents(r.next_year_salary));
}

describe('COLA scenarios', () => {
  it('the default scenario’s settings move next-year salaries: work group over category, contract over both', async () => {
    const db = t.db.knex;
    const budgetYearId = await buildBudgetYear(db);
    const [categoryId] = (
      await db('work_group_categories').insert({ name: 'TEACHERS-T' }).returning('id')
    ).map((r: { id: number }) => r.id);
    const teachers = await buildWorkGroup(db);
    const aides = await buildWorkGroup(db);
    const covered = await buildWorkGroup(db);
    await db('work_groups').whereIn('id', [teachers, aides, covered]).update({ category_id: categoryId });
    await buildContract(db, { workGroupId: covered, status: 'SETTLED', rates: [[2027, 4]] });
    const salaries = ['61234.57', '30000.01', '88000.00'];
    const ids = await insertEmployees(
      db,
      [teachers, aides, covered].map((workGroupId, i) => ({
        budgetYearId,
        fiscalYear: 2026,
        salary: salaries[i],
        // The covered line already holds its contract's value (88,000.00 x 1.04), so only the
        // scenario's lines move.
        nextYearSalary: i === 2 ? '91520.00' : null,
        workGroupId,
      })),
    );

    const first = await call('post', '/cola/scenarios', {
      name: 'Planning',
      description: 'Board assumptions',
    });
    expect(first.status).toBe(201);
    expect(first.body.scenario.isDefault).toBe(true); // the first scenario is the rule's fallback
    const second = await call('post', '/cola/scenarios', { name: 'Lean' });
    expect(second.body.scenario.isDefault).toBe(false);
    const planning = first.body.scenario.id;
    const lean = second.body.scenario.id;

    // The grid's batch form, by category, plus the single form by work group.
    const grid = await call('post', '/cola/settings', {
      scenarioId: planning,
      settings: [
        { workGroupCategoryId: categoryId, fiscalYear: 2027, colaPercentage: 2.5 },
        { workGroupCategoryId: categoryId, fiscalYear: 2028, colaPercentage: 2.1 },
      ],
    });
    expect(grid.status).toBe(200);
    expect(grid.body.recomputedLines).toBe(2); // the covered group follows its contract
    const single = await call('post', '/cola/settings', {
      scenarioId: planning,
      workGroupId: aides,
      fiscalYear: 'FY27',
      colaPercentage: 1.25,
    });
    expect(single.status).toBe(200);
    expect(await nextYear(ids)).toEqual([
      grow(cents(salaries[0])!, 250n),
      grow(cents(salaries[1])!, 125n),
      grow(cents(salaries[2])!, 400n),
    ]);
    const read = await call('get', `/cola/settings?scenarioId=${planning}`);
    expect(
      read.body.settings.map((s: any) => [
        s.workGroupCategory ?? s.workGroup,
        s.fiscalYear,
        s.colaPercentage,
      ]),
    ).toEqual([
      ['TEACHERS-T', 2027, 2.5],
      ['TEACHERS-T', 2028, 2.1],
      [expect.any(String), 2027, 1.25],
    ]);

    // Another scenario's settings feed only calculations that name it.
    const other = await call('post', '/cola/settings', {
      scenarioId: lean,
      settings: [{ workGroupCategoryId: categoryId, fiscalYear: 2027, colaPercentage: 1 }],
    });
    expect(other.body.recomputedLines).toBe(0);
    const stillPlanning = await nextYear(ids);

    // Making it the default moves every rule-following line, and back again.
    const made = await call('post', `/cola/scenarios/${lean}/set-default`);
    expect(made.status).toBe(200);
    expect(made.body.scenario.isDefault).toBe(true);
    expect(made.body.recomputedLines).toBe(2);
    expect(await nextYear(ids)).toEqual([
      grow(cents(salaries[0])!, 100n),
      grow(cents(salaries[1])!, 100n),
      grow(cents(salaries[2])!, 400n),
    ]);
    const list = await call('get', '/cola/scenarios');
    expect(list.body.scenarios.filter((s: any) => s.isDefault).map((s: any) => s.id)).toEqual([lean]);
    await call('post', `/cola/scenarios/${planning}/set-default`);
    expect(await nextYear(ids)).toEqual(stillPlanning);

    // A null clears a cell; the line falls back to the category's percent.
    await call('post', '/cola/settings', {
      scenarioId: planning,
      workGroupId: aides,
      fiscalYear: 2027,
      colaPercentage: null,
    });
    expect((await nextYear([ids[1]]))[0]).toBe(grow(cents(salaries[1])!, 250n));

    // The default cannot be deleted; another can.
    expect((await call('delete', `/cola/scenarios/${planning}`)).status).toBe(409);
    expect((await call('delete', `/cola/scenarios/${lean}`)).status).toBe(200);
    const history = await call('get', `/history/cola-scenario/${planning}`);
    expect(history.status).toBe(200);
    expect(history.body.entries.length).toBeGreaterThanOrEqual(3);
  });
});

describe('COLA settings refusals change nothing', () => {
  it('answers the COLA settings’ refusal messages and names bad cells', async () => {
    const scenario = (await call('post', '/cola/scenarios', { name: 'Refusals' })).body.scenario.id;
    const before = await t.db.knex('cola_settings').count({ n: '*' }).first();
    const refusals: [unknown, RegExp][] = [
      [
        { settings: [{ workGroupCategoryId: 1, fiscalYear: 2027, colaPercentage: 2 }] },
        /scenarioId: Please select a scenario first/,
      ],
      [{ scenarioId: 'x', settings: [] }, /Please select a scenario first/],
      [
        { scenarioId: 999999, settings: [{ workGroupId: 1, fiscalYear: 2027, colaPercentage: 2 }] },
        /scenarioId: Invalid scenario selected/,
      ],
      [
        { scenarioId: scenario, settings: [] },
        /No COLA percentages to save\. Please enter at least one value\./,
      ],
      [{ scenarioId: scenario }, /No COLA percentages to save/],
      [
        { scenarioId: scenario, settings: [{ workGroupId: 1, fiscalYear: 2027, colaPercentage: 100.1 }] },
        /settings\.0\.colaPercentage: COLA percentage must be a number from 0 to 100/,
      ],
      [
        { scenarioId: scenario, settings: [{ workGroupId: 1, fiscalYear: 2027, colaPercentage: '3' }] },
        /colaPercentage/,
      ],
      [
        { scenarioId: scenario, settings: [{ fiscalYear: 2027, colaPercentage: 3 }] },
        /Name either a work group/,
      ],
      [
        { scenarioId: scenario, settings: [{ workGroupId: 999999, fiscalYear: 2027, colaPercentage: 3 }] },
        /settings\.0\.workGroupId: Work group 999999 does not exist/,
      ],
      [
        { scenarioId: scenario, settings: [{ workGroupId: 1, fiscalYear: 'next', colaPercentage: 3 }] },
        /Invalid fiscal year/,
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await call('post', '/cola/settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect(await t.db.knex('cola_settings').count({ n: '*' }).first()).toEqual(before);
    expect((await call('get', '/cola/settings?scenarioId=')).body.error).toMatch(
      /Please select a scenario first/,
    );
    expect((await call('get', '/cola/settings?scenarioId=999999')).body.error).toMatch(
      /Invalid scenario selected/,
    );
    expect((await call('post', '/cola/scenarios', { name: '   ' })).body.error).toMatch(
      /Scenario name cannot be empty/,
    );
    expect((await call('post', '/cola/scenarios/999999/set-default')).status).toBe(404);
  });

  it('VIEW_ONLY is refused on every call', async () => {
    for (const [method, path, body] of [
      ['get', '/cola/scenarios'],
      ['post', '/cola/scenarios', { name: 'No' }],
      ['get', '/cola/settings?scenarioId=1'],
      ['post', '/cola/settings', { scenarioId: 1, workGroupId: 1, fiscalYear: 2027, colaPercentage: 1 }],
      ['post', '/cola/scenarios/1/set-default'],
    ] as [string, string, unknown?][]) {
      expect((await call(method, path, body, viewer.token)).status, `${method} ${path}`).toBe(403);
    }
  });
});
