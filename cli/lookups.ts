import type { AppContext } from '@server/context';
import { AppError, validationFailed } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { pickDefaultBudgetYear } from '@shared/schemas/budget-years';
import { fiscalYearLabel, parseFiscalYear } from '@shared/schemas/fiscal-year';
import { fiscalYears, homeOfFiscalYear, listBudgetYears, noHomeMessage } from '@server/domains/budgets';
import { openingFiscalYear } from '@shared/fiscal-year-choice';
import { listWorkGroups } from '@server/domains/budgets';
import { funds as fundsService } from '@server/domains/funds';

/** Names people type on the command line, resolved through the services the API uses. */

/** The work group a name means (case-insensitive), or 404 listing the names there are. */
export async function workGroupNamed(app: AppContext, actor: Actor, name: string) {
  const { workGroups } = await listWorkGroups(app, actor);
  const group = workGroups.find((g) => g.name.toLowerCase() === name.trim().toLowerCase());
  if (!group) {
    throw new AppError(
      404,
      'NOT_FOUND',
      `No work group ${name} (there are: ${workGroups.map((g) => g.name).join(', ') || 'none'})`,
    );
  }
  return group;
}

/**
 * The id of the fund --fund names: its code (the account string's fund segment, e.g. 2401), else its
 * name, any letter case. Unknown is refused as bad input naming the flag (`flag`, where a command
 * names funds with another) and the codes there are.
 */
export async function fundNamed(
  app: AppContext,
  actor: Actor,
  text: string,
  flag = '--fund',
): Promise<number> {
  const { funds } = await fundsService.listFunds(app, actor);
  const wanted = text.trim().toLowerCase();
  const fund =
    funds.find((f) => f.code.toLowerCase() === wanted) ?? funds.find((f) => f.name.toLowerCase() === wanted);
  if (!fund) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `${flag}: no fund has the code '${text}', nor that name (the funds: ${funds.map((f) => `${f.code} ${f.name}`).join(', ')})`,
    );
  }
  return fund.id;
}

/**
 * The budget year a label names, the one lookup every command's --budget-year goes through: the
 * year labelled exactly so (any case), else the one whose label means the same fiscal year ('FY26',
 * 'FY2026', '2025-2026' and '2026' are one year). 404 naming the labels there are.
 */
export async function budgetYearNamed(app: AppContext, actor: Actor, label: string) {
  const { budgetYears } = await listBudgetYears(app, actor);
  return namedAmong(budgetYears, label);
}

type BudgetYear = Awaited<ReturnType<typeof listBudgetYears>>['budgetYears'][number];

/** budgetYearNamed among the budget years already listed. */
function namedAmong(budgetYears: readonly BudgetYear[], label: string): BudgetYear {
  const text = label.trim().toLowerCase();
  const wanted = parseFiscalYear(label);
  const found =
    budgetYears.find((y) => y.fiscalYear.trim().toLowerCase() === text) ??
    (wanted === null ? undefined : budgetYears.find((y) => parseFiscalYear(y.fiscalYear) === wanted));
  if (!found) {
    const known = budgetYears.map((y) => y.fiscalYear).join(', ') || 'none';
    throw new AppError(404, 'NOT_FOUND', `No budget year ${label} (there are: ${known})`);
  }
  return found;
}

/**
 * The budget year a label names; without one, the home of `fiscalYear` when the command is about
 * one (homeOfFiscalYear: every fiscal year's plan lives in one budget year), else the year the web
 * app opens on (pickDefaultBudgetYear), saying on stderr which was used so a script's log shows it.
 */
export async function budgetYearOrDefault(
  app: AppContext,
  actor: Actor,
  label: string | undefined,
  fiscalYear?: string | number,
) {
  const { budgetYears } = await listBudgetYears(app, actor);
  if (label !== undefined) {
    return namedAmong(budgetYears, label);
  }
  const year = fiscalYear === undefined ? null : parseFiscalYear(fiscalYear);
  return defaultAmong(budgetYears, year, year === null ? null : await homeOfFiscalYear(app.db, year));
}

/** budgetYearOrDefault without a label, among the budget years listed, given the fiscal year's home. */
function defaultAmong(
  budgetYears: readonly BudgetYear[],
  year: number | null,
  home: { id: number } | null,
): BudgetYear {
  const atHome = home ? budgetYears.find((y) => y.id === home.id) : undefined;
  const chosen = atHome ?? pickDefaultBudgetYear(budgetYears);
  if (!chosen) {
    throw new AppError(404, 'NOT_FOUND', 'No budget year exists yet: create one first');
  }
  process.stderr.write(
    atHome && year !== null
      ? `Budget year ${chosen.fiscalYear} (${fiscalYearLabel(year)}'s home; --budget-year to choose)\n`
      : `Budget year ${chosen.fiscalYear} (the web app's default; --budget-year to choose)\n`,
  );
  return chosen;
}

/**
 * The budget year a read-only command shows (budgetYearOrDefault), a named fiscal year no budget
 * year plans refused first (refuseUnplannedFiscalYear): the budget years are listed once for both.
 */
