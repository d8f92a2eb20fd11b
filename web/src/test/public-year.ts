import type { PublicYearData } from '@shared/schemas/public-dashboard';

/**
 * A published year whose figures, rounded row by row to whole dollars, do not add up to their
 * Total: the real Boston payroll's state categories (Teachers $547,732,276.31 + Other Teaching
 * Services $61,363,806.47 = $609,096,082.78, which read $547,732,276 + $61,363,806 over
 * $609,096,083), buildings of two halves and .78 (each rounds up on its own: $609,096,084 in all;
 * the total once: $609,096,083), and staff salaries by school. The resident page's tests (React and
 * the no-JavaScript page) read it; their expected figures are worked out by hand from these cents.
 */
export const ROUNDED_APART_YEAR: PublicYearData = {
  fiscalYear: 2027,
  publishedAt: '2026-11-20T15:00:00.000Z',
  totalBudget: 609_096_082.78,
  townGoal: 610_000_000,
  hasTownGoal: true,
  guidanceGap: 903_917.22,
  categoryBreakdown: [
    { name: 'Salaries', amount: 547_732_276.31, itemCount: 25_530, color: '#1d4ed8' },
    { name: 'Contracted Services', amount: 61_363_806.47, itemCount: 120, color: '#0f766e' },
  ],
  buildingBreakdown: [
    { name: 'Hillside', amount: 300_000_000.5 },
    { name: 'Lakeview', amount: 200_000_000.5 },
    { name: 'District Wide', amount: 109_096_081.78 },
  ],
  salaryData: null,
  locationData: {
    locations: [
      { location: 'Hillside', count: 40, totalSalary: 1_234_567.5, isOther: false, salaryRounded: false },
      { location: 'Other', count: 9, totalSalary: 765_432.5, isOther: true, salaryRounded: false },
    ],
    totalEmployees: 49,
    totalSalaries: 2_000_000,
    totalSalariesRounded: false,
  },
  perPupil: null,
  deseBreakdown: [
    {
      name: 'Teachers',
      amount: 547_732_276.31,
      functions: [
        { code: '2305', name: 'Classroom Teachers', amount: 500_123_456.6 },
        { code: '2310', name: 'Teachers, Specialists', amount: 47_608_819.71 },
      ],
    },
    {
      name: 'Other Teaching Services',
      amount: 61_363_806.47,
      functions: [
        { code: '2330', name: 'Instructional Coordinators and Team Leaders', amount: 30_000_000.24 },
        { code: '2340', name: 'Librarians and Media Center Directors', amount: 31_363_806.23 },
      ],
    },
  ],
  includesProjectedEmployees: false,
};

/**
 * A planned year as the demo's FY27 publishes it: no employees of its own, its staff the FY26
 * roster's budgeted positions (staffSource 'roster'): 507 positions, 504 filled and 3 vacant, whose
 * salaries are the holders' budgeted pay and the vacancies' schedule cost, $36,882,930.65 in all
 * ($8,716,018.01 + $7,927,757.51 + $20,239,155.13 of the rest, counted together as Other).
 */
export const ROSTER_YEAR: PublicYearData = {
  ...ROUNDED_APART_YEAR,
  locationData: {
    locations: [
      { location: 'Millbrook High School', count: 114, totalSalary: 8_716_018.01, isOther: false },
      { location: 'Whitcomb Middle School', count: 106, totalSalary: 7_927_757.51, isOther: false },
      { location: 'Other', count: 287, totalSalary: 20_239_155.13, isOther: true },
    ],
    totalEmployees: 507,
    totalSalaries: 36_882_930.65,
    totalSalariesRounded: false,
  },
  staffSource: 'roster',
};
