import type { DeseCode } from './demo-fixtures';
import { DISTRICT_LINES, SCHOOL_LINES, type Site } from './demo-budget-templates';
import { CATEGORIES } from './demo-categories';
import type { DemoEnrollment } from './demo-enrollment';
import type { EmployeeLine } from './demo-people';
import { BUILDINGS, DISTRICT_WIDE, SCHEDULE_WORK_GROUPS } from './demo-reference';
import type { Random } from './random';

/**
 * The proposed (macro) budget of the demo district. Personnel categories carry one salary line per
 * building and function code the staff carry, close to the operating payroll so Budget Comparison has small and large variances to
 * show; non-personnel lines (supplies, textbooks, transportation, utilities, SPED tuition,
 * technology, professional development) are sized by enrollment and building type. FY25 is the
 * adopted budget and FY26 the current one; the seed projects FY27 with Generate Projections.
 */

export interface ProposedLine {
  fiscalYear: number;
  buildingCode: string | null;
  category: string;
  deseCode: string;
  /** The DESE spending category of deseCode, e.g. 'Instructional Materials, Equipment and Technology'. */
  deseCategory: string;
  name: string;
  accountDescription: string;
  accountLine: string;
  amountCents: number;
  notes: string | null;
}

/**
 * Proposed personnel lines against the operating payroll, per category: most within 1% (Aligned),
 * Pupil Services about 6% over (highlighted) and Food Services 12% under (Large Variance).
 */
const PERSONNEL_VARIANCE: Record<string, number> = {
  Teachers: 1.004,
  Paraprofessionals: 0.995,
  Administration: 1,
  'Pupil Services': 1.062,
  'Operations & Maintenance': 0.992,
  'Food Services': 0.88,
};

const hundreds = (dollars: number) => Math.round(dollars / 100) * 10000; // to cents, rounded to $100

function sites(employees: EmployeeLine[], enrollment: DemoEnrollment[]): Site[] {
  const fy26 = employees.filter((e) => e.fiscalYear === 2026);
  return [
    ...BUILDINGS.map((b) => ({
      code: b.code,
      name: b.name,
      org: b.org,
      type: b.type,
      students: enrollment
        .filter((e) => e.fiscalYear === 2026 && e.buildingCode === b.code)
        .reduce((n, e) => n + e.studentCount, 0),
      teachers: fy26.filter((e) => e.buildingCode === b.code && SCHEDULE_WORK_GROUPS.includes(e.workGroup))
        .length,
    })),
    { code: null, name: 'District Wide', org: DISTRICT_WIDE.org, type: null, students: 0, teachers: 0 },
  ];
}

/** Builds every proposed line for fiscal years 2025 and 2026. */
export function buildProposedLines(
  random: Random,
  employees: EmployeeLine[],
  enrollment: DemoEnrollment[],
  dese: Map<string, DeseCode>,
): ProposedLine[] {
  const make = (
    site: Site,
    fiscalYear: number,
    t: { name: string; category: string; dese: string; object: string },
    amountCents: number,
    notes: string | null,
  ): ProposedLine => {
    const code = dese.get(t.dese);
    if (!code) {
      throw new Error(`DESE function code ${t.dese} is not in fixtures/dese_function_codes.csv`);
    }
    return {
      fiscalYear,
      buildingCode: site.code,
      category: t.category,
      deseCode: t.dese,
      deseCategory: code.parentName,
      name: t.name,
      accountDescription: `${t.name} - ${site.name}`,
      accountLine: `01-${site.org}-${t.dese}-${t.object}`,
      amountCents,
      notes,
    };
  };
  const lines: ProposedLine[] = [];
  const yoy = new Map(CATEGORIES.map((c) => [c.name, (c.defaultYoY ?? 0) / 100]));
  for (const site of sites(employees, enrollment)) {
    // Personnel: the payroll of the site's staff per category and per the function code each
    // person carries (principals are School Leadership 2210, not their category's 1210), as the
    // business office budgets it and as 'Update Salary Budget' writes it.
    for (const category of CATEGORIES.filter((c) => c.isPersonnel)) {
      for (const fiscalYear of [2025, 2026]) {
        const byCode = new Map<string, number>();
        for (const e of employees) {
          if (e.fiscalYear === fiscalYear && e.buildingCode === site.code && e.category === category.name) {
            byCode.set(e.deseCode, (byCode.get(e.deseCode) ?? 0) + e.salaryCents);
          }
        }
        // The category's own code first, then the others in code order.
        const codes = [...byCode.keys()].sort(
          (a, b) =>
            Number(b === category.deseFunction) - Number(a === category.deseFunction) || a.localeCompare(b),
        );
        for (const code of codes) {
          const payroll = byCode.get(code)!;
          if (payroll <= 0) {
            continue;
          }
          // Another code's line is named by the code ('School Leadership Staff'), so a search for the
          // category's own line ('Teachers Salaries - ...', every word) finds that one line only.
          const name =
            code === category.deseFunction
              ? `${category.name} Salaries`
              : `${dese.get(code)?.name ?? code} Staff`;
          const template = { name, category: category.name, dese: code, object: '5110' };
          lines.push(
            make(
              site,
              fiscalYear,
              template,
              hundreds((payroll / 100) * PERSONNEL_VARIANCE[category.name]),
              null,
            ),
          );
        }
      }
    }
    // Non-personnel: FY26 sized by the site; FY25 a little lower, with the noise of a real year.
    for (const template of site.code ? SCHOOL_LINES : DISTRICT_LINES) {
      const base = template.amount(site, random);
      if (base === null || base === 0) {
        continue;
      }
      const fy26 = site.code ? base * random.between(0.94, 1.06) : base;
      const fy25 = (fy26 / (1 + (yoy.get(template.category) ?? 0))) * random.between(0.97, 1.03);
      lines.push(make(site, 2025, template, hundreds(fy25), template.notes ?? null));
      lines.push(make(site, 2026, template, hundreds(fy26), template.notes ?? null));
    }
  }
  return lines;
}
