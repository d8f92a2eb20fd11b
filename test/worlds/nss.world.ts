import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { TestApp } from '../app';
import { buildBudgetYear, buildCategory, insertProposed } from '../factories';

/**
 * A district for the NSS tests: a budget year whose FY2027 proposed lines span counted and
 * uncounted function codes (one coded only through its category, one with no code at all), state
 * figures for FY2026 (with a shortfall carried in) and FY2027, and municipal lines. The expected
 * meter is worked out here, independently of the service: BigInt cents, the rules read from
 * nss_inclusion_rules (the narrowest range holding a code decides), percents in hundredths.
 */

export const c = (dollars: string) => {
  const [whole, frac = ''] = dollars.replace('-', '').split('.');
  const v = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  return dollars.startsWith('-') ? -v : v;
};
export const dollarsOf = (n: number) => c(n.toFixed(2));
/** round(cents x hundredths-of-percent / 10,000), halves away from zero. */
export const kept = (cents: bigint, pct: bigint) => {
  const s = cents * pct;
  return s / 10000n + ((s % 10000n) * 2n >= 10000n ? 1n : 0n);
};
const divRound = (n: bigint, d: bigint) => n / d + ((n % d) * 2n >= d ? 1n : 0n);

export const FY = 2027;
/** The FY2027 lines: [function code on the line, amount]; '' = none (the category's code or nothing). */
export const LINES: [string, string][] = [
  ['2305', '6000000.00'],
  ['2330', '1000000.55'],
  ['1210', '500000.00'],
  ['3300', '400000.00'],
  ['4220', '300000.10'],
  ['3400', '50000.00'],
  ['7300', '200000.00'],
  ['8100', '150000.00'],
  ['9400', '700000.00'],
  ['5250', '80000.00'],
  ['', '12345.67'],
  ['', '33333.33'],
];
export const MUNICIPAL = [
  { eoyrCode: '5200', amount: 1200000, source: 'Town accountant, FY27 health insurance allocation' },
  { eoyrCode: '5100', amount: 300000 },
  { eoyrCode: '1000', amount: 100000 },
  { eoyrCode: '8000', amount: 500000 },
  { eoyrCode: '5550', amount: 40000 },
];
export const FIGURES_FY27 = {
  foundationEnrollment: 1234.5,
  foundationBudget: 9800000,
  requiredLocalContribution: 6000000,
  chapter70Aid: 4000000,
  requiredNss: 10000000,
  carryForward: 0,
  requiredNssSource: 'DESE FY27 Chapter 70 aid and required contribution, Jan 2026',
  municipal: MUNICIPAL,
};
export const FIGURES_FY26 = {
  foundationEnrollment: 1250,
  foundationBudget: 9500000,
  requiredLocalContribution: 5800000,
  chapter70Aid: 3900000,
  requiredNss: 9700000,
  carryForward: -50000,
  municipal: [{ eoyrCode: '5200', amount: 1150000 }],
};

export interface NssWorld {
  budgetYearId: number;
  ids: number[];
  cents: bigint[];
  codes: (string | null)[];
}

/** The lines of FY2027 (and one FY2026 line) in a new budget year; the state figures are the test's. */
export async function nssWorld(t: TestApp): Promise<NssWorld> {
  const db = t.db.knex;
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: FY });
  const books = await buildCategory(db, { name: `Books ${budgetYearId}`, deseFunction: '2410' });
  const ids = await insertProposed(
    db,
    LINES.map(([code, amount], i) => ({
      budgetYearId,
      fiscalYear: FY,
      amount,
      accountDescription: `NSS line ${i} ${code || 'uncoded'} ${budgetYearId}`,
      categoryId: i === LINES.length - 1 ? books : null,
      columns: { dese_code: code || null },
    })),
  );
  await insertProposed(db, [
    { budgetYearId, fiscalYear: FY - 1, amount: '9000000.00', columns: { dese_code: '2305' } },
  ]);
  return {
    budgetYearId,
    ids,
    cents: LINES.map(([, a]) => c(a)),
    codes: LINES.map(([code], i) => code || (i === LINES.length - 1 ? '2410' : null)),
  };
}

interface Rule {
  fund: string;
  code_from: number;
  code_to: number;
  counts: boolean;
}

/** The rule set in force for a year, read straight from the table. */
export async function rulesOf(db: Knex, fiscalYear: number): Promise<Rule[]> {
  const [{ year }] = await db('nss_inclusion_rules')
    .where('fiscal_year', '<=', fiscalYear)
    .max('fiscal_year as year');
  return db('nss_inclusion_rules').where({ fiscal_year: year });
}

/** Whether a code counts in a fund: the narrowest range holding it decides; no rule, no count. */
export function counts(rules: Rule[], fund: string, code: string | null): boolean {
  if (!code || !/^\d{4}$/.test(code)) {
    return false;
  }
  const n = Number(code);
  const hits = rules
    .filter((r) => r.fund === fund && r.code_from <= n && n <= r.code_to)
    .sort((a, b) => a.code_to - a.code_from - (b.code_to - b.code_from) || b.code_from - a.code_from);
  return hits[0]?.counts ?? false;
}

/** DESE's six columns and the headroom, from the world, the percents kept and the figures. */
export function expectedMeter(
  w: NssWorld,
  rules: Rule[],
  pct: Map<number, bigint>,
  figures: {
    requiredNss: number;
    foundationBudget: number;
    carryForward: number;
    municipal: { eoyrCode: string; amount: number }[];
  },
) {
  let school = 0n;
  w.ids.forEach((id, i) => {
    if (counts(rules, 'general', w.codes[i])) {
      school += kept(w.cents[i], pct.get(id) ?? 10000n);
    }
  });
  const municipal = figures.municipal
    .filter((m) => counts(rules, 'municipal', m.eoyrCode))
    .reduce((s, m) => s + dollarsOf(m.amount), 0n);
  const budgeted = school + municipal;
  const carriedIn = figures.carryForward < 0 ? -dollarsOf(figures.carryForward) : 0n;
  const required = dollarsOf(figures.requiredNss) + carriedIn;
  const keep95 = required * 9500n;
  const threshold = keep95 / 10000n + (keep95 % 10000n ? 1n : 0n);
  return {
    school,
    municipal,
    budgeted,
    required,
    overUnder: budgeted - required,
    // Rounded down: a shortfall never reads as 100.00% (budgets are positive).
    percentOfRequired: (budgeted * 10000n) / required,
    percentOfFoundation: divRound(budgeted * 10000n, dollarsOf(figures.foundationBudget)),
    above95: budgeted - threshold,
    threshold,
    status: budgeted >= required ? 'MEETS' : budgeted >= threshold ? 'CARRY_FORWARD' : 'BELOW_95',
  };
}

/** The meter the API sent, in the same units as expectedMeter. */
export function actualMeter(m: any) {
  expect(m.columns).not.toBeNull();
  return {
    school: dollarsOf(m.school.counted),
    municipal: dollarsOf(m.municipal.counted),
    budgeted: dollarsOf(m.columns.budgetedNss),
    required: dollarsOf(m.columns.requiredWithCarry),
    overUnder: dollarsOf(m.columns.overUnder),
    percentOfRequired: BigInt(Math.round(m.columns.percentOfRequired * 100)),
    percentOfFoundation: BigInt(Math.round(m.columns.percentOfFoundation * 100)),
    above95: dollarsOf(m.headroom.above95),
    threshold: dollarsOf(m.headroom.threshold95),
    status: m.status,
  };
}
