import type { WorkGroupName } from './demo-reference';

/**
 * Budget categories of the demo district, each carrying a real DESE function code, and the COLA
 * and step-and-lane rates the district plans with.
 */

export interface DemoCategory {
  name: string;
  code: string;
  /** A detail code from fixtures/dese_function_codes.csv; the seed refuses codes not in it. */
  deseFunction: string;
  description: string;
  defaultYoY: number | null;
  color: string;
  isPersonnel: boolean;
}

export const CATEGORIES: DemoCategory[] = [
  {
    name: 'Teachers',
    code: 'TCHR',
    deseFunction: '2305',
    description: 'Classroom and specialist teacher salaries',
    defaultYoY: 3.5,
    color: '#3b82f6',
    isPersonnel: true,
  },
  {
    name: 'Paraprofessionals',
    code: 'PARA',
    deseFunction: '2330',
    description: 'Paraprofessional salaries',
    defaultYoY: 3.0,
    color: '#8b5cf6',
    isPersonnel: true,
  },
  {
    name: 'Administration',
    code: 'ADMN',
    deseFunction: '1210',
    description: 'District and school leadership and office staff',
    defaultYoY: 2.5,
    color: '#6366f1',
    isPersonnel: true,
  },
  {
    name: 'Pupil Services',
    code: 'PUPL',
    deseFunction: '2710',
    description: 'Guidance, nursing, psychological and therapy services',
    defaultYoY: 3.0,
    color: '#14b8a6',
    isPersonnel: true,
  },
  {
    name: 'Operations & Maintenance',
    code: 'OPMN',
    deseFunction: '4110',
    description: 'Custodial, maintenance and technology staff',
    defaultYoY: 2.5,
    color: '#f59e0b',
    isPersonnel: true,
  },
  {
    name: 'Food Services',
    code: 'FOOD',
    deseFunction: '3400',
    description: 'Cafeteria staff',
    defaultYoY: 2.0,
    color: '#f97316',
    isPersonnel: true,
  },
  {
    name: 'Instructional Materials & Technology',
    code: 'MATL',
    deseFunction: '2430',
    description: 'Supplies, textbooks, software and devices',
    defaultYoY: 2.0,
    color: '#10b981',
    isPersonnel: false,
  },
  {
    name: 'Transportation',
    code: 'TRAN',
    deseFunction: '3300',
    description: 'Regular and special education transportation',
    defaultYoY: 5.0,
    color: '#eab308',
    isPersonnel: false,
  },
  {
    name: 'Special Education Tuition',
    code: 'TUIT',
    deseFunction: '9400',
    description: 'Out-of-district placements, net of Circuit Breaker',
    defaultYoY: 8.0,
    color: '#ec4899',
    isPersonnel: false,
  },
  {
    name: 'Utilities & Facilities',
    code: 'UTIL',
    deseFunction: '4130',
    description: 'Energy, repairs, grounds and insurance',
    defaultYoY: 4.0,
    color: '#ef4444',
    isPersonnel: false,
  },
  // No default increase: shows the nullable default on the categories screen.
  {
    name: 'Professional Development',
    code: 'PDEV',
    deseFunction: '2356',
    description: 'Conferences, courses and coaching',
    defaultYoY: null,
    color: '#06b6d4',
    isPersonnel: false,
  },
];

/** The budget category each work group's salaries fall in. */
export const CATEGORY_OF_GROUP: Record<WorkGroupName, string> = {
  Teachers: 'Teachers',
  'Special Education': 'Teachers',
  Guidance: 'Pupil Services',
  'Related Services': 'Pupil Services',
  Paraprofessionals: 'Paraprofessionals',
  Secretaries: 'Administration',
  Nurses: 'Pupil Services',
  Administrators: 'Administration',
  Custodians: 'Operations & Maintenance',
  'Food Service': 'Food Services',
  Technology: 'Operations & Maintenance',
};

/**
 * The default COLA scenario: percent per work-group category and fiscal year. FY27 for TEACHERS is
 * the settled 3.5% of the teachers' contract; the rest are planning assumptions. (The next-year
 * salary rule reads contracts only, until COLA scenarios feed it.)
 */
export const DEFAULT_COLA_PLAN: Record<string, Record<number, number>> = {
  TEACHERS: { 2027: 3.5, 2028: 3.0, 2029: 3.0 },
  SUPPORT: { 2027: 2.5, 2028: 2.5, 2029: 2.5 },
  ADMIN: { 2027: 2.5, 2028: 2.5, 2029: 2.5 },
  OPERATIONS: { 2027: 2.5, 2028: 2.5, 2029: 2.25 },
};

/** Budget settings default: steps and lanes add 1.5% a year. */
export const STEP_LANE_PERCENT = 1.5;

/** The budget_categories rows of the list: the demo seed's and the setup's start (POST /setup/budget-categories). */
export function categoryRows(list: readonly DemoCategory[] = CATEGORIES) {
  return list.map((c, i) => ({
    name: c.name,
    code: c.code,
    description: c.description,
    dese_function: c.deseFunction,
    default_yoy_increase: c.defaultYoY,
    color: c.color,
    display_order: (i + 1) * 10,
    is_personnel: c.isPersonnel,
  }));
}
