import type { BuildingType, WorkGroupName } from './demo-reference';

/**
 * Staffing plan of the demo district: which positions each kind of building has, how many, their
 * DESE function code and, for positions off the teachers' schedule, a full-time FY26 pay range in
 * dollars (Massachusetts district pay in 2025-26). About 500 people in all.
 */
export interface PositionSpec {
  group: WorkGroupName;
  position: string;
  department: string;
  /** A detail code from fixtures/dese_function_codes.csv. */
  dese: string;
  count: number;
  /** Full-time FY26 pay range; absent for positions on the teachers' step-and-lane schedule. */
  pay?: [number, number];
  /** A stipend on top of the schedule (department heads, team chairs). */
  stipend?: number;
}

const p = (
  group: WorkGroupName,
  position: string,
  department: string,
  dese: string,
  count: number,
  pay?: [number, number],
  stipend?: number,
): PositionSpec => ({ group, position, department, dese, count, pay, stipend });

const SLP: [number, number] = [82000, 102000];
const OT: [number, number] = [78000, 96000];
const PSYCH: [number, number] = [92000, 112000];
const BCBA: [number, number] = [88000, 104000];
const NURSE: [number, number] = [72000, 94000];
const SPED_PARA: [number, number] = [28500, 36500];
const PARA: [number, number] = [27500, 34000];
const MAIN_OFFICE: [number, number] = [46000, 56000];
const ATTENDANCE: [number, number] = [42000, 50000];
const HEAD_CUSTODIAN: [number, number] = [60000, 67000];
const CUSTODIAN: [number, number] = [49000, 57000];
const NIGHT_CUSTODIAN: [number, number] = [50000, 58000];
const CAFE_MANAGER: [number, number] = [46000, 52000];
const FOOD_WORKER: [number, number] = [36000, 41000];

/** Headcount of one building of each type, in SCHOOL_TYPES order. */
type Counts = [preschool: number, elementary: number, middle: number, high: number, special: number];
const SCHOOL_TYPES: readonly BuildingType[] = ['preschool', 'elementary', 'middle', 'high', 'special'];

type Row = [
  position: string,
  department: string,
  dese: string,
  counts: Counts,
  pay?: [number, number],
  stipend?: number,
];
const group = (name: WorkGroupName, rows: Row[]) => rows.map((row) => ({ group: name, row }));

/**
 * The staffing of every school type, one row per position. A school's positions are listed in table
 * order, and that order decides which generated person fills which slot, so rows are placed to keep
 * each school's order: preschool's therapists come last, and each level has its own principals (pay
 * rises with the level).
 */
