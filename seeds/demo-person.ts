import { LANES, TOP_STEP, type Lane, type SalarySchedule } from './demo-fixtures';
import { SCHEDULE_WORK_GROUPS, type WorkGroupName } from './demo-reference';
import type { PositionSpec } from './demo-staffing';
import type { Random } from './random';

/**
 * One person of the demo district: how they are hired (FTE, hire year, lane or pay rate) and what
 * they earn in each fiscal year. Teachers, special educators and counselors sit on the real
 * Lunenburg step-and-lane schedule and move one step a year; everyone else gets a full-time FY26
 * rate from a realistic range and their group's raise. Money is in integer cents.
 */

export type EmployeeStatus = 'Active' | 'Retiring' | 'Inactive';

export interface Person {
  firstName: string;
  lastName: string;
  spec: PositionSpec;
  buildingCode: string | null;
  /** Hired in the summer or fall of this year, so the first fiscal year worked is hireYear + 1. */
  hireYear: number;
  hireDate: string;
  fte: number;
  lane?: Lane;
  /** Full-time FY26 pay in dollars, for positions off the schedule. */
  pay26?: number;
  status: EmployeeStatus;
  departure: string | null;
  notes: string | null;
  /** A manual next-year salary (promotion, FTE change) and the FTE it comes with. */
  nextOverride?: { cents: number; fte: number };
}

export const JOB_CLASS: Record<WorkGroupName, string> = {
  Teachers: 'TCH',
  'Special Education': 'SPED',
  Guidance: 'GUID',
  'Related Services': 'RSP',
  Paraprofessionals: 'PARA',
  Secretaries: 'CLER',
  Nurses: 'NURS',
  Administrators: 'ADM',
  Custodians: 'CUST',
  'Food Service': 'FOOD',
  Technology: 'TECH',
};

/** Raises (percent, COLA plus step) for groups off the schedule: [into FY26, into FY27]. */
const RAISES: Partial<Record<WorkGroupName, [number, number]>> = {
  'Related Services': [4.0, 3.5],
  Paraprofessionals: [3.5, 3.0],
  Secretaries: [3.0, 3.0],
  Nurses: [4.0, 3.5],
  Administrators: [3.0, 3.0],
  Custodians: [3.0, 3.5],
  'Food Service': [2.5, 2.5],
  Technology: [3.0, 3.0],
};

const STEP_WEIGHTS: [number, number][] = [
  [1, 6],
  [2, 6],
  [3, 6],
  [4, 6],
  [5, 6],
  [6, 5],
  [7, 5],
  [8, 5],
  [9, 5],
  [10, 5],
  [11, 5],
  [12, 5],
  [13, 35],
];
const ALL_LANES: [Lane, number][] = [
  ['Bach', 10],
  ['B+15', 5],
  ['B+30', 5],
  ['Masters', 28],
  ['M+15', 15],
  ['M+30', 13],
  ['M+45', 10],
  ['M+60', 7],
  ['M+75', 5],
  ['Doctorate', 2],
];
// Counselors and special educators need a master's degree for licensure.
const MASTERS_LANES = ALL_LANES.filter(([lane]) => LANES.indexOf(lane) >= LANES.indexOf('Masters'));

const isSchedule = (spec: PositionSpec) => !spec.pay && SCHEDULE_WORK_GROUPS.includes(spec.group);
const pad = (n: number) => String(n).padStart(2, '0');

function pickFte(random: Random, spec: PositionSpec): number {
  switch (spec.group) {
    case 'Teachers':
    case 'Special Education':
      return random.weighted([
        [1, 94],
        [0.8, 3],
        [0.5, 3],
      ]);
    case 'Related Services':
      return random.weighted([
        [1, 85],
        [0.8, 10],
        [0.5, 5],
      ]);
    case 'Paraprofessionals':
      return random.weighted([
        [1, 85],
        [0.8, 15],
      ]);
    case 'Secretaries':
      return random.weighted([
        [1, 92],
        [0.8, 8],
      ]);
    case 'Food Service':
      return spec.position === 'Food Service Worker'
        ? random.weighted([
            [0.5, 45],
            [0.8, 45],
            [1, 10],
          ])
        : 1;
    default:
      return 1;
  }
}

/** Creates one person for a position slot: name, FTE, hire year and lane or pay. */
export function makePerson(
  random: Random,
  spec: PositionSpec,
  buildingCode: string | null,
  name: [string, string],
): Person {
  const fte = pickFte(random, spec);
  let hireYear: number;
  let lane: Lane | undefined;
  let pay26: number | undefined;
  if (isSchedule(spec)) {
    const step = random.weighted(STEP_WEIGHTS);
    // Step 13 is the top: those teachers have been there 13 years or (often) much longer.
    hireYear = step < TOP_STEP ? 2026 - step : 2026 - TOP_STEP - random.int(0, 18);
    lane = random.weighted(spec.group === 'Teachers' ? ALL_LANES : MASTERS_LANES);
  } else {
    hireYear = 2025 - Math.floor(random.next() ** 1.6 * 29);
    pay26 = Math.round(random.between(spec.pay![0], spec.pay![1]));
  }
  // School-year staff start in late August; twelve-month staff any time from July to December.
  const hireDate =
    ['Administrators', 'Custodians', 'Technology'].includes(spec.group) || !buildingCode
      ? `${hireYear}-${pad(random.int(7, 12))}-${pad(random.int(1, 28))}`
      : `${hireYear}-08-${pad(random.int(20, 31))}`;
  return {
    firstName: name[0],
    lastName: name[1],
    spec,
    buildingCode,
    hireYear,
    hireDate,
    fte,
    lane,
    pay26,
    status: 'Active',
    departure: null,
    notes: null,
  };
}

/** Full-time annual pay in dollars for a fiscal year (2025..2027), or null before the person started. */
function fullTimePay(person: Person, fiscalYear: number, schedule: SalarySchedule): number | null {
  const service = fiscalYear - person.hireYear;
  if (service < 1) {
    return null;
  }
  if (person.lane) {
    // Stipends are set for FY26 and move with the schedule's COLA.
    const cola = (fy: number) => schedule.cola.get(fy)! / 100;
    const factor = fiscalYear === 2025 ? 1 / (1 + cola(2026)) : fiscalYear === 2027 ? 1 + cola(2027) : 1;
    const stipend = (person.spec.stipend ?? 0) * factor;
    return schedule.salary(fiscalYear, Math.min(TOP_STEP, service), person.lane) + Math.round(stipend);
  }
  const [into26, into27] = RAISES[person.spec.group]!;
  const pay26 = person.pay26!;
  return fiscalYear === 2025
    ? pay26 / (1 + into26 / 100)
    : fiscalYear === 2027
      ? pay26 * (1 + into27 / 100)
      : pay26;
}

/** Budgeted pay in cents for the person's FTE in a fiscal year (0 before they start). */
export function salaryCents(
  person: Person,
  fiscalYear: number,
  schedule: SalarySchedule,
  fte = person.fte,
): number {
  const pay = fullTimePay(person, fiscalYear, schedule);
  return pay === null ? 0 : Math.round(pay * fte * 100);
}
