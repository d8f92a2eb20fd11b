import type { Lane, SalarySchedule } from './demo-fixtures';
import { FIRST_NAMES, LAST_NAMES } from './demo-names';
import { CATEGORY_OF_GROUP } from './demo-categories';
import { JOB_CLASS, makePerson, salaryCents, type EmployeeStatus, type Person } from './demo-person';
import { applyReviewFlags, duplicateOf, FIXED_PEOPLE } from './demo-quirks';
import { BUILDINGS, DISTRICT_WIDE, type WorkGroupName } from './demo-reference';
import { DISTRICT_WIDE_STAFF, STAFF_BY_TYPE, type PositionSpec } from './demo-staffing';
import type { Random } from './random';

/**
 * The demo district's employees as operating line items for FY25 (adopted) and FY26 (budgeted, the
 * current year), with the year's retirements, leaves, new hires and manual next-year salaries.
 * Money is in integer cents until insert. The seed then computes FY26's automatic next-year
 * salaries by the rule and projects FY27 with Generate Projections, as a district's data would be.
 */

export type { EmployeeStatus };

export interface EmployeeLine {
  fiscalYear: number;
  firstName: string;
  lastName: string;
  position: string | null;
  workGroup: WorkGroupName;
  /** The work-group label as imported; differs from workGroup when the import could not match it. */
  workGroupLabel: string;
  buildingCode: string | null;
  locationCode: string;
  department: string;
  jobClass: string;
  deseCode: string;
  category: string;
  hireDate: string | null;
  dateOfDeparture: string | null;
  employeeStatus: EmployeeStatus;
  fte: number;
  salaryCents: number;
  nextYearSalaryCents: number | null;
  nextYearSalaryManual: boolean;
  budgetStatus: string;
  notes: string | null;
  metadata: Record<string, unknown>;
}

function line(person: Person, fiscalYear: number, fields: Partial<EmployeeLine>): EmployeeLine {
  const spec = person.spec;
  return {
    fiscalYear,
    firstName: person.firstName,
    lastName: person.lastName,
    position: spec.position,
    workGroup: spec.group,
    workGroupLabel: spec.group,
    buildingCode: person.buildingCode,
    locationCode: person.buildingCode ?? DISTRICT_WIDE.code,
    department: spec.department,
    jobClass: JOB_CLASS[spec.group],
    deseCode: spec.dese,
    category: CATEGORY_OF_GROUP[spec.group],
    hireDate: person.hireDate,
    dateOfDeparture: null,
    employeeStatus: 'Active',
    fte: person.fte,
    salaryCents: 0,
    nextYearSalaryCents: null,
    nextYearSalaryManual: false,
    budgetStatus: 'Budgeted',
    notes: null,
    metadata: {},
    ...fields,
  };
}

// The two people hired this summer for new FY27 positions.
const STARTERS: [string, string][] = [
  ['Olivia', 'Kowalski'],
  ['Arjun', 'Iyer'],
];

type Namer = () => [string, string];

/** Hands out names no one else in the district has, in every fiscal year. */
function createNamer(random: Random): Namer {
  const used = new Set<string>([
    ...FIXED_PEOPLE.map((f) => `${f.firstName} ${f.lastName}`),
    ...STARTERS.map((n) => n.join(' ')),
  ]);
  // Keeps the deliberate duplicate pairs the only near-matches on those surnames.
  const lastNames = LAST_NAMES.filter((n) => !FIXED_PEOPLE.some((f) => f.lastName === n));
  return () => {
    for (;;) {
      const name: [string, string] = [random.pick(FIRST_NAMES), random.pick(lastNames)];
      if (!used.has(name.join(' '))) {
        used.add(name.join(' '));
        return name;
      }
    }
  };
}

/** Every slot of the staffing plan, filled with a uniquely named person. */
function staffDistrict(random: Random, newName: Namer): Person[] {
  const people: Person[] = [];
  const placed = new Set<number>();
  const slots: [PositionSpec, string | null][] = [
    ...BUILDINGS.flatMap((b) =>
      STAFF_BY_TYPE[b.type].map((spec): [PositionSpec, string | null] => [spec, b.code]),
    ),
    ...DISTRICT_WIDE_STAFF.map((spec): [PositionSpec, string | null] => [spec, null]),
  ];
  for (const [spec, buildingCode] of slots) {
    for (let i = 0; i < spec.count; i++) {
      const f = FIXED_PEOPLE.findIndex(
        (fp, index) =>
          fp.buildingCode === buildingCode && fp.position === spec.position && !placed.has(index),
      );
      if (f >= 0) {
        placed.add(f);
        const fixed = FIXED_PEOPLE[f];
        people.push({
          ...makePerson(random, spec, buildingCode, [fixed.firstName, fixed.lastName]),
          ...fixed.overrides,
        });
      } else {
        people.push(makePerson(random, spec, buildingCode, newName()));
      }
    }
  }
  return people;
}

