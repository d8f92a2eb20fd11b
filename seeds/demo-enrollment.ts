import type { BuildingType } from './demo-reference';
import { BUILDINGS } from './demo-reference';
import type { Random } from './random';

/** Enrollment of the demo district: about 3,900 students across the eight schools. */

/** The grades each building type enrols. */
export const GRADES_BY_TYPE: Record<BuildingType, string[]> = {
  preschool: ['P'],
  elementary: ['K', '1', '2', '3', '4'],
  middle: ['5', '6', '7', '8'],
  high: ['9', '10', '11', '12'],
  special: ['P', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'SP'],
};

export interface DemoEnrollment {
  fiscalYear: number;
  buildingCode: string;
  grade: string;
  studentCount: number;
  specialEdCount: number | null;
}

/** Students per grade for FY26; other years drift a little around it. */
function baseCount(type: BuildingType, grade: string, random: Random): number {
  switch (type) {
    case 'preschool':
      return random.int(66, 78);
    case 'elementary':
      return random.int(62, 84);
    case 'middle':
      return random.int(288, 322);
    case 'high':
      return random.int(262, 300);
    default:
      // Pathways serves a handful of students per grade and none in some.
      return grade === 'SP'
        ? random.int(8, 12)
        : random.weighted([
            [0, 2],
            [1, 2],
            [2, 3],
            [3, 3],
            [4, 2],
            [5, 1],
          ]);
  }
}

/** Enrollment per building and grade for each fiscal year; grades with no students are left out. */
export function buildEnrollment(random: Random, fiscalYears: number[]): DemoEnrollment[] {
  const rows: DemoEnrollment[] = [];
  for (const building of BUILDINGS) {
    for (const grade of GRADES_BY_TYPE[building.type]) {
      const base = baseCount(building.type, grade, random);
      for (const fiscalYear of fiscalYears) {
        const drift = fiscalYear === 2026 ? 1 : random.between(0.96, 1.04);
        const studentCount = Math.round(base * drift);
        if (studentCount === 0) {
          continue;
        }
        // Integrated preschool and Pathways are mostly special education; elsewhere ~16%.
        const share =
          building.type === 'special' ? 1 : building.type === 'preschool' ? 0.4 : random.between(0.12, 0.2);
        const specialEdCount = grade === 'SP' ? null : Math.round(studentCount * share);
        rows.push({ fiscalYear, buildingCode: building.code, grade, studentCount, specialEdCount });
      }
    }
  }
  return rows;
}
