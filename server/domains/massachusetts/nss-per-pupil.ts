import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { authorize, type Actor } from '@server/policies/index';
import { publicDashboardFiguresQueries as figures } from '@server/domains/public-dashboard';
import { findStateFigures } from './queries/nss';
import { enrolledStudentsOfYear } from '@server/domains/budgets';
import { divideRounded, fromCents, toCents, unitsOf } from '@shared/schemas/common';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { NO_FIGURES_MESSAGE, type PerPupil } from '@shared/schemas/nss';
import { NO_LINES_YET } from '@shared/budget-math';
import { resolveScope } from '@server/domains/planning';
import { deseCodes } from './dese-codes';
import { echoFunds, type FundChoice } from '@shared/schemas/fund-choice';

/**
 * Spending per pupil, two ways side by side, each saying how it is worked out:
 * the workbench's own figure (the fiscal year's proposed budget over that year's students entered
 * under Enrollment, counted as the residents' page counts them: enrolledStudentsOfYear, so a year
 * planned in another budget year is divided by its own students) and DESE's method (the same budget
 * by DESE's spending categories over the year's foundation enrollment from the state figures).
 * Both divide exact cents, rounded to the cent, halves away from zero. The budget is every fund's
 * lines, or the general fund's alone (`funds`), as the dashboard beside it reads.
 */

const NO_CODE = 'No DESE function code';

/** The budget by DESE spending category (the chart's parent), in code order; lines without a code last. */
async function byCategory(db: Db, scope: { budgetYearId: number; fiscalYear: number; funds?: FundChoice }) {
  const chart = deseCodes();
  const groups = new Map<string, { first: string; cents: bigint }>();
  let total = 0n;
  for (const row of await figures.proposedByDeseCode(db, scope)) {
    const amount = toCents(row.total) ?? 0n;
    total += amount;
    const code = row.code === null ? undefined : chart.get(row.code);
    const name = code?.parentName ?? NO_CODE;
    const group = groups.get(name) ?? { first: code?.code ?? '~', cents: 0n };
    group.cents += amount;
    if (code && code.code < group.first) {
      group.first = code.code;
    }
    groups.set(name, group);
  }
  const ordered = [...groups.entries()].sort((a, b) => a[1].first.localeCompare(b[1].first));
  return { total, groups: ordered.map(([name, g]) => ({ name, cents: g.cents })) };
}

/** GET /nss/per-pupil: the budget per pupil by both methods, and by DESE's categories. */
export async function perPupil(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number; funds?: FundChoice },
): Promise<PerPupil> {
  authorize(actor, 'dashboard.read');
  const scope = await resolveScope(app.db, input);
  const funds = echoFunds(input.funds);
  // 'FY27 proposed budget', or 'FY27 proposed budget (general fund only)'.
  const year = fiscalYearLabel(scope.fiscalYear);
  const fy = `${year} proposed budget${input.funds === 'general' ? ' (general fund only)' : ''}`;
  const { total, groups } = await byCategory(app.db, { ...scope, funds: input.funds });
  const students = await enrolledStudentsOfYear(app.db, scope.fiscalYear, scope.budgetYearId);
  const state = await findStateFigures(app.db, scope.fiscalYear);
  // Foundation enrollment in hundredths of a pupil (DESE counts part-time pupils as fractions).
  const pupils = state ? unitsOf(state.foundation_enrollment, 2) : null;
  // A year with no lines has not started: no '$0 per pupil', but where its lines come from.
  const noLines = groups.length === 0 ? `${NO_LINES_YET} for ${year} in this budget year` : null;
  const over = (amount: bigint) =>
    pupils && pupils > 0n && !noLines ? fromCents(divideRounded(amount * 100n, pupils)) : null;
  return {
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    budgetTotal: fromCents(total),
    methods: [
      {
        method: 'DISTRICT_ENROLLMENT',
        label: 'Per pupil, district enrollment',
        description:
          noLines ??
          (students > 0
            ? `${fy} ÷ ${students.toLocaleString('en-US')} ${year} students entered under Enrollment`
            : `No students are entered under Enrollment for ${year}`),
        enrollment: students > 0 ? students : null,
        perPupil: students > 0 && !noLines ? fromCents(divideRounded(total, BigInt(students))) : null,
      },
      {
        method: 'DESE_FOUNDATION',
        label: 'Per pupil, DESE method',
        description:
          noLines ??
          (state
            ? `${fy} ÷ ${Number(state.foundation_enrollment).toLocaleString('en-US')} foundation enrollment (DESE's Chapter 70 figure for ${year})`
            : NO_FIGURES_MESSAGE),
        enrollment: state ? Number(state.foundation_enrollment) : null,
        perPupil: over(total),
      },
    ],
    byFunction: pupils
      ? groups.map((g) => ({ name: g.name, amount: fromCents(g.cents), perPupil: over(g.cents)! }))
      : [],
    ...funds,
  };
}