/** Marks retirements, leaves, manual next-year salaries and two new positions starting in FY27. */
function lifeEvents(random: Random, people: Person[], schedule: SalarySchedule): Person[] {
  const fixed = new Set(FIXED_PEOPLE.map((f) => f.lastName));
  const eligible = (p: Person) => p.status === 'Active' && !fixed.has(p.lastName);
  const choose = (filter: (p: Person) => boolean, n: number) => {
    const pool = people.filter((p) => eligible(p) && filter(p));
    const chosen: Person[] = [];
    while (chosen.length < n && pool.length) {
      chosen.push(pool.splice(random.int(0, pool.length - 1), 1)[0]);
    }
    return chosen;
  };
  for (const p of choose((p) => p.hireYear <= 1999, 6)) {
    Object.assign(p, { status: 'Retiring', departure: '2026-06-30', notes: 'Retiring June 30, 2026' });
  }
  const leaves = [
    { departure: '2026-01-16', notes: 'Resigned mid-year' },
    { departure: null, notes: 'Unpaid leave of absence through June 2026' },
    { departure: '2025-11-07', notes: 'Resigned; position held vacant' },
  ];
  for (const [i, p] of choose((p) => p.hireYear <= 2022, leaves.length).entries()) {
    Object.assign(p, { status: 'Inactive', ...leaves[i] });
  }
  const [para] = choose((p) => p.spec.group === 'Paraprofessionals', 1);
  para.fte = 0.8;
  para.nextOverride = { cents: salaryCents(para, 2027, schedule, 1), fte: 1 };
  para.notes = 'Moving to 1.0 FTE in FY27';
  const [secretary] = choose((p) => p.spec.group === 'Secretaries' && p.fte === 1, 1);
  secretary.nextOverride = { cents: Math.round(salaryCents(secretary, 2027, schedule) * 1.05), fte: 1 };
  secretary.notes = 'Reclassified to Secretary II for FY27';
  // Enrollment growth: two positions approved for FY27, hired this summer (current salary 0).
  const grade2 = STAFF_BY_TYPE.elementary.find((s) => s.position === 'Grade 2 Teacher')!;
  const sped = STAFF_BY_TYPE.middle.find((s) => s.position === 'Special Education Teacher')!;
  const starters = [
    makePerson(random, grade2, 'MGE', STARTERS[0]),
    makePerson(random, sped, 'WMS', STARTERS[1]),
  ];
  for (const s of starters) {
    Object.assign(s, {
      hireYear: 2026,
      hireDate: '2026-08-24',
      fte: 1,
      lane: 'Masters',
      notes: 'New position for FY27',
    });
  }
  return [...people, ...starters];
}

/**
 * The person a new FY26 hire replaced: on the FY25 roster only, leaving June 30, 2025. Teachers
 * retire from the top of the schedule; others leave from the top of their pay range.
 */
function predecessor(random: Random, newName: Namer, successor: Person): Person {
  const hireYear = random.int(1988, 2012);
  const teacher = !!successor.lane;
  const [firstName, lastName] = newName();
  return {
    ...successor,
    firstName,
    lastName,
    hireYear,
    hireDate: `${hireYear}-08-28`,
    lane: teacher ? random.pick(['M+30', 'M+45', 'M+60'] as Lane[]) : undefined,
    pay26: teacher ? undefined : successor.spec.pay![1],
    fte: 1,
    status: 'Retiring',
    departure: '2025-06-30',
    notes: teacher ? 'Retired June 30, 2025' : 'Left June 30, 2025',
    nextOverride: undefined,
  };
}

/** Generates all employee lines of the demo district for fiscal years 2025, 2026 and 2027. */
export function buildEmployeeLines(random: Random, schedule: SalarySchedule): EmployeeLine[] {
  const newName = createNamer(random);
  const people = lifeEvents(random, staffDistrict(random, newName), schedule);
  const lines: EmployeeLine[] = [];
  for (const p of people) {
    // Most FY26 hires filled a vacancy; the rest are new positions.
    if (p.hireYear === 2025 && random.chance(0.85)) {
      const retiree = predecessor(random, newName, p);
      lines.push(
        line(retiree, 2025, {
          salaryCents: salaryCents(retiree, 2025, schedule),
          employeeStatus: 'Retiring',
          dateOfDeparture: retiree.departure,
          budgetStatus: 'Adopted',
          notes: retiree.notes,
        }),
      );
    }
    if (p.hireYear <= 2024) {
      // FY25 is closed: its next-year salary is what FY26 actually pays, entered (manual), not the rule's.
      lines.push(
        line(p, 2025, {
          salaryCents: salaryCents(p, 2025, schedule),
          nextYearSalaryCents: salaryCents(p, 2026, schedule),
          nextYearSalaryManual: true,
          budgetStatus: 'Adopted',
        }),
      );
    }
    const active = p.status === 'Active';
    const salary26 = salaryCents(p, 2026, schedule);
    // A typed value (promotion, FTE change) is manual; a new hire (salary 0) keeps the salary they
    // were hired at; everyone else's next-year salary is the rule's, computed by the seed.
    const entered = p.nextOverride?.cents ?? (salary26 === 0 ? salaryCents(p, 2027, schedule) : null);
    lines.push(
      line(p, 2026, {
        salaryCents: salary26,
        nextYearSalaryCents: active ? entered : null,
        nextYearSalaryManual: active && !!p.nextOverride,
        employeeStatus: p.status,
        dateOfDeparture: p.departure,
        budgetStatus: p.hireYear === 2026 ? 'New Position' : 'Budgeted',
        notes: p.notes,
      }),
    );
  }
  const fy26 = lines.filter((l) => l.fiscalYear === 2026);
  applyReviewFlags(random, fy26);
  // Likely duplicates from a second, hand-typed import: same person, slightly different spelling.
  for (const f of FIXED_PEOPLE) {
    const original = fy26.find((l) => l.firstName === f.firstName && l.lastName === f.lastName)!;
    lines.push(duplicateOf(original, f));
  }
  return lines;
}