const SCHOOL_STAFFING = [
  //   position, department, DESE code, [preschool, elementary, middle, high, special], pay, stipend
  ...group('Teachers', [
    ['Preschool Teacher', 'Early Childhood', '2305', [6, 0, 0, 0, 0]],
    ['Kindergarten Teacher', 'Kindergarten', '2305', [0, 4, 0, 0, 0]],
    ...[1, 2, 3, 4].map((g): Row => [`Grade ${g} Teacher`, `Grade ${g}`, '2305', [0, 4, 0, 0, 0]]),
    ['Mathematics Teacher', 'Mathematics', '2305', [0, 0, 10, 11, 0]],
    ['English Teacher', 'English', '2305', [0, 0, 10, 11, 0]],
    ['Science Teacher', 'Science', '2305', [0, 0, 9, 11, 0]],
    ['Social Studies Teacher', 'Social Studies', '2305', [0, 0, 9, 10, 0]],
    ['World Language Teacher', 'World Languages', '2305', [0, 0, 5, 7, 0]],
    ['Art Teacher', 'Fine Arts', '2305', [0, 1, 3, 3, 0]],
    ['Music Teacher', 'Fine Arts', '2305', [0, 1, 4, 3, 0]],
    ['Physical Education Teacher', 'Physical Education', '2305', [0, 1, 0, 0, 0]],
    ['Physical Education & Health Teacher', 'Physical Education', '2305', [0, 0, 5, 4, 0]],
    ['Technology & Engineering Teacher', 'Career & Technical', '2305', [0, 0, 2, 2, 0]],
    ['English Learner Teacher', 'English Learners', '2305', [0, 0, 2, 2, 0]],
    ['Library Media Specialist', 'Library', '2340', [0, 0, 1, 1, 0]],
    ['Reading Specialist', 'Literacy', '2305', [0, 1, 2, 0, 0]],
    ['Business & Computer Science Teacher', 'Career & Technical', '2305', [0, 0, 0, 3, 0]],
    ['Mathematics Teacher', 'Academics', '2305', [0, 0, 0, 0, 1]],
    ['English Teacher', 'Academics', '2305', [0, 0, 0, 0, 1]],
    ['Science Teacher', 'Academics', '2305', [0, 0, 0, 0, 1]],
    ['Social Studies Teacher', 'Academics', '2305', [0, 0, 0, 0, 1]],
    ['Life Skills Teacher', 'Academics', '2305', [0, 0, 0, 0, 1]],
  ]),
  ...group('Special Education', [
    ['Special Education Teacher', 'Early Childhood', '2305', [3, 0, 0, 0, 0]],
    ['Special Education Teacher', 'Special Education', '2305', [0, 4, 7, 7, 6]],
    ['Special Education Team Chair', 'Special Education', '2305', [0, 0, 1, 1, 0], undefined, 6000],
  ]),
  ...group('Guidance', [
    ['Director of Guidance', 'Guidance', '2710', [0, 0, 0, 1, 0], undefined, 9500],
    ['School Counselor', 'Guidance', '2710', [0, 0, 3, 4, 0]],
    ['School Adjustment Counselor', 'Student Support', '2710', [0, 1, 1, 1, 2]],
  ]),
  ...group('Related Services', [
    ['School Psychologist', 'Student Support', '2800', [0, 0, 1, 1, 0], PSYCH],
    ['Speech-Language Pathologist', 'Student Support', '2320', [0, 1, 1, 0, 0], SLP],
    ['BCBA', 'Student Support', '2320', [0, 0, 0, 0, 1], BCBA],
    ['Occupational Therapist', 'Student Support', '2320', [0, 0, 0, 0, 1], OT],
  ]),
  ...group('Paraprofessionals', [
    ['Preschool Paraprofessional', 'Early Childhood', '2330', [12, 0, 0, 0, 0], PARA],
    ['ABA Technician', 'Special Education', '2330', [0, 0, 0, 0, 4], [33000, 39000]],
    ['Special Education Paraprofessional', 'Special Education', '2330', [0, 6, 7, 6, 6], SPED_PARA],
    ['Instructional Paraprofessional', 'Instruction', '2330', [0, 3, 3, 2, 0], PARA],
  ]),
  ...group('Administrators', [
    ['Preschool Director', 'Administration', '2210', [1, 0, 0, 0, 0], [94000, 100000]],
    ['Principal', 'Administration', '2210', [0, 1, 0, 0, 0], [128000, 136000]],
    ['Assistant Principal', 'Administration', '2210', [0, 1, 0, 0, 0], [104000, 110000]],
    ['Principal', 'Administration', '2210', [0, 0, 1, 0, 0], [140000, 148000]],
    ['Assistant Principal', 'Administration', '2210', [0, 0, 2, 0, 0], [112000, 118000]],
    ['Principal', 'Administration', '2210', [0, 0, 0, 1, 0], [148000, 156000]],
    ['Assistant Principal', 'Administration', '2210', [0, 0, 0, 2, 0], [118000, 124000]],
    ['Athletic Director', 'Athletics', '3510', [0, 0, 0, 1, 0], [98000, 106000]],
    ['Program Director', 'Administration', '2210', [0, 0, 0, 0, 1], [114000, 122000]],
  ]),
  ...group('Secretaries', [
    ['Main Office Secretary', 'Administration', '2210', [1, 1, 1, 1, 1], MAIN_OFFICE],
    ['Guidance Secretary', 'Guidance', '2710', [0, 0, 1, 1, 0], [44000, 52000]],
    ['Attendance Secretary', 'Administration', '2210', [0, 1, 1, 1, 0], ATTENDANCE],
    ['Registrar', 'Guidance', '2710', [0, 0, 0, 1, 0], [48000, 55000]],
  ]),
  ...group('Custodians', [
    ['Head Custodian', 'Facilities', '4110', [1, 1, 1, 1, 0], HEAD_CUSTODIAN],
    ['Custodian', 'Facilities', '4110', [0, 1, 2, 2, 1], CUSTODIAN],
    ['Night Custodian', 'Facilities', '4110', [0, 1, 2, 3, 0], NIGHT_CUSTODIAN],
  ]),
  ...group('Nurses', [['School Nurse', 'Health Services', '3200', [1, 1, 2, 2, 1], NURSE]]),
  ...group('Food Service', [
    ['Cafeteria Manager', 'Food Services', '3400', [0, 1, 1, 1, 0], CAFE_MANAGER],
    ['Food Service Worker', 'Food Services', '3400', [0, 2, 4, 4, 0], FOOD_WORKER],
  ]),
  ...group('Related Services', [
    ['Speech-Language Pathologist', 'Student Support', '2320', [1, 0, 0, 0, 0], SLP],
    ['Occupational Therapist', 'Student Support', '2320', [1, 0, 0, 0, 0], OT],
  ]),
];

