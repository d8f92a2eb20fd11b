/**
 * Reference data of the demo district, Millbrook Public Schools, a fictional Massachusetts district
 * of about 3,900 students: eight schools, work-group categories and work groups. District Wide is
 * not a building: a null building means District Wide, so central-office staff and
 * district-wide lines have no building.
 */

export const DISTRICT_NAME = 'Millbrook Public Schools';

export type BuildingType = 'preschool' | 'elementary' | 'middle' | 'high' | 'special';

export interface DemoBuilding {
  code: string;
  name: string;
  address: string;
  type: BuildingType;
  color: string;
  /** The school's org segment in account strings (01-<org>-<DESE>-<object>). */
  org: string;
}

export const BUILDINGS: DemoBuilding[] = [
  {
    code: 'LOP',
    name: 'Little Oaks Preschool',
    address: '14 Chestnut Street, Millbrook, MA 01468',
    type: 'preschool',
    color: '#f59e0b',
    org: '110',
  },
  {
    code: 'CSE',
    name: 'Center Street Elementary School',
    address: '82 Center Street, Millbrook, MA 01468',
    type: 'elementary',
    color: '#10b981',
    org: '120',
  },
  {
    code: 'HSE',
    name: 'Hillside Elementary School',
    address: '5 Hillside Avenue, Millbrook, MA 01468',
    type: 'elementary',
    color: '#3b82f6',
    org: '130',
  },
  {
    code: 'MGE',
    name: 'Maple Grove Elementary School',
    address: '240 Maple Street, Millbrook, MA 01468',
    type: 'elementary',
    color: '#8b5cf6',
    org: '140',
  },
  {
    code: 'RBE',
    name: 'Riverbend Elementary School',
    address: '1 Riverbend Way, Millbrook, MA 01468',
    type: 'elementary',
    color: '#ec4899',
    org: '150',
  },
  {
    code: 'WMS',
    name: 'Whitcomb Middle School',
    address: '300 Whitcomb Road, Millbrook, MA 01468',
    type: 'middle',
    color: '#ef4444',
    org: '160',
  },
  {
    code: 'MHS',
    name: 'Millbrook High School',
    address: '1000 Lancaster Avenue, Millbrook, MA 01468',
    type: 'high',
    color: '#1d4ed8',
    org: '170',
  },
  {
    code: 'PWA',
    name: 'Pathways Academy',
    address: '18 Mill Pond Road, Millbrook, MA 01468',
    type: 'special',
    color: '#84cc16',
    org: '180',
  },
];

/** The org segment and location code of District Wide (central office) lines. */
export const DISTRICT_WIDE = { code: 'DW', org: '100' };

export const WORK_GROUP_CATEGORIES = [
  {
    name: 'TEACHERS',
    description: 'Unit A: teachers, specialists, counselors and related-service providers',
    background: '#dbeafe',
    text: '#1e40af',
  },
  {
    name: 'SUPPORT',
    description: 'Paraprofessionals, secretaries and nurses',
    background: '#dcfce7',
    text: '#166534',
  },
  {
    name: 'ADMIN',
    description: 'Principals, directors and central-office administrators',
    background: '#f3e8ff',
    text: '#6b21a8',
  },
  {
    name: 'OPERATIONS',
    description: 'Custodial, maintenance, food service and technology staff',
    background: '#fef3c7',
    text: '#92400e',
  },
];

export type WorkGroupName =
  | 'Teachers'
  | 'Special Education'
  | 'Guidance'
  | 'Related Services'
  | 'Paraprofessionals'
  | 'Secretaries'
  | 'Nurses'
  | 'Administrators'
  | 'Custodians'
  | 'Food Service'
  | 'Technology';

export const WORK_GROUPS: { name: WorkGroupName; category: string; description: string }[] = [
  { name: 'Teachers', category: 'TEACHERS', description: 'Classroom teachers and specialists (Unit A)' },
  {
    name: 'Special Education',
    category: 'TEACHERS',
    description: 'Special education teachers and team chairs (Unit A)',
  },
  { name: 'Guidance', category: 'TEACHERS', description: 'School and adjustment counselors (Unit A)' },
  { name: 'Related Services', category: 'TEACHERS', description: 'Speech, OT, PT, psychologists and BCBAs' },
  {
    name: 'Paraprofessionals',
    category: 'SUPPORT',
    description: 'Instructional and special education paraprofessionals',
  },
  {
    name: 'Secretaries',
    category: 'SUPPORT',
    description: 'School and central office secretaries and clerks',
  },
  { name: 'Nurses', category: 'SUPPORT', description: 'School nurses' },
  { name: 'Administrators', category: 'ADMIN', description: 'Building and district administrators' },
  { name: 'Custodians', category: 'OPERATIONS', description: 'Custodians and maintenance staff' },
  {
    name: 'Food Service',
    category: 'OPERATIONS',
    description: 'Cafeteria managers and food service workers',
  },
  { name: 'Technology', category: 'OPERATIONS', description: 'Network, help desk and data staff' },
];

/** Work groups paid on the teachers' step-and-lane schedule. */
export const SCHEDULE_WORK_GROUPS: WorkGroupName[] = ['Teachers', 'Special Education', 'Guidance'];
