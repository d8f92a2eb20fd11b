import type { Knex } from 'knex';
import {
  buildBudgetYear,
  buildContract,
  buildScenario,
  buildStepsAndLanes,
  insertEmployees,
  unique,
} from '../factories';

/**
 * The COLA calculation tests' world and an independent model of the salary rules, in BigInt cents,
 * written from docs/ARCHITECTURE.md 'Salary rules' (never from the code under test).
 *
 * Work groups (all new, with categories of their own):
 * - Teachers (category T): SETTLED 2027 2.5%, 2028 3%; NEGOTIATING 2027 9%, 2028 9%, 2029 4% (settled
 *   wins 2027-28, negotiating 2029); pooled steps and lanes 1.5%.
 * - Custodians (category S): NEGOTIATING 2027 2%; scenario category S 2028 1.75%, 2029 1.25%; scenario
 *   group 2029 3% (the group's setting beats its category's). No steps.
 * - Secretaries (category S): no contract; scenario category S 2027 1.5%, 2028 1.75%, 2029 1.25%;
 *   pooled steps 1.5%.
 * - Librarians (no category): an EXPIRED contract (ignored) and nothing else: 0%, source NONE.
 * A second scenario ("other") sets category S to 4% every year.
 * People: Active employees of each group and one with no work group; two new hires (a salary of 0)
 * for FY27, a teacher hired at an entered salary and a custodian with none yet; a secretary with a
 * typed FY27 salary; and lines never walked (Retiring, Inactive, projected).
 */

export type Source = 'SETTLED' | 'NEGOTIATING' | 'SCENARIO' | 'NONE';
/** A COLA in thousandths of a percent (2.5% = 2500n) and where it came from. */
export type Rate = [bigint, Source];

export interface GroupSpec {
  key: string;
  id: number;
  name: string;
  category: string | null;
  /** Pooled steps and lanes, thousandths of a percent. */
  stepsMilli: bigint;
  rates: Record<number, Rate>;
}

export interface Person {
  cents: bigint;
  group: string | null;
  /** A new hire (cents 0): the next-year salary entered for them (what they start at), if any. */
  hired?: bigint;
  /** A manual (typed) next-year salary: paid the year after the base year instead of the rule's. */
  manual?: bigint;
}

export interface ColaWorld {
  budgetYearId: number;
  scenarioId: number;
  otherScenarioId: number;
  groups: Record<string, GroupSpec>;
  /** The Active employees (new hires included) in 2026 the walk starts from. */
  people: Person[];
}

const NONE: Rate = [0n, 'NONE'];

/** Half away from zero, as PostgreSQL's round (n and d positive here). */
export const roundDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/** One year of the rule for one person: [next salary, COLA part, steps-and-lanes part]. */
export function step(p: Person, spec: GroupSpec | null, fy: number): [bigint, bigint, bigint, Source] {
  if (!spec) {
    return [p.cents, 0n, 0n, 'NONE'];
  }
  const [milli, source] = spec.rates[fy] ?? NONE;
  const cola = roundDiv(p.cents * milli, 100_000n);
  const next = roundDiv(p.cents * (100_000n + milli + spec.stepsMilli), 100_000n);
  return [next, cola, next - p.cents - cola, source];
}

export interface ModelGroupYear {
  employees: number;
  payroll: bigint;
  previous: bigint;
  cola: bigint;
  steps: bigint;
  /** The cost of 1% COLA moving into the year: round(salary before / 100) per employee, summed. */
  onePercent: bigint;
}

export interface ModelYear {
  payroll: bigint;
  previous: bigint;
  cola: Record<Source, bigint>;
  steps: bigint;
  /** New hires starting in the year (salary 0 the year before) and what they are paid. */
  hires: number;
  newHires: bigint;
  /** Manual next-year salaries minus the rule's. */
  adjustments: bigint;
  byGroup: Map<string | null, ModelGroupYear>;
}

/**
 * Walks the people of `baseYear` (2026 unless given) to `toYear` with `groups` (rates per fiscal
 * year moving into it). In the first year a new hire is paid what was entered for them (else 0),
 * with no COLA or step, and a manual next-year salary replaces the rule's; later years are the rule.
 */
