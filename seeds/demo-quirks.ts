import type { EmployeeLine } from './demo-people';
import type { Person } from './demo-person';
import { BUILDINGS } from './demo-reference';
import type { Random } from './random';

/**
 * The imperfections a real payroll import brings, so the Data Quality screens have work to do:
 * rows flagged for review with import warnings, and three people entered twice under slightly
 * different spellings.
 */

export interface FixedPerson {
  firstName: string;
  lastName: string;
  buildingCode: string;
  position: string;
  /** Fixed facts, so the pair is recognisable in every run. */
  overrides: Partial<Person>;
  /** The second, misspelt entry and how far its salary is off (cents). */
  duplicate: { firstName: string; lastName: string; salaryDeltaCents: number };
}

export const FIXED_PEOPLE: FixedPerson[] = [
  {
    firstName: 'Katherine',
    lastName: "O'Brien",
    buildingCode: 'HSE',
    position: 'Grade 3 Teacher',
    overrides: { hireYear: 2018, hireDate: '2018-08-27', lane: 'Masters', fte: 1 },
    duplicate: { firstName: 'Kathryn', lastName: 'OBrien', salaryDeltaCents: 0 },
  },
  {
    firstName: 'Jonathan',
    lastName: 'Silva',
    buildingCode: 'MHS',
    position: 'Custodian',
    overrides: { hireYear: 2012, hireDate: '2012-10-15', fte: 1, pay26: 55120 },
    duplicate: { firstName: 'Jon', lastName: 'Silva', salaryDeltaCents: 0 },
  },
  {
    firstName: 'Maria',
    lastName: 'Rodrigues',
    buildingCode: 'RBE',
    position: 'Special Education Paraprofessional',
    overrides: { hireYear: 2016, hireDate: '2016-08-29', fte: 1, pay26: 33480 },
    duplicate: { firstName: 'Maria', lastName: 'Rodriguez', salaryDeltaCents: 41250 },
  },
];

/** The second entry of a fixed person: same job, misspelt name, possibly a slightly different salary. */
export function duplicateOf(original: EmployeeLine, fixed: FixedPerson): EmployeeLine {
  const delta = fixed.duplicate.salaryDeltaCents;
  return {
    ...original,
    firstName: fixed.duplicate.firstName,
    lastName: fixed.duplicate.lastName,
    salaryCents: original.salaryCents + delta,
    nextYearSalaryCents: original.nextYearSalaryCents === null ? null : original.nextYearSalaryCents + delta,
    notes: null,
    metadata: {},
  };
}

interface ReviewCase {
  fits(line: EmployeeLine): boolean;
  /** Changes the row the way the import left it; returns the warnings shown to the reviewer. */
  apply(line: EmployeeLine): string[];
}

const REVIEW_CASES: ReviewCase[] = [
  {
    fits: (l) => l.fte === 1,
    apply: (l) => {
      l.hireDate = null;
      return ['Hire date missing in the payroll export', 'FTE was blank; defaulted to 1.0'];
    },
  },
  {
    fits: (l) => l.buildingCode !== null,
    apply: (l) => {
      const building = BUILDINGS.find((b) => b.code === l.buildingCode)!;
      l.locationCode = building.name.split(' ')[0].toUpperCase();
      l.buildingCode = null;
      return [`Location code "${l.locationCode}" does not match any building`];
    },
  },
  {
    // The payroll's own spelling, matched to the district's group on import: the line belongs to
    // Paraprofessionals (and its contract), never to a stray group of its own that nothing covers.
    fits: (l) => l.workGroup === 'Paraprofessionals',
    apply: () => ['Work group "Para Educator" in the payroll export was matched to Paraprofessionals'],
  },
  {
    fits: (l) => l.fte === 1,
    apply: () => ['FTE was blank; defaulted to 1.0'],
  },
  {
    fits: (l) => l.workGroup === 'Teachers',
    apply: (l) => {
      l.salaryCents = Math.round(l.salaryCents / 2);
      // The demo district keeps no salary schedule (COLA → Salary Schedules is empty), so the
      // warning names no step or lane: it says what a reviewer sees against the other teachers.
      return [
        'Salary is about half of what teachers in the same work group are paid; check the amount and the FTE',
      ];
    },
  },
  {
    fits: () => true,
    apply: (l) => {
      l.position = null;
      return ['Position title was blank'];
    },
  },
  {
    // (The next-year salary is the rule's, computed after the import; it flags what it cannot serve.)
    fits: (l) => l.workGroup === 'Teachers',
    apply: () => ['Step and lane missing in the payroll export'],
  },
  {
    fits: () => true,
    apply: () => ['Employee ID appears twice in the payroll export; the second row was kept'],
  },
];

/** Flags eight current-year rows for review, each with the warnings its import produced. */
export function applyReviewFlags(random: Random, lines: EmployeeLine[]): void {
  const fixed = new Set(FIXED_PEOPLE.map((f) => f.lastName));
  for (const reviewCase of REVIEW_CASES) {
    const pool = lines.filter(
      (l) =>
        l.employeeStatus === 'Active' &&
        l.salaryCents > 0 &&
        !l.metadata.needsReview &&
        !fixed.has(l.lastName) &&
        reviewCase.fits(l),
    );
    const target = pool[random.int(0, pool.length - 1)];
    target.metadata = { needsReview: true, importWarnings: reviewCase.apply(target) };
  }
}