export async function budgetYearToRead(
  app: AppContext,
  actor: Actor,
  label: string | undefined,
  fiscalYear: number | undefined,
): Promise<BudgetYear> {
  const { budgetYears } = await listBudgetYears(app, actor);
  const home = fiscalYear === undefined ? null : await homeOfFiscalYear(app.db, fiscalYear);
  if (fiscalYear !== undefined) {
    refuseWithoutHome(budgetYears, home, fiscalYear, '--fiscal-year');
  }
  return label === undefined
    ? defaultAmong(budgetYears, fiscalYear ?? null, home)
    : namedAmong(budgetYears, label);
}

/**
 * The fiscal year a read-only command shows when --fiscal-year is not given: the budget year's
 * current one, what its dashboard and grids open on. A year without one is refused by the flag.
 */
export function currentFiscalYearOf(year: { fiscalYear: string; currentFiscalYear: number | null }): number {
  if (year.currentFiscalYear === null) {
    throw validationFailed([
      { path: 'fiscalYear', message: `Budget year ${year.fiscalYear} has no current fiscal year: name one` },
    ]);
  }
  return year.currentFiscalYear;
}

/**
 * The fiscal year a budget year's line screens open on (openingFiscalYear: its current one when it
 * has lines, else its first year with lines), said on stderr as a defaulted budget year is.
 */
export async function openingFiscalYearOf(
  app: AppContext,
  actor: Actor,
  year: { id: number; fiscalYear: string; currentFiscalYear: number | null },
): Promise<number> {
  const listed = await fiscalYears.listFiscalYears(app, actor, year.id);
  const opening = openingFiscalYear(year.currentFiscalYear, listed) ?? currentFiscalYearOf(year);
  const why =
    opening === year.currentFiscalYear
      ? `budget year ${year.fiscalYear}'s current`
      : `budget year ${year.fiscalYear}'s first with lines${year.currentFiscalYear ? `; its current ${fiscalYearLabel(year.currentFiscalYear)} has none` : ''}`;
  process.stderr.write(`Fiscal year ${fiscalYearLabel(opening)} (${why}; --fiscal-year to choose)\n`);
  return opening;
}

/**
 * What a read-only command shows: the budget year (budgetYearOrDefault) and the fiscal year named,
 * else the one its screen opens on: the budget year's current one (currentFiscalYearOf: the
 * dashboard, Budget vs Actual, the NSS meter), or with `lines` the line screens' (openingFiscalYearOf:
 * Budget Stages and its comparison). A defaulted fiscal year is said on stderr as a defaulted budget
 * year is; a named one no budget year plans is refused (refuseUnplannedFiscalYear). Writes name their
 * years instead.
 */
export async function yearsToRead(
  app: AppContext,
  actor: Actor,
  label: string | undefined,
  fiscalYear: number | undefined,
  opensOn: 'current' | 'lines' = 'current',
) {
  const year = await budgetYearToRead(app, actor, label, fiscalYear);
  if (fiscalYear !== undefined) {
    return { year, fiscalYear };
  }
  if (opensOn === 'lines') {
    return { year, fiscalYear: await openingFiscalYearOf(app, actor, year) };
  }
  const current = currentFiscalYearOf(year);
  process.stderr.write(
    `Fiscal year ${fiscalYearLabel(current)} (budget year ${year.fiscalYear}'s current; --fiscal-year to choose)\n`,
  );
  return { year, fiscalYear: current };
}

/**
 * Refuses (400 naming `flag`, noHomeMessage) a fiscal year no budget year plans: none is its home
 * (homeOfFiscalYear) nor has it as its current one. The API's reads answer any year, one nobody
 * plans as an empty Draft (the dashboard asks of years to come); printed, that reads as a year that
 * exists.
 */
export async function refuseUnplannedFiscalYear(
  app: AppContext,
  actor: Actor,
  fiscalYear: number,
  flag = '--fiscal-year',
): Promise<void> {
  const home = await homeOfFiscalYear(app.db, fiscalYear);
  if (!home) {
    refuseWithoutHome((await listBudgetYears(app, actor)).budgetYears, home, fiscalYear, flag);
  }
}

/** refuseUnplannedFiscalYear's rule, given the budget years listed and the fiscal year's home. */
function refuseWithoutHome(
  budgetYears: readonly BudgetYear[],
  home: unknown,
  fiscalYear: number,
  flag: string,
): void {
  if (!home && !budgetYears.some((y) => y.currentFiscalYear === fiscalYear)) {
    throw validationFailed([{ path: flag, message: noHomeMessage(fiscalYear) }]);
  }
}

/** The budget year that holds the fiscal year's plan (its one home), or a 400 naming the year. */
export async function homeBudgetYearId(app: AppContext, fiscalYear: number): Promise<number> {
  const home = await homeOfFiscalYear(app.db, fiscalYear);
  if (!home) {
    throw validationFailed([{ path: 'FISCAL_YEAR', message: noHomeMessage(fiscalYear) }]);
  }
  return home.id;
}

/** Every budget year, as GET /api/budget-years answers (`budget-year list`). */
export function allBudgetYears(app: AppContext, actor: Actor) {
  return listBudgetYears(app, actor);
}
