import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/use-app';
import { buildEmployee, buildProposed, buildWorld } from '../../test/factories';

/** Creating a budget as a copy of another's lines (POST /scenarios with copyFromScenarioId). */
const { t, finance, viewer } = useApp(['FINANCE', 'VIEW_ONLY']);

describe('POST /scenarios with copyFromScenarioId', () => {
  const linesOf = (scenarioId: number) =>
    t.db.knex('line_items').where({ scenario_id: scenarioId }).orderBy('id');
  const sums = async (scenarioId: number) =>
    (await t.db
      .knex('line_items')
      .where({ scenario_id: scenarioId })
      .first(
        t.db.knex.raw('count(*)::int AS count'),
        t.db.knex.raw('coalesce(sum(current_salary), 0)::text AS salary'),
        t.db.knex.raw('coalesce(sum(next_year_salary), 0)::text AS next'),
        t.db.knex.raw('coalesce(sum(amount), 0)::text AS amount'),
      )) as { count: number; salary: string; next: string; amount: string };

  it('copies the budget’s lines of every fiscal year, exactly, and audits the copy', async () => {
    const w = await buildWorld(t.db.knex);
    for (const [salary, fiscalYear] of [
      ['0.10', 2026],
      ['0.20', 2026],
      ['1000000.01', 2027],
    ] as const) {
      await buildEmployee(t.db.knex, w, {
        current_salary: salary,
        fiscal_year: fiscalYear,
        metadata: JSON.stringify({ needsReview: true }),
      });
    }
    const res = await t.api('post', '/scenarios', {
      token: finance.token,
      body: {
        budgetYearId: w.budgetYearId,
        name: 'Copy of operating',
        scenarioType: 'operating',
        copyFromScenarioId: w.operatingScenarioId,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ copiedLineCount: 3, scenario: { isActive: false, lineItemCount: 3 } });
    const id = res.body.scenario.id;
    expect(await sums(id)).toEqual(await sums(w.operatingScenarioId));
    expect((await sums(id)).salary).toBe('1000000.31');
    const [source, copy] = [await linesOf(w.operatingScenarioId), await linesOf(id)];
    const strip = ({ id: _id, scenario_id: _s, created_at: _c, updated_at: _u, ...rest }: any) => rest;
    expect(copy.map(strip)).toEqual(source.map(strip));
    expect(copy.every((l) => l.needs_review)).toBe(true);
    // The source keeps its lines.
    expect(source).toHaveLength(3);
    const audit = await t.db.knex('audit_log').where({ entity: 'scenario', entity_id: String(id) });
    expect(audit.map((a) => [a.action, a.after.copiedFromScenarioId, a.after.copiedLineCount])).toEqual([
      ['create', w.operatingScenarioId, 3],
    ]);
    // An empty start copies nothing.
    const empty = await t.api('post', '/scenarios', {
      token: finance.token,
      body: {
        budgetYearId: w.budgetYearId,
        name: 'Blank',
        scenarioType: 'operating',
        copyFromScenarioId: null,
      },
    });
    expect(empty.body).toMatchObject({ copiedLineCount: 0, scenario: { lineItemCount: 0 } });
  });

  it('refuses an unknown budget, one of another type or budget year, writing nothing', async () => {
    const w = await buildWorld(t.db.knex);
    const other = await buildWorld(t.db.knex);
    await buildEmployee(t.db.knex, w);
    await buildProposed(t.db.knex, w);
    await buildProposed(t.db.knex, other);
    const counts = async () => [
      Number((await t.db.knex('scenarios').count('* as c'))[0].c),
      Number((await t.db.knex('line_items').count('* as c'))[0].c),
      Number((await t.db.knex('audit_log').where({ entity: 'scenario' }).count('* as c'))[0].c),
    ];
    const before = await counts();
    const body = { budgetYearId: w.budgetYearId, name: 'Alternative', scenarioType: 'proposed' };
    const refusals: [unknown, RegExp][] = [
      [999999, /Budget 999999 does not exist/],
      [w.operatingScenarioId, /is an operating budget; a proposed budget can only copy a proposed budget/],
      [other.proposedScenarioId, /belongs to another budget year/],
      ['abc', /copyFromScenarioId must be a budget id/],
      [0, /copyFromScenarioId must be a budget id/],
    ];
    for (const [copyFromScenarioId, message] of refusals) {
      const res = await t.api('post', '/scenarios', {
        token: finance.token,
        body: { ...body, copyFromScenarioId },
      });
      expect(res.status, String(copyFromScenarioId)).toBe(400);
      expect(res.body.details).toEqual([
        { path: 'copyFromScenarioId', message: expect.stringMatching(message) },
      ]);
    }
    expect(
      (
        await t.api('post', '/scenarios', {
          token: viewer.token,
          body: { ...body, copyFromScenarioId: w.proposedScenarioId },
        })
      ).status,
    ).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
