import { beforeAll, describe, expect, it } from 'vitest';
import { lockedYearMessage } from '@shared/schemas/budget-stages';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * Past years are read-only history: an ADMIN closes a fiscal year; every write
 * path (a line, an import, a stage, a cut scenario, an adoption) is then refused with a 409 naming
 * the year and writes nothing, while the reports still read it; an ADMIN reopens it with a reason.
 */
const s = importSuite('closed-years-test-');
let FY: number;
let finance: { token: string };
let viewer: { token: string };
let lineId: number;
let scenarioId: number;

const STAFF = [
  'Employee Name,Title,Salary,FTE,DESE',
  '"Lee, Ana",Teacher,"61,234.50",1,2305',
  '"Park, Jo",Paraprofessional,"31,000.25",1,2330',
].join('\r\n');
const CLOSED = () => lockedYearMessage(FY, 'SUPERINTENDENT_RECOMMENDED', true);

const year = () => ({ budgetYearId: s.d.budgetYearId, fiscalYear: FY });
const close = (token = s.admin.token, note?: string) =>
  s.t.api('post', '/budget-stages/close', { token, body: { ...year(), ...(note ? { note } : {}) } });
const reopenClosed = (body: Record<string, unknown>, token = s.admin.token) =>
  s.t.api('post', '/budget-stages/reopen-closed', { token, body: { ...year(), ...body } });

/** What any write would change: the year's lines (count and sum), stage events, scenarios, adoptions, imports. */
async function written() {
  const knex = s.t.db.knex;
  const lines = await knex('line_items')
    .where({ budget_year_id: s.d.budgetYearId, fiscal_year: FY })
    .select(
      knex.raw('count(*)::int AS n'),
      knex.raw('coalesce(sum(current_salary), 0)::text AS salaries'),
      knex.raw('coalesce(sum(next_year_salary), 0)::text AS next_year'),
    )
    .first();
  const count = async (table: string) => Number((await knex(table).count('* as c'))[0].c);
  return {
    lines,
    stages: await count('budget_stages'),
    cutScenarios: await count('cut_scenarios'),
    adoptions: await count('scenario_adoptions'),
    activeBudgets: await knex('scenarios')
      .where({ budget_year_id: s.d.budgetYearId, is_active: true })
      .orderBy('id')
      .pluck('id'),
    imports: await count('import_runs'),
  };
}

async function importStaff() {
  const { fileName, mapping } = await s.upload(STAFF);
  return s.execute({ fileName, columnMappings: mapping, ...s.target() });
}

beforeAll(async () => {
  FY = (await s.t.db.knex('budget_versions').where({ id: s.d.versionId }).first('fiscal_year')).fiscal_year;
  finance = await s.t.userWith('FINANCE');
  viewer = await s.t.userWith('VIEW_ONLY');
  expect((await importStaff()).status).toBe(200);
  lineId = (
    await s.t.db.knex('line_items').where({ budget_year_id: s.d.budgetYearId, fiscal_year: FY }).first('id')
  ).id;
  const scenario = await s.t.api('post', '/scenarios/cuts', {
    token: s.admin.token,
    body: { budgetYearId: s.d.budgetYearId, fiscalYear: FY, name: 'Before the close' },
  });
  expect(scenario.status, JSON.stringify(scenario.body)).toBe(201);
  scenarioId = scenario.body.scenario.id;
  // A snapshot to compare against once closed.
  const advanced = await s.t.api('post', '/budget-stages/advance', {
    token: s.admin.token,
    body: { ...year(), stage: 'SUPERINTENDENT_RECOMMENDED', date: '2040-02-01' },
  });
  expect(advanced.status, JSON.stringify(advanced.body)).toBe(200);
});

describe('closing a fiscal year', () => {
  it('is refused to FINANCE and VIEW_ONLY (403) and to a bad body (400 naming the field), writing nothing', async () => {
    const before = await written();
    expect((await close(finance.token)).status).toBe(403);
    expect((await close(viewer.token)).status).toBe(403);
    const bad = await s.t.api('post', '/budget-stages/close', {
      token: s.admin.token,
      body: { budgetYearId: s.d.budgetYearId, fiscalYear: 'next year' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('fiscalYear');
    expect(await written()).toEqual(before);
  });

  it('makes the year read-only history for ADMIN, audited, its stage kept', async () => {
    const res = await close(s.admin.token, 'Books closed after the audit');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.current).toMatchObject({
      stage: 'SUPERINTENDENT_RECOMMENDED',
      closed: true,
      locked: true,
    });
    expect(res.body.current.caption).toMatch(/closed: read-only history$/);
    expect(res.body.next.stage).toBeNull();
    expect(res.body.events.at(-1)).toMatchObject({ event: 'close', note: 'Books closed after the audit' });
    const audit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'budget-stage' })
      .orderBy('id', 'desc')
      .first();
    expect(audit.after).toMatchObject({ closed: 'Closed', fiscalYear: FY });
    expect((await close()).status).toBe(409); // already closed
  });
});

