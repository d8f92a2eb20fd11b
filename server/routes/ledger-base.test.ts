import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildScenario, insertEmployees, insertProposed } from '../../test/factories';
import {
  centsOfDollars,
  LEDGER_FILE,
  ledgerSuite,
  parseFixture,
  sumOf,
} from '../../test/worlds/ledger.suite';

/**
 * The multi-year projection and Generate Projections can start from last year's
 * actual spending (the ledger's projected year-end) instead of last year's budget. Every expected
 * figure is recomputed here in BigInt cents from the fixture's own columns and the lines this test
 * wrote, never from the code under test.
 */

const s = ledgerSuite('ledger-base-');
const file = readFileSync(LEDGER_FILE);
const rows = parseFixture();
const fn = (account: string) => account.split('-')[3];
const TRANSPORT = '0100-3-300-2440-05-5-63-2-535016';
const FACTOR_PLACES = 10n;
const SCALE = 10n ** FACTOR_PLACES;

/** n / d rounded half away from zero, in integers (PostgreSQL's round of a numeric). */
const roundDiv = (n: bigint, d: bigint) => {
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n !== d < 0n ? -q : q;
};
/** A factor's decimal text ('1.1262339041') in units of 10^-10. */
const factorOf = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(Number(FACTOR_PLACES), '0'));
};

interface Cat {
  id: number;
  /** The category's default increase in thousandths of a percent (numeric(7,3)). */
  yoyMilli: bigint;
  /** The DESE function whose ledger accounts are the category's (none: no spending). */
  fn: string | null;
  lines: bigint[];
  texts: string[];
}

let w: { budgetYearId: number; scenarioId: number; cats: Record<string, Cat>; noCategory: bigint[] };