export function model(
  w: { groups: Record<string, GroupSpec>; people: Person[] },
  toYear: number,
  baseYear = 2026,
) {
  const years = new Map<number, ModelYear>();
  let people = w.people.map((p) => ({ ...p }));
  const payrollOf = (list: Person[]) => list.reduce((n, p) => n + p.cents, 0n);
  const noCola = () => ({ SETTLED: 0n, NEGOTIATING: 0n, SCENARIO: 0n, NONE: 0n });
  const baseGroups: ModelYear['byGroup'] = new Map();
  for (const p of people) {
    const g = baseGroups.get(p.group) ?? {
      employees: 0,
      payroll: 0n,
      previous: 0n,
      cola: 0n,
      steps: 0n,
      onePercent: 0n,
    };
    g.employees += 1;
    g.payroll += p.cents;
    baseGroups.set(p.group, g);
  }
  years.set(baseYear, {
    payroll: payrollOf(people),
    previous: 0n,
    cola: noCola(),
    steps: 0n,
    hires: 0,
    newHires: 0n,
    adjustments: 0n,
    byGroup: baseGroups,
  });
  for (let fy = baseYear + 1; fy <= toYear; fy += 1) {
    const first = fy === baseYear + 1;
    const cola: Record<Source, bigint> = noCola();
    let steps = 0n;
    let hires = 0;
    let newHires = 0n;
    let adjustments = 0n;
    const byGroup: ModelYear['byGroup'] = new Map();
    const next = people.map((p) => {
      const moved = step(p, p.group ? w.groups[p.group] : null, fy);
      const source = moved[3];
      let [salary, c, s] = moved;
      if (p.cents === 0n) {
        // A new hire starts at what was entered; one with nothing entered stays at 0.
        [salary, c, s] = [first ? (p.hired ?? 0n) : 0n, 0n, 0n];
        if (first) {
          hires += 1;
          newHires += salary;
        }
      } else if (first && p.manual !== undefined) {
        adjustments += p.manual - salary;
        salary = p.manual;
      }
      cola[source] += c;
      steps += s;
      const g = byGroup.get(p.group) ?? {
        employees: 0,
        payroll: 0n,
        previous: 0n,
        cola: 0n,
        steps: 0n,
        onePercent: 0n,
      };
      g.employees += 1;
      g.payroll += salary;
      g.previous += p.cents;
      g.cola += c;
      g.steps += s;
      g.onePercent += roundDiv(p.cents, 100n);
      byGroup.set(p.group, g);
      return { group: p.group, cents: salary };
    });
    years.set(fy, {
      payroll: payrollOf(next),
      previous: payrollOf(people),
      cola,
      steps,
      hires,
      newHires,
      adjustments,
      byGroup,
    });
    people = next;
  }
  return years;
}

/** Cents of a JSON number the API returned (money is at most 2 decimals). */
export const c = (n: number) => BigInt(Math.round(n * 100));

