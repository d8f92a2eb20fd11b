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

const SUBJECT_DEPARTMENTS: [string, string, string][] = [
  // position, department, DESE code
  ['Mathematics Teacher', 'Mathematics', '2305'],
  ['English Teacher', 'English', '2305'],
  ['Science Teacher', 'Science', '2305'],
  ['Social Studies Teacher', 'Social Studies', '2305'],
  ['World Language Teacher', 'World Languages', '2305'],
  ['Art Teacher', 'Fine Arts', '2305'],
  ['Music Teacher', 'Fine Arts', '2305'],
  ['Physical Education & Health Teacher', 'Physical Education', '2305'],
  ['Technology & Engineering Teacher', 'Career & Technical', '2305'],
  ['English Learner Teacher', 'English Learners', '2305'],
  ['Library Media Specialist', 'Library', '2340'],
];

/** Secondary subject teachers: counts in SUBJECT_DEPARTMENTS order. */
function subjects(counts: number[]): PositionSpec[] {
  return SUBJECT_DEPARTMENTS.map(([position, department, dese], i) =>
    p('Teachers', position, department, dese, counts[i]),
  );
}

const ELEMENTARY: PositionSpec[] = [
  p('Teachers', 'Kindergarten Teacher', 'Kindergarten', '2305', 4),
  ...[1, 2, 3, 4].map((g) => p('Teachers', `Grade ${g} Teacher`, `Grade ${g}`, '2305', 4)),
  p('Teachers', 'Art Teacher', 'Fine Arts', '2305', 1),
  p('Teachers', 'Music Teacher', 'Fine Arts', '2305', 1),
  p('Teachers', 'Physical Education Teacher', 'Physical Education', '2305', 1),
  p('Teachers', 'Reading Specialist', 'Literacy', '2305', 1),
  p('Special Education', 'Special Education Teacher', 'Special Education', '2305', 4),
  p('Guidance', 'School Adjustment Counselor', 'Student Support', '2710', 1),
  p('Related Services', 'Speech-Language Pathologist', 'Student Support', '2320', 1, SLP),
  p('Paraprofessionals', 'Special Education Paraprofessional', 'Special Education', '2330', 6, SPED_PARA),
  p('Paraprofessionals', 'Instructional Paraprofessional', 'Instruction', '2330', 3, PARA),
  p('Administrators', 'Principal', 'Administration', '2210', 1, [128000, 136000]),
  p('Administrators', 'Assistant Principal', 'Administration', '2210', 1, [104000, 110000]),
  p('Secretaries', 'Main Office Secretary', 'Administration', '2210', 1, MAIN_OFFICE),
  p('Secretaries', 'Attendance Secretary', 'Administration', '2210', 1, ATTENDANCE),
  p('Custodians', 'Head Custodian', 'Facilities', '4110', 1, HEAD_CUSTODIAN),
  p('Custodians', 'Custodian', 'Facilities', '4110', 1, CUSTODIAN),
  p('Custodians', 'Night Custodian', 'Facilities', '4110', 1, NIGHT_CUSTODIAN),
  p('Nurses', 'School Nurse', 'Health Services', '3200', 1, NURSE),
  p('Food Service', 'Cafeteria Manager', 'Food Services', '3400', 1, CAFE_MANAGER),
  p('Food Service', 'Food Service Worker', 'Food Services', '3400', 2, FOOD_WORKER),
];

const PRESCHOOL: PositionSpec[] = [
  p('Teachers', 'Preschool Teacher', 'Early Childhood', '2305', 6),
  p('Special Education', 'Special Education Teacher', 'Early Childhood', '2305', 3),
  p('Paraprofessionals', 'Preschool Paraprofessional', 'Early Childhood', '2330', 12, PARA),
  p('Administrators', 'Preschool Director', 'Administration', '2210', 1, [94000, 100000]),
  p('Secretaries', 'Main Office Secretary', 'Administration', '2210', 1, MAIN_OFFICE),
  p('Custodians', 'Head Custodian', 'Facilities', '4110', 1, HEAD_CUSTODIAN),
  p('Nurses', 'School Nurse', 'Health Services', '3200', 1, NURSE),
  p('Related Services', 'Speech-Language Pathologist', 'Student Support', '2320', 1, SLP),
  p('Related Services', 'Occupational Therapist', 'Student Support', '2320', 1, OT),
];