/** Central office and district-wide staff (no building: District Wide). */
export const DISTRICT_WIDE_STAFF: PositionSpec[] = [
  p('Administrators', 'Superintendent', 'Central Office', '1210', 1, [210000, 214000]),
  p('Administrators', 'Assistant Superintendent', 'Central Office', '1220', 1, [170000, 175000]),
  p('Administrators', 'Business Manager', 'Business Office', '1410', 1, [145000, 150000]),
  p('Administrators', 'Director of Human Resources', 'Human Resources', '1420', 1, [115000, 120000]),
  p('Administrators', 'Director of Student Services', 'Student Services', '2110', 1, [140000, 144000]),
  p('Administrators', 'Director of Curriculum & Instruction', 'Curriculum', '2110', 1, [136000, 140000]),
  p('Administrators', 'Director of Technology', 'Technology', '1450', 1, [122000, 126000]),
  p('Administrators', 'Director of Facilities', 'Facilities', '4220', 1, [110000, 114000]),
  p('Secretaries', 'Executive Assistant to the Superintendent', 'Central Office', '1210', 1, [62000, 68000]),
  p('Secretaries', 'Payroll Specialist', 'Business Office', '1410', 1, [58000, 64000]),
  p('Secretaries', 'Accounts Payable Specialist', 'Business Office', '1410', 1, [55000, 60000]),
  p('Secretaries', 'HR Generalist', 'Human Resources', '1420', 1, [56000, 62000]),
  p('Secretaries', 'Student Services Secretary', 'Student Services', '2110', 1, [50000, 56000]),
  p('Technology', 'Network Administrator', 'Technology', '4400', 1, [94000, 98000]),
  p('Technology', 'Technology Specialist', 'Technology', '4400', 3, [58000, 68000]),
  p('Technology', 'Data & Assessment Coordinator', 'Technology', '2720', 1, [72000, 76000]),
  p('Technology', 'Help Desk Technician', 'Technology', '4400', 1, [50000, 54000]),
  p('Custodians', 'Maintenance Supervisor', 'Facilities', '4220', 1, [80000, 84000]),
  p('Custodians', 'Maintenance Technician', 'Facilities', '4220', 2, [62000, 72000]),
  p('Related Services', 'School Psychologist', 'Student Services', '2800', 1, PSYCH),
  p('Related Services', 'BCBA', 'Student Services', '2320', 1, BCBA),
  p('Related Services', 'Physical Therapist', 'Student Services', '2320', 1, [80000, 95000]),
  p('Food Service', 'Food Service Director', 'Food Services', '3400', 1, [82000, 86000]),
  p('Nurses', 'Nurse Leader', 'Health Services', '3200', 1, [96000, 100000]),
];

/** The positions of one building of the given type, in table order; a count of 0 is no position. */
export const STAFF_BY_TYPE: Record<BuildingType, PositionSpec[]> = {
  preschool: [],
  elementary: [],
  middle: [],
  high: [],
  special: [],
};
for (const { group: name, row } of SCHOOL_STAFFING) {
  const [position, department, dese, counts, pay, stipend] = row;
  SCHOOL_TYPES.forEach((type, i) => {
    if (counts[i] > 0) {
      STAFF_BY_TYPE[type].push(p(name, position, department, dese, counts[i], pay, stipend));
    }
  });
}
