import { buildProposedLines, type ProposedLine } from './demo-budget';
import { loadDeseCodes, loadTeacherSchedule, type DeseCode, type SalarySchedule } from './demo-fixtures';
import { buildEmployeeLines, type EmployeeLine } from './demo-people';
import { FUNDED_LINES } from './demo-funds';
import { CATEGORIES, DEFAULT_COLA_PLAN } from './demo-categories';
import { buildEnrollment, type DemoEnrollment } from './demo-enrollment';
import type { WorkGroupName } from './demo-reference';
import { createRandom } from './random';

/**
 * The whole demo district as plain data, before any database is involved: the seed inserts it and
 * the tests recompute its totals from it. Deterministic: DEMO_SEED fixes every name and amount.
 */

export const DEMO_SEED = 20261121;
export const FISCAL_YEARS = [2025, 2026, 2027];
/** The budget year the demo centres on (the shell preselects FY26). */
export const CURRENT_FISCAL_YEAR = 2026;

export interface DemoTownGoal {
  fiscalYear: number;
  goalType: 'DOLLAR' | 'PERCENT' | 'BOTH';
  dollarGoalCents: number;
  percentGoal: number | null;
  baselineYear: number | null;
  baselineAmountCents: number | null;
  actualAmountCents: number | null;
  isBaseline: boolean;
  notes: string;
}

export interface DemoContract {
  name: string;
  workGroup: WorkGroupName;
  startYear: number;
  endYear: number;
  status: 'NEGOTIATING' | 'SETTLED' | 'EXPIRED';
  settlementDate: string | null;
  notes: string;
  /** COLA percent per fiscal year, start to end. */
  rates: number[];
}

export interface DemoColaScenario {
  name: string;
  description: string;
  isDefault: boolean;
  /** Percent per work-group category and fiscal year. */
  byCategory: Record<string, Record<number, number>>;
  /** Overrides for single work groups. */
  byWorkGroup: { workGroup: WorkGroupName; fiscalYear: number; percent: number }[];
}

export interface DemoDistrict {
  dese: Map<string, DeseCode>;
  schedule: SalarySchedule;
  employees: EmployeeLine[];
  proposed: ProposedLine[];
  enrollment: DemoEnrollment[];
  townGoals: DemoTownGoal[];
  contracts: DemoContract[];
  colaScenarios: DemoColaScenario[];
}

/** Sum of proposed line amounts of a fiscal year, in cents. */
export function proposedTotalCents(lines: ProposedLine[], fiscalYear: number): number {
  return lines.filter((l) => l.fiscalYear === fiscalYear).reduce((sum, l) => sum + l.amountCents, 0);
}

/**
 * What the grants take over from FY2026 (their periods begin July 1, 2025), in cents, about as
 * ./demo-fund-shares.ts and ./demo-funds.ts put it on them: the lines they fund, half of each
 * reading specialist and ten special education paraprofessionals. The town's guidance leaves it out.
 */
function grantsTakeOver(proposed: ProposedLine[], employees: EmployeeLine[]): number {
  const funded = new Set(FUNDED_LINES.map(([name]) => name));
  const lines = proposed
    .filter((l) => l.fiscalYear === 2026 && funded.has(l.name))
    .reduce((sum, l) => sum + l.amountCents, 0);
  const staff = employees.filter((e) => e.fiscalYear === 2026);
  const reading = staff
    .filter((e) => e.position === 'Reading Specialist')
    .reduce((sum, e) => sum + Math.round(e.salaryCents / 2), 0);
  const paras = staff
    .filter((e) => e.position === 'Special Education Paraprofessional')
    .slice(0, 10)
    .reduce((sum, e) => sum + e.salaryCents, 0);
  return lines + reading + paras;
}

/**
 * Town guidance in the right ballpark of the proposed budget: FY25 is the adopted baseline, FY26 a
 * 3.5% dollar goal over it less what the grants take over (the goal pays the general fund alone),
 * which the general fund's proposed budget overshoots (so the gap chart has a story), FY27 a
 * percent goal (dollar = baseline x (1 + percent/100)).
 */
function townGoals(proposed: ProposedLine[], employees: EmployeeLine[]): DemoTownGoal[] {
  const actual25 = proposedTotalCents(proposed, 2025);
  const goal25 = Math.round(actual25 / 100000) * 100000;
  const goal26 = Math.round(((goal25 - grantsTakeOver(proposed, employees)) * 1.035) / 100000) * 100000;
  const goal27 = Math.round(goal26 * 1.03);
  const percent26 = Math.round(((goal26 - goal25) / goal25) * 100 * 1000) / 1000;
  return [
    {
      fiscalYear: 2025,
      goalType: 'DOLLAR',
      dollarGoalCents: goal25,
      percentGoal: null,
      baselineYear: null,
      baselineAmountCents: null,
      actualAmountCents: actual25,
      isBaseline: true,
      notes: 'Adopted at the May 2024 Annual Town Meeting',
    },
    {
      fiscalYear: 2026,
      goalType: 'DOLLAR',
      dollarGoalCents: goal26,
      percentGoal: percent26,
      baselineYear: 2025,
      // No amount: the baseline is the FY25 goal, followed as it changes.
      baselineAmountCents: null,
      actualAmountCents: null,
      isBaseline: false,
      notes: 'Finance Committee guidance: level services plus 3.5%, less what the new grants pay',
    },
    {
      fiscalYear: 2027,
      goalType: 'PERCENT',
      dollarGoalCents: goal27,
      percentGoal: 3,
      baselineYear: 2026,
      // No amount: the baseline is the FY26 goal, followed as it changes.
      baselineAmountCents: null,
      actualAmountCents: null,
      isBaseline: false,
      notes: "Town Manager's preliminary guidance: 3% over FY26",
    },
  ];
}