const MIDDLE: PositionSpec[] = [
  ...subjects([10, 10, 9, 9, 5, 3, 4, 5, 2, 2, 1]),
  p('Teachers', 'Reading Specialist', 'Literacy', '2305', 2),
  p('Special Education', 'Special Education Teacher', 'Special Education', '2305', 7),
  p('Special Education', 'Special Education Team Chair', 'Special Education', '2305', 1, undefined, 6000),
  p('Guidance', 'School Counselor', 'Guidance', '2710', 3),
  p('Guidance', 'School Adjustment Counselor', 'Student Support', '2710', 1),
  p('Related Services', 'School Psychologist', 'Student Support', '2800', 1, PSYCH),
  p('Related Services', 'Speech-Language Pathologist', 'Student Support', '2320', 1, SLP),
  p('Paraprofessionals', 'Special Education Paraprofessional', 'Special Education', '2330', 7, SPED_PARA),
  p('Paraprofessionals', 'Instructional Paraprofessional', 'Instruction', '2330', 3, PARA),
  p('Administrators', 'Principal', 'Administration', '2210', 1, [140000, 148000]),
  p('Administrators', 'Assistant Principal', 'Administration', '2210', 2, [112000, 118000]),
  p('Secretaries', 'Main Office Secretary', 'Administration', '2210', 1, MAIN_OFFICE),
  p('Secretaries', 'Guidance Secretary', 'Guidance', '2710', 1, [44000, 52000]),
  p('Secretaries', 'Attendance Secretary', 'Administration', '2210', 1, ATTENDANCE),
  p('Custodians', 'Head Custodian', 'Facilities', '4110', 1, HEAD_CUSTODIAN),
  p('Custodians', 'Custodian', 'Facilities', '4110', 2, CUSTODIAN),
  p('Custodians', 'Night Custodian', 'Facilities', '4110', 2, NIGHT_CUSTODIAN),
  p('Nurses', 'School Nurse', 'Health Services', '3200', 2, NURSE),
  p('Food Service', 'Cafeteria Manager', 'Food Services', '3400', 1, CAFE_MANAGER),
  p('Food Service', 'Food Service Worker', 'Food Services', '3400', 4, FOOD_WORKER),
];

const HIGH: PositionSpec[] = [
  ...subjects([11, 11, 11, 10, 7, 3, 3, 4, 2, 2, 1]),
  p('Teachers', 'Business & Computer Science Teacher', 'Career & Technical', '2305', 3),
  p('Special Education', 'Special Education Teacher', 'Special Education', '2305', 7),
  p('Special Education', 'Special Education Team Chair', 'Special Education', '2305', 1, undefined, 6000),
  p('Guidance', 'Director of Guidance', 'Guidance', '2710', 1, undefined, 9500),
  p('Guidance', 'School Counselor', 'Guidance', '2710', 4),
  p('Guidance', 'School Adjustment Counselor', 'Student Support', '2710', 1),
  p('Related Services', 'School Psychologist', 'Student Support', '2800', 1, PSYCH),
  p('Paraprofessionals', 'Special Education Paraprofessional', 'Special Education', '2330', 6, SPED_PARA),
  p('Paraprofessionals', 'Instructional Paraprofessional', 'Instruction', '2330', 2, PARA),
  p('Administrators', 'Principal', 'Administration', '2210', 1, [148000, 156000]),
  p('Administrators', 'Assistant Principal', 'Administration', '2210', 2, [118000, 124000]),
  p('Administrators', 'Athletic Director', 'Athletics', '3510', 1, [98000, 106000]),
  p('Secretaries', 'Main Office Secretary', 'Administration', '2210', 1, MAIN_OFFICE),
  p('Secretaries', 'Guidance Secretary', 'Guidance', '2710', 1, [44000, 52000]),
  p('Secretaries', 'Attendance Secretary', 'Administration', '2210', 1, ATTENDANCE),
  p('Secretaries', 'Registrar', 'Guidance', '2710', 1, [48000, 55000]),
  p('Custodians', 'Head Custodian', 'Facilities', '4110', 1, HEAD_CUSTODIAN),
  p('Custodians', 'Custodian', 'Facilities', '4110', 2, CUSTODIAN),
  p('Custodians', 'Night Custodian', 'Facilities', '4110', 3, NIGHT_CUSTODIAN),
  p('Nurses', 'School Nurse', 'Health Services', '3200', 2, NURSE),
  p('Food Service', 'Cafeteria Manager', 'Food Services', '3400', 1, CAFE_MANAGER),
  p('Food Service', 'Food Service Worker', 'Food Services', '3400', 4, FOOD_WORKER),
];

const SPECIAL: PositionSpec[] = [
  p('Teachers', 'Mathematics Teacher', 'Academics', '2305', 1),
  p('Teachers', 'English Teacher', 'Academics', '2305', 1),
  p('Teachers', 'Science Teacher', 'Academics', '2305', 1),
  p('Teachers', 'Social Studies Teacher', 'Academics', '2305', 1),
  p('Teachers', 'Life Skills Teacher', 'Academics', '2305', 1),
  p('Special Education', 'Special Education Teacher', 'Special Education', '2305', 6),
  p('Guidance', 'School Adjustment Counselor', 'Student Support', '2710', 2),
  p('Related Services', 'BCBA', 'Student Support', '2320', 1, BCBA),
  p('Related Services', 'Occupational Therapist', 'Student Support', '2320', 1, OT),
  p('Paraprofessionals', 'ABA Technician', 'Special Education', '2330', 4, [33000, 39000]),
  p('Paraprofessionals', 'Special Education Paraprofessional', 'Special Education', '2330', 6, SPED_PARA),
  p('Administrators', 'Program Director', 'Administration', '2210', 1, [114000, 122000]),
  p('Secretaries', 'Main Office Secretary', 'Administration', '2210', 1, MAIN_OFFICE),
  p('Custodians', 'Custodian', 'Facilities', '4110', 1, CUSTODIAN),
  p('Nurses', 'School Nurse', 'Health Services', '3200', 1, NURSE),
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

/** The positions of one building of the given type. */
export const STAFF_BY_TYPE: Record<BuildingType, PositionSpec[]> = {
  preschool: PRESCHOOL,
  elementary: ELEMENTARY,
  middle: MIDDLE,
  high: HIGH,
  special: SPECIAL,
};
