import { z } from 'zod';
import { BUILDING_TYPES, idNumber } from './common';

/** Every grade the enrollment table accepts, in school order. */
export const GRADES = [
  'P',
  'K',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  'SP',
] as const;
export type Grade = (typeof GRADES)[number];

export type BuildingType = (typeof BUILDING_TYPES)[number];

/** Grades per building type; a building with no type may enrol any grade. */
export const GRADES_BY_BUILDING_TYPE: Record<BuildingType, readonly Grade[]> = {
  preschool: ['P'],
  elementary: ['K', '1', '2', '3', '4'],
  middle: ['5', '6', '7', '8'],
  high: ['9', '10', '11', '12'],
  special: GRADES,
};

export function gradesFor(buildingType: string | null): readonly Grade[] {
  return (GRADES_BY_BUILDING_TYPE as Record<string, readonly Grade[]>)[buildingType ?? ''] ?? GRADES;
}

/** How a grade reads on screen: 'P' Pre-K, 'K' Kindergarten, 'SP' Special Program, else 'Grade 5'. */
export function gradeLabel(grade: string): string {
  if (grade === 'P') {
    return 'Pre-K';
  }
  if (grade === 'K') {
    return 'Kindergarten';
  }
  if (grade === 'SP') {
    return 'Special Program';
  }
  return `Grade ${grade}`;
}

const studentCount = z
  .number({ error: 'Enter a whole number of students' })
  .int('Enter a whole number of students')
  .min(0, 'Student counts cannot be negative')
  .max(100_000);

const gradeEntry = z
  .strictObject({
    grade: z.enum(GRADES, { error: 'Unknown grade' }),
    studentCount,
    specialEdCount: studentCount.nullable().optional(),
  })
  .refine((g) => g.specialEdCount == null || g.specialEdCount <= g.studentCount, {
    message: 'Special education students cannot outnumber students',
    path: ['specialEdCount'],
  });

export const NO_STUDENTS_MESSAGE = 'Please enter at least one student count';

/** POST /enrollment: one grade of one building (one call per grade). */
export const saveEnrollmentBody = z
  .strictObject({
    budgetYearId: idNumber,
    buildingId: idNumber,
    grade: z.enum(GRADES, { error: 'Unknown grade' }),
    studentCount,
    specialEdCount: studentCount.nullable().optional(),
  })
  .refine((g) => g.specialEdCount == null || g.specialEdCount <= g.studentCount, {
    message: 'Special education students cannot outnumber students',
    path: ['specialEdCount'],
  });

/**
 * POST /enrollment/batch: a building's grades in one transaction. Grades with students are saved;
 * the building's other grades for that budget year are removed, so the form is what is stored.
 */
export const saveEnrollmentBatchBody = z
  .strictObject({
    budgetYearId: idNumber,
    buildingId: idNumber,
    grades: z.array(gradeEntry).max(GRADES.length),
  })
  // Grades at 0 are not saved, so a form with none above 0 has nothing to save.
  .refine((b) => b.grades.some((g) => g.studentCount > 0), { message: NO_STUDENTS_MESSAGE });

export type SaveEnrollmentBody = z.infer<typeof saveEnrollmentBody>;
export type SaveEnrollmentBatchBody = z.infer<typeof saveEnrollmentBatchBody>;

export const enrollmentRecordSchema = z.object({
  id: z.number().int(),
  budgetYearId: z.number().int(),
  buildingId: z.number().int(),
  grade: z.string(),
  gradeLevel: z.object({ shortName: z.string(), name: z.string() }),
  studentCount: z.number().int(),
  specialEdCount: z.number().int().nullable(),
  building: z.object({ id: z.number().int(), name: z.string() }),
  updatedAt: z.string(),
});

export const enrollmentBuildingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  buildingType: z.string().nullable(),
  /** The grades this building's type enrols. */
  grades: z.array(z.string()),
  totalStudents: z.number().int(),
  specialEdStudents: z.number().int(),
  gradesEntered: z.number().int(),
});

/** GET /enrollment?budgetYearId: the records, and every building with its totals (for the card grid). */
export const enrollmentResponse = z.object({
  budgetYearId: z.number().int(),
  enrollment: z.array(enrollmentRecordSchema),
  buildings: z.array(enrollmentBuildingSchema),
  totals: z.object({ students: z.number().int(), specialEd: z.number().int() }),
});

export const enrollmentSavedResponse = z.object({ enrollment: enrollmentRecordSchema });
export const enrollmentBatchResponse = z.object({
  enrollment: z.array(enrollmentRecordSchema),
  saved: z.number().int(),
  removed: z.number().int(),
});

export type EnrollmentRecord = z.infer<typeof enrollmentRecordSchema>;
export type EnrollmentBuilding = z.infer<typeof enrollmentBuildingSchema>;
export type EnrollmentResponse = z.infer<typeof enrollmentResponse>;
