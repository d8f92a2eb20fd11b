import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { badRequest, conflict } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { MAX_MONEY_LABEL } from '@server/domains/line-items';
import { findCurrentImportInfo } from '@server/domains/imports';
import * as q from './queries/projections';
import { fiscalYearLabel as label } from '@shared/schemas/fiscal-year';
import type { Base } from '@shared/schemas/ledger-base';
import { MAX_PROJECTION_YEARS, type GenerateProjectionsInput as Parsed } from '@shared/schemas/projections';
import { actualSpending, baseFactorsOf, noLedger } from '@server/domains/ledger';
import { keepingHomes, requireBudgetYear } from '@server/domains/budgets';
import * as lines from '@server/domains/line-items';

/** The parsed body; proposedBase may be left out by callers in code (the demo seed): the budget. */
type GenerateProjectionsInput = Omit<Parsed, 'proposedBase'> & { proposedBase?: Base };

const isNumericOverflow = (err: unknown) => (err as { code?: string })?.code === '22003';

/**
 * Generate Projections: projects one kind from its base year (the latest fiscal year with imported
 * lines) into every fiscal year up to toFiscalYear, marked projected, each year grown from the one
 * before: employees by the next-year salary rule of each year (q.projectEmployees, every year in
 * one statement), proposed lines by their category's default increase (a statement a year). Years
 * holding imported lines are actuals: never projected over (reported in skippedYears; a target
 * that is one is a 400), and projected lines left in them from before their import are removed
 * (supersededCount). Projected lines already in the target years are a 409 unless
 * forceRegenerate, which replaces them. Amounts that would overflow the money columns are a 400
 * naming the year. Runs on the caller's transaction (the demo seed calls it too), so a refusal
 * writes nothing.
 *
 * proposedBase 'actual': the first year projected from that has a ledger import
 * (in practice the base year) grows from its actual spending: each category's lines are scaled by
 * the category's actual ÷ budget (actualSpending; factor 1 where it cannot be had, and why) before
 * its default increase. The factors are in the response and the audit. No ledger: a 400.
 */
export function generateProjectionsIn(trx: Db, actor: Actor, input: GenerateProjectionsInput) {
  // Regenerating deletes the projected lines before writing them again: the years this budget
  // year is the home of stay so (a year planned only by projections would lose its home between).
  return keepingHomes(trx, input.budgetYearId, () => generate(trx, actor, input));
}