beforeAll(async () => {
  const db = s.t.db.knex;
  const { budgetYearId, scenarioId } = await s.budgetYear(2023);
  const cat = async (
    name: string,
    order: number,
    yoy: number | null,
    dese: string | null,
    lines: string[],
  ) => ({
    id: await buildCategory(db, {
      name,
      displayOrder: order,
      yoy,
      ...(dese ? { deseFunction: dese } : {}),
    }),
    yoyMilli: BigInt(Math.round((yoy ?? 0) * 1000)),
    fn: dese,
    lines: lines.map((a) => centsOfDollars(a)),
    texts: lines,
  });
  const cats: Record<string, Cat> = {
    teachers: await cat('Teachers', 1, 2.5, '2305', ['300000.00', '50000.55']),
    transport: await cat('Transportation', 2, 3.125, '2440', ['1500.00', '2000.10']),
    operations: await cat('Operations', 3, null, '4220', ['100000.00', '0.01']),
    // Lines but no ledger account: no actual spending, kept as budgeted.
    books: await cat('Books', 4, 4, null, ['1234.56']),
    // Ledger accounts but no lines: no budget, kept (and nothing to scale).
    ghost: await cat('Maintenance', 5, 1, '4120', []),
  };
  const noCategory = ['700.00'].map((a) => centsOfDollars(a));
  const line = { budgetYearId, fiscalYear: 2023, scenarioId };
  await insertProposed(db, [
    ...Object.values(cats).flatMap((c) =>
      c.texts.map((amount, i) => ({
        ...line,
        amount,
        categoryId: c.id,
        // One Transportation line names its ledger account; the rest meet through the DESE function.
        ...(c === cats.transport && i === 0 ? { accountLine: TRANSPORT } : {}),
      })),
    ),
    { ...line, amount: '700.00' },
  ]);
  // The multi-year projection walks the employees: one with no work group gets no raise.
  const operating = await buildScenario(db, budgetYearId, 'operating');
  await insertEmployees(db, [{ budgetYearId, scenarioId: operating, fiscalYear: 2023, salary: '50000.00' }]);
  const res = await s.importFile(file, { fiscalYear: 2023 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  w = { budgetYearId, scenarioId, cats, noCategory };
});

const get = (path: string) => s.t.api('get', path, { token: s.finance.token });
const generate = (body: Record<string, unknown>) =>
  s.t.api('post', '/projections/generate', { token: s.finance.token, body });
const spentOf = (c: Cat) => (c.fn ? sumOf(rows, (r) => (fn(r.account) === c.fn ? r.expended : 0n)) : 0n);
const budgetOf = (c: Cat) => c.lines.reduce((n, a) => n + a, 0n);
const COMPLETE = 'FY23 actual spending from the ledger, period 13 (year complete)';

describe('the multi-year projection based on last year’s actual spending', () => {
  it('takes the ledger’s expended total (period 13: the year is complete) as the first baseline, saying so', async () => {
    const q = `budgetYearId=${w.budgetYearId}&startYear=2024&endYear=2025`;
    const res = await get(`/cola/multi-year-projection?${q}&baselineBasis=actual`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expended = sumOf(rows, (r) => r.expended);
    expect(centsOfDollars(res.body.projections[0].baseline)).toBe(expended);
    // No raise for the one employee: the need is the baseline itself.
    expect(centsOfDollars(res.body.projections[0].districtNeed)).toBe(expended);
    expect(res.body.filledIn).toEqual([{ field: 'baselineBudget', source: COMPLETE }]);
    expect([res.body.baselineBasis, res.body.baselineSource]).toEqual(['actual', COMPLETE]);

    // The default is still the budget: the lines of FY23.
    const budget = await get(`/cola/multi-year-projection?${q}`);
    const lines = Object.values(w.cats).reduce((n, c) => n + budgetOf(c), 0n) + 700_00n;
    expect(centsOfDollars(budget.body.projections[0].baseline)).toBe(lines);
    expect(budget.body.baselineBasis).toBe('budget');
    // A baseline given is used as given, whatever the basis.
    const given = await get(`/cola/multi-year-projection?${q}&baselineBasis=actual&baselineBudget=12.34`);
    expect([centsOfDollars(given.body.projections[0].baseline), given.body.baselineBasis]).toEqual([
      1234n,
      'given',
    ]);
    expect(given.body.filledIn).toEqual([]);

    // The planning defaults give the same figure from the same rule.
    const d = await get(`/cola/planning-defaults?budgetYearId=${w.budgetYearId}&basis=actual`);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.baseline).toMatchObject({ fiscalYear: 2023, basis: 'actual', source: COMPLETE });
    expect(centsOfDollars(d.body.baseline.amount)).toBe(expended);
  });

  it('refuses actual spending of a year with no ledger, naming baselineBasis, and an unknown basis', async () => {
    const before = await s.counts();
    const q = `budgetYearId=${w.budgetYearId}&startYear=2025&endYear=2026`;
    const res = await get(`/cola/multi-year-projection?${q}&baselineBasis=actual`);
    expect(res.status).toBe(400);
    const message =
      'FY24 has no ledger import: import the ledger (actuals) for FY24, or use the budget as the base';
    expect(res.body.error).toBe(message);
    expect(res.body.details).toEqual([{ path: 'baselineBasis', message }]);
    const unknown = await get(`/cola/multi-year-projection?${q}&baselineBasis=forecast`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((d: { path: string }) => d.path)).toContain('baselineBasis');
    // The planning defaults say so plainly, with no figure.
    const d = await get(
      `/cola/planning-defaults?budgetYearId=${w.budgetYearId}&fiscalYear=2025&basis=actual`,
    );
    expect(d.status).toBe(200);
    expect(d.body.baseline).toMatchObject({ amount: null, basis: 'actual', source: message });
    expect((await get(`/cola/planning-defaults?basis=ledger`)).status).toBe(400);
    expect(await s.counts()).toEqual(before);
  });
});

describe('Generate Projections based on last year’s actual spending', () => {
  const projected = async (budgetYearId: number) =>
    (await s.t.db
      .knex('line_items')
      .where({ budget_year_id: budgetYearId, is_projected: true, is_operating: false })
      .select(
        'id',
        'fiscal_year',
        'amount',
        'category_id',
        s.t.db.knex.raw(`metadata ->> 'sourceLineId' AS source`),
      )
      .orderBy('id')) as {
      id: number;
      fiscal_year: number;
      amount: number;
      category_id: number | null;
      source: string;
    }[];

  it('scales each category’s lines by actual ÷ budget before its increase, and says which base and factors', async () => {
    const db = s.t.db.knex;
    const res = await generate({
      budgetYearId: w.budgetYearId,
      toFiscalYear: 2025,
      projectionType: 'proposed',
      proposedBase: 'actual',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ proposedBase: 'actual', baseYear: 2023, fiscalYears: [2024, 2025] });
    const base = res.body.actualBase;
    expect(base).toMatchObject({ fromYear: 2023, fiscalYear: 2024, source: COMPLETE });

    // Each category's factor: its ledger spending ÷ its lines, to 10 decimals; 1 where it cannot be had.
    const factorFor = new Map<number, bigint>();
    for (const c of Object.values(w.cats)) {
      const f = base.factors.find((x: { categoryId: number }) => x.categoryId === c.id);
      expect(f, String(c.id)).toBeDefined();
      expect([centsOfDollars(f.actual), centsOfDollars(f.budget)]).toEqual([spentOf(c), budgetOf(c)]);
      const scaled = spentOf(c) > 0n && budgetOf(c) > 0n;
      const want = scaled ? roundDiv(spentOf(c) * SCALE, budgetOf(c)) : SCALE;
      expect(factorOf(f.factor), f.categoryName).toBe(want);
      expect(f.note === null, f.categoryName).toBe(scaled);
      factorFor.set(c.id, want);
    }
    expect(base.factors.find((x: { categoryId: number | null }) => x.categoryId === null)).toMatchObject({
      factor: '1',
      note: expect.stringContaining('no category'),
    });
    expect(base.factors.find((x: { categoryId: number }) => x.categoryId === w.cats.ghost.id).note).toContain(
      'No FY23 budget',
    );

    // Every projected line, recomputed from its source line: FY24 scaled then grown, FY25 grown.
    const yoyOf = (id: number | null) => Object.values(w.cats).find((c) => c.id === id)?.yoyMilli ?? 0n;
    const baseLines = (await db('line_items')
      .where({ budget_year_id: w.budgetYearId, fiscal_year: 2023, is_projected: false, is_operating: false })
      .select('id', 'amount', 'category_id')) as { id: number; amount: number; category_id: number | null }[];
    const lines = await projected(w.budgetYearId);
    expect(lines.length).toBe(baseLines.length * 2);
    const expected = new Map<string, bigint>();
    for (const l of baseLines) {
      const a = centsOfDollars(l.amount);
      const f = l.category_id === null ? SCALE : factorFor.get(l.category_id)!;
      const y = 100_000n + yoyOf(l.category_id);
      const fy24 = roundDiv(a * f * y, SCALE * 100_000n);
      expected.set(`${l.id}:2024`, fy24);
      expected.set(`${l.id}:2025`, roundDiv(fy24 * y, 100_000n));
    }
    for (const l of lines) {
      expect(centsOfDollars(l.amount), `${l.source}:${l.fiscal_year}`).toBe(
        expected.get(`${l.source}:${l.fiscal_year}`),
      );
    }
    // A line the factor scales does move (the check above is not vacuous).
    expect(factorFor.get(w.cats.teachers.id)).not.toBe(SCALE);

    const audit = await db('audit_log')
      .where({ action: 'generate-projections', entity_id: w.budgetYearId })
      .orderBy('id', 'desc')
      .first();
    const after = typeof audit.after === 'string' ? JSON.parse(audit.after) : audit.after;
    expect(after.proposedBase).toBe('actual');
    expect(after.actualBase.factors).toEqual(base.factors);
  });

  it('refuses actual spending with no ledger (nothing written), for employee lines, and an unknown base', async () => {
    const db = s.t.db.knex;
    const { budgetYearId, scenarioId } = await s.budgetYear(2030);
    await insertProposed(db, [
      { budgetYearId, scenarioId, fiscalYear: 2030, amount: '10.00' },
      // Left from before: a regenerate would replace it, a refusal leaves it.
      { budgetYearId, scenarioId, fiscalYear: 2031, amount: '11.00', isProjected: true },
    ]);
    const lineCount = async () =>
      Number((await db('line_items').where({ budget_year_id: budgetYearId }).count('* as n'))[0].n);
    const audits = async () => Number((await db('audit_log').count('* as n'))[0].n);
    const before = [await lineCount(), await audits(), (await projected(budgetYearId)).map((l) => l.amount)];
    const body = { budgetYearId, toFiscalYear: 2032, projectionType: 'proposed', forceRegenerate: true };
    const res = await generate({ ...body, proposedBase: 'actual' });
    expect(res.status).toBe(400);
    const message =
      'FY30 has no ledger import: import the ledger (actuals) for FY30, or use the budget as the base';
    expect([res.body.error, res.body.details]).toEqual([message, [{ path: 'proposedBase', message }]]);
    const operating = await generate({ ...body, projectionType: 'operating', proposedBase: 'actual' });
    expect([operating.status, operating.body.details?.[0]?.path]).toEqual([400, 'proposedBase']);
    const unknown = await generate({ ...body, proposedBase: 'ledger' });
    expect([unknown.status, unknown.body.details?.[0]?.path]).toEqual([400, 'proposedBase']);
    expect([await lineCount(), await audits(), (await projected(budgetYearId)).map((l) => l.amount)]).toEqual(
      before,
    );
    // The budget base still works there, and says so.
    const budget = await generate(body);
    expect(budget.status, JSON.stringify(budget.body)).toBe(200);
    expect([budget.body.proposedBase, budget.body.actualBase]).toEqual(['budget', null]);
  });
});

describe('a ledger part-way through the year', () => {
  it('bases the projection on the projected year-end (expended ÷ periods × 12) and says it is projected', async () => {
    const seven = file.toString('utf8').replace(/\r\n2023,13,/g, '\r\n2023,7,');
    const imported = await s.importFile(seven, { fiscalYear: 2023, replaceLaterPeriod: true });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const res = await get(
      `/cola/multi-year-projection?budgetYearId=${w.budgetYearId}&startYear=2024&endYear=2024&baselineBasis=actual`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The report's projected year-end: each account's, to the cent, summed.
    const want = sumOf(rows, (r) => roundDiv(r.expended * 12n, 7n));
    expect(centsOfDollars(res.body.projections[0].baseline)).toBe(want);
    expect(res.body.baselineSource).toBe(
      'FY23 actual spending from the ledger, period 7, projected to year-end',
    );
  });
});
