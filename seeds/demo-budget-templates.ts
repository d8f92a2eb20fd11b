import type { BuildingType } from './demo-reference';
import type { Random } from './random';

/**
 * The non-personnel lines of the demo district's proposed budget: what each school spends on
 * supplies, textbooks, devices, energy, repairs and professional development (sized by enrollment
 * and building type), and the district-wide contracts, tuitions and services. FY26 dollars.
 */

export interface Site {
  code: string | null;
  name: string;
  org: string;
  type: BuildingType | null;
  students: number;
  teachers: number;
}

export interface Template {
  name: string;
  category: string;
  dese: string;
  object: string;
  /** Dollars for FY26, or null when the site has no such line. */
  amount(site: Site, random: Random): number | null;
  notes?: string;
}

/** The value for the site's building type; null for District Wide. */
const byType = (site: Site, values: Record<BuildingType, number>) => (site.type ? values[site.type] : null);
const ELECTRICITY: Record<BuildingType, number> = {
  preschool: 38000,
  elementary: 108000,
  middle: 210000,
  high: 290000,
  special: 30000,
};

export const SCHOOL_LINES: Template[] = [
  {
    name: 'General Classroom Supplies',
    category: 'Instructional Materials & Technology',
    dese: '2430',
    object: '5420',
    amount: (s) => 55 * s.students,
  },
  {
    name: 'Textbooks & Curriculum Materials',
    category: 'Instructional Materials & Technology',
    dese: '2410',
    object: '5430',
    amount: (s) => (s.type === 'preschool' ? 15 : 40) * s.students,
  },
  {
    name: 'Instructional Software Licenses',
    category: 'Instructional Materials & Technology',
    dese: '2455',
    object: '5470',
    amount: (s) => 22 * s.students,
  },
  {
    name: 'Library Books & Periodicals',
    category: 'Instructional Materials & Technology',
    dese: '2415',
    object: '5440',
    // Preschool and Pathways share the district library services.
    amount: (s) => (s.type === 'preschool' || s.type === 'special' ? null : 9 * s.students),
  },
  {
    name: 'Student Devices (Chromebooks)',
    category: 'Instructional Materials & Technology',
    dese: '2451',
    object: '5850',
    amount: (s) => (s.type === 'preschool' ? null : 70 * s.students),
  },
  {
    name: 'Instructional Equipment',
    category: 'Instructional Materials & Technology',
    dese: '2420',
    object: '5851',
    amount: (_s, r) => r.int(6000, 12000),
  },
  {
    name: 'Electricity',
    category: 'Utilities & Facilities',
    dese: '4130',
    object: '5211',
    amount: (s) => byType(s, ELECTRICITY),
  },
  {
    name: 'Heating Fuel & Natural Gas',
    category: 'Utilities & Facilities',
    dese: '4120',
    object: '5212',
    amount: (s) => 0.6 * (byType(s, ELECTRICITY) ?? 0),
  },
  {
    name: 'Building Repairs & Maintenance',
    category: 'Utilities & Facilities',
    dese: '4220',
    object: '5240',
    amount: (s) =>
      byType(s, { preschool: 18000, elementary: 45000, middle: 80000, high: 110000, special: 15000 }),
  },
  {
    name: 'Custodial Supplies',
    category: 'Utilities & Facilities',
    dese: '4110',
    object: '5450',
    amount: (s) => 4000 + 30 * s.students,
  },
  {
    name: 'Conferences & Workshops',
    category: 'Professional Development',
    dese: '2356',
    object: '5710',
    amount: (s) => 350 * s.teachers,
  },
];

export const DISTRICT_LINES: Template[] = [
  {
    name: 'Regular Day Transportation Contract',
    category: 'Transportation',
    dese: '3300',
    object: '5130',
    amount: () => 2350000,
  },
  {
    name: 'Special Education Transportation',
    category: 'Transportation',
    dese: '3300',
    object: '5131',
    amount: () => 1150000,
  },
  {
    name: 'Homeless (McKinney-Vento) Transportation',
    category: 'Transportation',
    dese: '3300',
    object: '5132',
    amount: () => 65000,
  },
  {
    name: 'Tuition - Educational Collaboratives',
    category: 'Special Education Tuition',
    dese: '9400',
    object: '5630',
    amount: () => 1900000,
  },
  {
    name: 'Tuition - Private Day & Residential Schools',
    category: 'Special Education Tuition',
    dese: '9300',
    object: '5631',
    amount: () => 2600000,
  },
  {
    name: 'Tuition - Other Massachusetts Public Schools',
    category: 'Special Education Tuition',
    dese: '9100',
    object: '5632',
    amount: () => 320000,
  },
  {
    name: 'Circuit Breaker Reimbursement Offset',
    category: 'Special Education Tuition',
    dese: '9300',
    object: '5639',
    amount: () => -850000,
    notes: 'State special education reimbursement applied against tuition (a credit line)',
  },
  {
    name: 'K-8 Mathematics Curriculum Adoption',
    category: 'Instructional Materials & Technology',
    dese: '2410',
    object: '5430',
    amount: () => 185000,
  },
  {
    name: 'Student Information System & District Software',
    category: 'Instructional Materials & Technology',
    dese: '1450',
    object: '5470',
    amount: () => 95000,
  },
  {
    name: 'Network Infrastructure & Internet',
    category: 'Instructional Materials & Technology',
    dese: '4450',
    object: '5340',
    amount: () => 140000,
  },
  {
    name: 'Testing & Assessment Materials',
    category: 'Instructional Materials & Technology',
    dese: '2720',
    object: '5420',
    amount: () => 38000,
  },
  {
    name: 'District Professional Development Providers',
    category: 'Professional Development',
    dese: '2358',
    object: '5300',
    amount: () => 120000,
  },
  {
    name: 'Instructional Coaching Stipends',
    category: 'Professional Development',
    dese: '2354',
    object: '5190',
    amount: () => 48000,
  },
  {
    name: 'Property & Liability Insurance',
    category: 'Utilities & Facilities',
    dese: '5260',
    object: '5740',
    amount: () => 210000,
  },
  {
    name: 'Extraordinary Maintenance - HVAC Controls',
    category: 'Utilities & Facilities',
    dese: '4300',
    object: '5241',
    amount: () => 150000,
  },
  {
    name: 'Snow Removal & Grounds',
    category: 'Utilities & Facilities',
    dese: '4210',
    object: '5290',
    amount: () => 85000,
  },
];