export async function buildColaWorld(db: Knex): Promise<ColaWorld> {
  const tag = unique();
  const budgetYearId = await buildBudgetYear(db, { currentFiscalYear: 2026 });
  const operating = await buildScenario(db, budgetYearId, 'operating');
  await buildScenario(db, budgetYearId, 'proposed');
  const [catT] = await db('work_group_categories')
    .insert({ name: `TEACHERS ${tag}` })
    .returning('id');
  const [catS] = await db('work_group_categories')
    .insert({ name: `SUPPORT ${tag}` })
    .returning('id');
  const group = async (key: string, categoryId: number | null) => {
    const [row] = await db('work_groups')
      .insert({ name: `${key} ${tag}`, category_id: categoryId })
      .returning(['id', 'name']);
    return row as { id: number; name: string };
  };
  const teachers = await group('Teachers', catT.id);
  const custodians = await group('Custodians', catS.id);
  const secretaries = await group('Secretaries', catS.id);
  const librarians = await group('Librarians', null);
  await buildStepsAndLanes(db, budgetYearId, [teachers.id, secretaries.id], 1.5);
  await buildContract(db, {
    workGroupId: teachers.id,
    status: 'SETTLED',
    rates: [
      [2027, 2.5],
      [2028, 3],
    ],
  });
  await buildContract(db, {
    workGroupId: teachers.id,
    status: 'NEGOTIATING',
    rates: [
      [2027, 9],
      [2028, 9],
      [2029, 4],
    ],
  });
  await buildContract(db, { workGroupId: custodians.id, status: 'NEGOTIATING', rates: [[2027, 2]] });
  await buildContract(db, { workGroupId: librarians.id, status: 'EXPIRED', rates: [[2027, 5]] });
  const [scenario] = await db('cola_scenarios')
    .insert({ name: `Plan ${tag}` })
    .returning('id');
  const [other] = await db('cola_scenarios')
    .insert({ name: `Other ${tag}` })
    .returning('id');
  await db('cola_settings').insert([
    { scenario_id: scenario.id, work_group_category_id: catS.id, fiscal_year: 2027, cola_percentage: 1.5 },
    { scenario_id: scenario.id, work_group_category_id: catS.id, fiscal_year: 2028, cola_percentage: 1.75 },
    { scenario_id: scenario.id, work_group_category_id: catS.id, fiscal_year: 2029, cola_percentage: 1.25 },
    { scenario_id: scenario.id, work_group_id: custodians.id, fiscal_year: 2029, cola_percentage: 3 },
    // Teachers' contracts cover these years: the scenario never reaches them.
    { scenario_id: scenario.id, work_group_category_id: catT.id, fiscal_year: 2027, cola_percentage: 7 },
    ...[2027, 2028, 2029, 2030, 2031].map((fy) => ({
      scenario_id: other.id,
      work_group_category_id: catS.id,
      fiscal_year: fy,
      cola_percentage: 4,
    })),
  ]);
  const spec = (
    key: string,
    g: { id: number; name: string },
    category: string | null,
    stepsMilli: bigint,
    rates: Record<number, Rate>,
  ): GroupSpec => ({ key, id: g.id, name: g.name, category, stepsMilli, rates });
  const groups = {
    teachers: spec('teachers', teachers, `TEACHERS ${tag}`, 1500n, {
      2027: [2500n, 'SETTLED'],
      2028: [3000n, 'SETTLED'],
      2029: [4000n, 'NEGOTIATING'],
    }),
    custodians: spec('custodians', custodians, `SUPPORT ${tag}`, 0n, {
      2027: [2000n, 'NEGOTIATING'],
      2028: [1750n, 'SCENARIO'],
      2029: [3000n, 'SCENARIO'],
    }),
    secretaries: spec('secretaries', secretaries, `SUPPORT ${tag}`, 1500n, {
      2027: [1500n, 'SCENARIO'],
      2028: [1750n, 'SCENARIO'],
      2029: [1250n, 'SCENARIO'],
    }),
    librarians: spec('librarians', librarians, null, 0n, {}),
  };
  const salaries: [string | null, string][] = [
    ['teachers', '61234.57'],
    ['teachers', '58000.33'],
    ['teachers', '72345.67'],
    ['teachers', '49999.99'],
    ['custodians', '45678.91'],
    ['custodians', '41111.11'],
    ['secretaries', '38765.43'],
    ['secretaries', '52000.05'],
    ['librarians', '52000.01'],
    [null, '40000.00'],
  ];
  // New hires (a salary of 0: starting in FY27), one with the salary they were hired at and one
  // with none yet; and a typed (manual) next-year salary.
  const hires: [string, string | null][] = [
    ['teachers', '47500.25'],
    ['custodians', null],
  ];
  const manual: [string, string, string] = ['secretaries', '50000.00', '53210.99'];
  const line = (g: string | null, salary: string, extra: Record<string, unknown> = {}) => ({
    budgetYearId,
    scenarioId: operating,
    fiscalYear: 2026,
    salary,
    workGroupId: g ? groups[g as keyof typeof groups].id : null,
    workGroup: g ? groups[g as keyof typeof groups].name : 'Lunch Aides',
    ...extra,
  });
  await insertEmployees(db, [
    ...salaries.map(([g, s]) => line(g, s)),
    ...hires.map(([g, next]) => line(g, '0.00', { nextYearSalary: next })),
    line(manual[0], manual[1], { nextYearSalary: manual[2], manual: true }),
    // Not walked: leaving, gone, projected.
    line('teachers', '90000.00', { status: 'Retiring' }),
    line('custodians', '30000.00', { status: 'Inactive' }),
    line('teachers', '80000.00', { isProjected: true }),
  ]);
  const cents = (text: string) => BigInt(text.replace('.', ''));
  const people: Person[] = [
    ...salaries.map(([g, s]) => ({ group: g, cents: cents(s) })),
    ...hires.map(([g, next]) => ({ group: g, cents: 0n, ...(next === null ? {} : { hired: cents(next) }) })),
    { group: manual[0], cents: cents(manual[1]), manual: cents(manual[2]) },
  ];
  return { budgetYearId, scenarioId: scenario.id, otherScenarioId: other.id, groups, people };
}

/** The world's groups as they move under the "other" scenario (category S at 4% where no contract). */
export function underOther(w: ColaWorld): ColaWorld {
  const four: Rate = [4000n, 'SCENARIO'];
  return {
    ...w,
    groups: {
      ...w.groups,
      custodians: { ...w.groups.custodians, rates: { ...w.groups.custodians.rates, 2028: four, 2029: four } },
      secretaries: { ...w.groups.secretaries, rates: { 2027: four, 2028: four, 2029: four } },
    },
  };
}