/**
 * The bargaining units and their COLA. The next-year salary rule reads these: every group has a
 * settled or negotiating rate for FY27 except Technology (non-union staff with no agreed raise),
 * whose FY26 lines the rule computes at 0% COLA and flags for review, as it would a real import.
 */
function contracts(schedule: SalarySchedule): DemoContract[] {
  const unitA = (workGroup: WorkGroupName, suffix: string): DemoContract => ({
    name: `Millbrook Education Association (Unit A) 2024-2027${suffix}`,
    workGroup,
    startYear: 2025,
    endYear: 2027,
    status: 'SETTLED',
    settlementDate: '2024-06-11',
    notes: 'Step-and-lane schedule and COLA from the Lunenburg 2024-2027 agreement, Appendix B.',
    rates: [2025, 2026, 2027].map((fy) => schedule.cola.get(fy)!),
  });
  const settled = (
    name: string,
    workGroup: WorkGroupName,
    settlementDate: string,
    rates: number[],
  ): DemoContract => ({
    name,
    workGroup,
    startYear: 2026,
    endYear: 2026 + rates.length - 1,
    status: 'SETTLED',
    settlementDate,
    notes: 'COLA on July 1 of each year; steps as in the prior agreement.',
    rates,
  });
  return [
    unitA('Teachers', ''),
    // Unit A covers special educators and counselors on the same terms.
    unitA('Special Education', ': Special Education'),
    unitA('Guidance', ': Guidance'),
    settled('Related Service Providers 2025-2028', 'Related Services', '2025-05-20', [3, 3, 2.75]),
    settled('School Nurses Association 2025-2028', 'Nurses', '2025-05-20', [3, 3.25, 3]),
    settled('Administrators Association 2025-2028', 'Administrators', '2025-04-08', [3, 3, 3]),
    {
      name: 'Food Service Workers 2026-2029',
      workGroup: 'Food Service',
      startYear: 2027,
      endYear: 2029,
      status: 'NEGOTIATING',
      settlementDate: null,
      notes: "District's proposal; the unit has asked for 3% a year.",
      rates: [2.5, 2.5, 2.5],
    },
    {
      name: 'Secretaries & Clerks 2026-2029',
      workGroup: 'Secretaries',
      startYear: 2027,
      endYear: 2029,
      status: 'NEGOTIATING',
      settlementDate: null,
      notes: 'Successor agreement; both sides have tentatively agreed to 2% a year.',
      rates: [2, 2, 2],
    },
    {
      name: 'Paraprofessionals Association 2026-2029',
      workGroup: 'Paraprofessionals',
      startYear: 2027,
      endYear: 2029,
      status: 'NEGOTIATING',
      settlementDate: null,
      notes: "District's opening proposal; the association has asked for 3.5% a year.",
      rates: [2, 2, 2],
    },
    {
      name: 'Custodial & Maintenance Unit 2025-2028',
      workGroup: 'Custodians',
      startYear: 2026,
      endYear: 2028,
      status: 'SETTLED',
      settlementDate: '2025-06-17',
      notes: 'Includes a $0.50/hour night-shift differential.',
      rates: [2.5, 2.5, 2.25],
    },
    {
      name: 'Secretaries & Clerks 2022-2025',
      workGroup: 'Secretaries',
      startYear: 2023,
      endYear: 2025,
      status: 'EXPIRED',
      settlementDate: '2022-08-30',
      notes: 'Expired June 30, 2025; working under the old terms while a successor is bargained.',
      rates: [2, 2.5, 2.5],
    },
  ];
}

const COLA_SCENARIOS: DemoColaScenario[] = [
  {
    name: 'Baseline Plan',
    description: 'Settled contracts at their rates; unsettled groups at planning assumptions',
    isDefault: true,
    byCategory: DEFAULT_COLA_PLAN,
    byWorkGroup: [{ workGroup: 'Nurses', fiscalYear: 2027, percent: 3.5 }],
  },
  {
    name: 'Conservative',
    description: 'Every group at 2% a year: the floor the Finance Committee asked to see',
    isDefault: false,
    byCategory: Object.fromEntries(
      Object.keys(DEFAULT_COLA_PLAN).map((c) => [c, { 2027: 2, 2028: 2, 2029: 2 }]),
    ),
    byWorkGroup: [],
  },
];

/** Generates the demo district. Reads the two fixtures; otherwise pure and deterministic. */
export function buildDemoDistrict(): DemoDistrict {
  const dese = loadDeseCodes();
  for (const category of CATEGORIES) {
    if (!dese.has(category.deseFunction)) {
      throw new Error(
        `DESE function code ${category.deseFunction} is not in fixtures/dese_function_codes.csv`,
      );
    }
  }
  const schedule = loadTeacherSchedule();
  const random = createRandom(DEMO_SEED);
  const employees = buildEmployeeLines(random, schedule);
  for (const e of employees) {
    if (!dese.has(e.deseCode)) {
      throw new Error(`DESE function code ${e.deseCode} is not in fixtures/dese_function_codes.csv`);
    }
  }
  const enrollment = buildEnrollment(random, FISCAL_YEARS);
  const proposed = buildProposedLines(random, employees, enrollment, dese);
  return {
    dese,
    schedule,
    employees,
    proposed,
    enrollment,
    townGoals: townGoals(proposed, employees),
    contracts: contracts(schedule),
    colaScenarios: COLA_SCENARIOS,
  };
}