describe('a closed year refuses every write path with a 409 naming the year, writing nothing', () => {
  const refusals: [string, () => Promise<{ status: number; body: { error: string } }>][] = [
    [
      'a line edit',
      () =>
        s.t.api('patch', `/line-items/budget/${lineId}/next-year-salary`, {
          token: s.admin.token,
          body: { nextYearSalary: 1 },
        }),
    ],
    ['a line delete', () => s.t.api('delete', `/line-items/${lineId}`, { token: s.admin.token })],
    ['a payroll import', importStaff],
    [
      'a stage advance',
      () =>
        s.t.api('post', '/budget-stages/advance', {
          token: s.admin.token,
          body: { ...year(), stage: 'SCHOOL_COMMITTEE_ADOPTED', date: '2040-03-01' },
        }),
    ],
    [
      'a reopen after the vote',
      () =>
        s.t.api('post', '/budget-stages/reopen', {
          token: s.admin.token,
          body: { ...year(), reason: 'Transfer' },
        }),
    ],
    [
      'Set as Active of another budget',
      async () => {
        const alt = await s.t.db
          .knex('scenarios')
          .where({ budget_year_id: s.d.budgetYearId, name: 'Alt' })
          .first('id');
        return s.t.api('post', `/scenarios/${alt.id}/set-active`, { token: s.admin.token });
      },
    ],
    [
      'a new cut scenario',
      () =>
        s.t.api('post', '/scenarios/cuts', {
          token: s.admin.token,
          body: { budgetYearId: s.d.budgetYearId, fiscalYear: FY, name: 'After the close' },
        }),
    ],
    [
      'a cut scenario’s cuts',
      () =>
        s.t.api('put', `/scenarios/cuts/${scenarioId}/adjustments`, {
          token: s.admin.token,
          body: { adjustments: {} },
        }),
    ],
    [
      'an adoption',
      () =>
        s.t.api('post', `/scenarios/cuts/${scenarioId}/adopt`, {
          token: s.admin.token,
          body: { basis: 'x', reason: 'Adopt the cuts' },
        }),
    ],
  ];
  it.each(refusals)('%s', async (name, attempt) => {
    const before = await written();
    const res = await attempt();
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    // The year named as the screens do ('FY26'): the lock's words, or the stage order's for an advance.
    expect(res.body.error).toContain(
      name === 'a stage advance' ? `${fiscalYearLabel(FY)}: ` : `${fiscalYearLabel(FY)} is closed`,
    );
    expect(res.body.error).toMatch(/closed/);
    expect(await written()).toEqual(before);
  });

  it('says the same words on every path', async () => {
    const res = await s.t.api('patch', `/line-items/budget/${lineId}/next-year-salary`, {
      token: s.admin.token,
      body: { nextYearSalary: 1 },
    });
    expect(res.body.error).toBe(CLOSED());
  });
});

describe('a closed year is still read by every report', () => {
  it('answers the stages, the lines, the summaries and the stage comparison', async () => {
    const q = `budgetYearId=${s.d.budgetYearId}&fiscalYear=${FY}`;
    for (const token of [s.admin.token, viewer.token]) {
      const stages = await s.t.api('get', `/budget-stages?${q}`, { token });
      expect(stages.status).toBe(200);
      expect(stages.body.current.closed).toBe(true);
      const byCategory = await s.t.api('get', `/line-items/summary/by-category?${q}`, { token });
      expect(byCategory.status).toBe(200);
    }
    const lines = await s.t.api('get', `/line-items/budget?${q}&isOperating=true`, { token: s.admin.token });
    expect(lines.status, JSON.stringify(lines.body)).toBe(200);
    const snapshot = (await s.t.api('get', `/budget-stages?${q}`, { token: s.admin.token })).body.events[0]
      .id;
    const compare = await s.t.api('get', `/budget-stages/compare?${q}&from=${snapshot}&to=current`, {
      token: s.admin.token,
    });
    expect(compare.status, JSON.stringify(compare.body)).toBe(200);
    // 61,234.50 + 31,000.25, the two people imported, as the snapshot froze them.
    expect(compare.body.totals.salaries.from).toBe(92234.75);
    expect(compare.body.totals.salaries.to).toBe(92234.75);
    const ledger = await s.t.api('get', `/ledger/report?fiscalYear=${FY}&budgetYearId=${s.d.budgetYearId}`, {
      token: s.admin.token,
    });
    expect(ledger.status, JSON.stringify(ledger.body)).toBe(200);
    // The public page's preview still builds the closed year's figures.
    const preview = await s.t.api(
      'get',
      `/public-dashboard/preview?years=${FY}&budgetYears=${FY}:${s.d.budgetYearId}`,
      {
        token: s.admin.token,
      },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.years).toEqual([FY]);
    expect(preview.body.data[String(FY)]).toBeTruthy();
  });
});

describe('reopening a closed year', () => {
  it('needs ADMIN and a reason (403, 400 naming reason), writing nothing', async () => {
    const before = await written();
    expect((await reopenClosed({ reason: 'Late invoice' }, finance.token)).status).toBe(403);
    const bad = await reopenClosed({});
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('reason');
    expect(await written()).toEqual(before);
  });

  it('puts the year back where it stood, in the audit and security logs, and its lines change again', async () => {
    const res = await reopenClosed({ reason: 'A late invoice to record' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.current).toMatchObject({
      stage: 'SUPERINTENDENT_RECOMMENDED',
      closed: false,
      locked: false,
    });
    const logged = await s.t.db.knex('audit_log').where({ entity: 'security', action: 'budget-reopened' });
    expect(logged).toHaveLength(1);
    const edit = await s.t.api('patch', `/line-items/budget/${lineId}/next-year-salary`, {
      token: s.admin.token,
      body: { nextYearSalary: 63071.54 },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await reopenClosed({ reason: 'Again' })).status).toBe(409); // not closed any more
  });
});