async function generate(trx: Db, actor: Actor, input: GenerateProjectionsInput) {
  const kind = input.projectionType;
  const isOperating = kind === 'operating';
  const proposedBase = input.proposedBase ?? 'budget';
  if (isOperating && proposedBase === 'actual') {
    throw badRequest(
      'Actual spending is a base for proposed lines only: employee lines grow by the salary rules',
      [{ path: 'proposedBase', message: "Use 'budget' (or leave it out) for operating projections" }],
    );
  }
  const year = await requireBudgetYear(trx, input.budgetYearId);
  const scope = { budgetYearId: input.budgetYearId, isOperating };
  const own = (await q.yearKindCounts(trx, input.budgetYearId)).filter((r) => r.isOperating === isOperating);
  const importedCount = (fy: number) =>
    own.filter((r) => r.fiscalYear === fy && !r.isProjected).reduce((n, r) => n + r.count, 0);
  const importedYears = [...new Set(own.filter((r) => !r.isProjected).map((r) => r.fiscalYear))].sort(
    (a, b) => a - b,
  );
  if (!importedYears.length) {
    throw badRequest(`There are no imported ${kind} lines to project from`);
  }
  const baseYear = importedYears[importedYears.length - 1];
  const actuals = (fy: number) =>
    `${label(fy)} holds ${importedCount(fy)} imported ${kind} lines: actuals are never projected over`;
  const span = input.toFiscalYear - baseYear;
  if (span < 1 || span > MAX_PROJECTION_YEARS) {
    const target = importedYears.includes(input.toFiscalYear) ? `${actuals(input.toFiscalYear)}. ` : '';
    throw badRequest(
      `${target}Project to a fiscal year after the base year ${label(baseYear)}, at most ${label(baseYear + MAX_PROJECTION_YEARS)}`,
      [
        {
          path: 'toFiscalYear',
          message: `Must be between ${baseYear + 1} and ${baseYear + MAX_PROJECTION_YEARS}`,
        },
      ],
    );
  }
  // Asked for: the years after the recorded base year. Those holding imported lines are skipped.
  const from = Math.min(year.base_year ?? year.current_fiscal_year, baseYear) + 1;
  const skippedYears = importedYears
    .filter((fy) => fy >= from)
    .map((fy) => ({ fiscalYear: fy, reason: actuals(fy) }));
  const fiscalYears = Array.from({ length: span }, (_, i) => baseYear + 1 + i);
  const ledgerYear = await ledgerYearOf(trx, proposedBase, fiscalYears);
  const existing = await q.countProjected(trx, scope, fiscalYears[0], input.toFiscalYear);
  if (existing > 0 && !input.forceRegenerate) {
    throw conflict(
      `${label(fiscalYears[0])} to ${label(input.toFiscalYear)} already have ${existing} projected ${kind} lines; regenerate to replace them`,
    );
  }
  const replacedCount =
    existing > 0
      ? await lines.deleteProjectedLines(trx, scope, { from: fiscalYears[0], to: input.toFiscalYear })
      : 0;
  const supersededYears = importedYears.filter((fy) => own.some((r) => r.fiscalYear === fy && r.isProjected));
  const supersededCount = await lines.deleteProjectedLines(trx, scope, supersededYears);
  const overflow = (fy: number) => {
    const what = isOperating ? `next-year salaries of ${label(fy)}` : `amounts of ${label(fy)}`;
    return badRequest(
      `The projected ${what} would exceed ${MAX_MONEY_LABEL}, the most a line can hold; project to an earlier year`,
      [{ path: 'toFiscalYear', message: `Projecting into ${label(fy)} exceeds ${MAX_MONEY_LABEL}` }],
    );
  };
  let projectedCount = 0;
  let actualBase: ActualBase | null = null;
  if (isOperating) {
    const result = await lines.projectEmployeeLines(trx, scope, baseYear, input.toFiscalYear);
    if (result.overflowYear !== null) {
      throw overflow(result.overflowYear);
    }
    projectedCount = result.count;
  } else {
    for (const fy of fiscalYears) {
      // Read when the year projected from holds its lines (a later year's are written by this loop).
      if (fy - 1 === ledgerYear) {
        actualBase = await actualBaseOf(trx, input.budgetYearId, ledgerYear);
      }
      const factors =
        fy - 1 === ledgerYear
          ? actualBase!.factors
              .filter((f) => f.categoryId !== null && f.factor !== '1')
              .map((f) => ({ categoryId: f.categoryId!, factor: f.factor }))
          : [];
      try {
        projectedCount += await lines.projectProposedLines(trx, scope, baseYear, fy - 1, factors);
      } catch (err) {
        throw isNumericOverflow(err) ? overflow(fy) : err;
      }
    }
  }
  await lines.auditBulkChange(
    trx,
    actor,
    { action: 'generate-projections', reason: `Generate Projections to ${label(input.toFiscalYear)}` },
    {
      entity: 'budget-year',
      entityId: input.budgetYearId,
      before: { projectedLines: existing, supersededLines: supersededCount },
      after: {
        projectionType: kind,
        baseYear,
        fiscalYears,
        projectedCount,
        replacedCount,
        skippedYears,
        proposedBase,
        ...(actualBase ? { actualBase } : {}),
      },
    },
  );
  return {
    projectedCount,
    replacedCount,
    supersededCount,
    baseYear,
    fiscalYears,
    skippedYears,
    proposedBase,
    actualBase,
  };
}

type ActualBase = {
  fromYear: number;
  fiscalYear: number;
  source: string;
  factors: Awaited<ReturnType<typeof baseFactorsOf>>;
};

/**
 * With proposedBase 'actual': the first year projected from that has a ledger import, checked
 * before anything is written; a 400 naming proposedBase when none has. null with the budget as
 * the base.
 */
async function ledgerYearOf(trx: Db, proposedBase: Base, fiscalYears: number[]): Promise<number | null> {
  if (proposedBase !== 'actual') {
    return null;
  }
  for (const fy of fiscalYears) {
    if (await findCurrentImportInfo(trx, fy - 1)) {
      return fy - 1;
    }
  }
  throw noLedger(fiscalYears[0] - 1, 'proposedBase');
}

async function actualBaseOf(trx: Db, budgetYearId: number, fromYear: number): Promise<ActualBase> {
  const spent = (await actualSpending(trx, budgetYearId, fromYear))!;
  return {
    fromYear,
    fiscalYear: fromYear + 1,
    source: spent.source,
    factors: await baseFactorsOf(trx, spent),
  };
}

/** POST /projections/generate: generateProjectionsIn in one transaction of its own. */
export async function generateProjections(app: AppContext, actor: Actor, input: GenerateProjectionsInput) {
  authorize(actor, 'projections.write');
  return app.db.transaction((trx) => generateProjectionsIn(trx, actor, input));
}
