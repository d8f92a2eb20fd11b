import type { Db } from '@server/db/index';
import { validationFailed } from '@server/errors';
import { fiscalYearLabel, parseFiscalYear, secondHomeMessage } from '@shared/schemas/fiscal-year';
import * as q from './queries/fiscal-year-homes';

/**
 * THE answer to 'which budget year is the home of fiscal year Y' (docs/ARCHITECTURE.md, 'One home
 * for each fiscal year'): every screen, report, Publish and CLI command that needs a fiscal year's
 * plan without being told a budget year asks here.
 */

export type { HomeCandidate } from './queries/fiscal-year-homes';

/**
 * The fiscal year's home: the budget year recorded in fiscal_year_homes (claimed by the year's
 * first import or stage). A year nobody claimed (lines only projected, or written by hand) is read
 * where its counting lines are: the budget year named for it ('FY27' for 2027), else the one
 * centred on it, else the newest. Null when no budget year holds the year.
 */
export async function homeOfFiscalYear(db: Db, fiscalYear: number): Promise<q.HomeCandidate | null> {
  const home = await q.findHome(db, fiscalYear);
  if (home) {
    return home;
  }
  const candidates = await q.budgetYearsHoldingLines(db, fiscalYear);
  return (
    candidates.find((c) => parseFiscalYear(c.label) === fiscalYear) ??
    candidates.find((c) => c.currentFiscalYear === fiscalYear) ??
    [...candidates].sort((a, b) => b.currentFiscalYear - a.currentFiscalYear || b.id - a.id)[0] ??
    null
  );
}

/** The refusal of a fiscal year no budget year holds (homeOfFiscalYear is null), in one wording. */
export const noHomeMessage = (fiscalYear: number) => `No budget year plans ${fiscalYearLabel(fiscalYear)}`;

/** Whether the fiscal year's home is recorded (claimed), not just read where its lines are. */
export async function hasRecordedHome(db: Db, fiscalYear: number): Promise<boolean> {
  return (await q.findHome(db, fiscalYear)) !== undefined;
}

/**
 * Refuses (400 naming `field`, before anything is written) a write of the fiscal year's plan into a
 * budget year that is not its recorded home. The database trigger refuses the same write whatever
 * the path; this check lets a service say so before it reads a file or starts a transaction.
 */
export async function refuseSecondHome(
  db: Db,
  budgetYear: { id: number; fiscal_year: string },
  fiscalYear: number,
  field = 'fiscalYear',
): Promise<void> {
  const home = await q.findHome(db, fiscalYear);
  if (home && home.id !== budgetYear.id) {
    const message = secondHomeMessage(fiscalYear, home.label, budgetYear.fiscal_year);
    throw validationFailed([{ path: field, message }], message);
  }
}

/**
 * Records `budgetYearId` as the home of each of `fiscalYears` that has none (in the caller's
 * transaction); refuses, writing nothing, when one is already another budget year's home. For a
 * writer that starts a year's plan without an import or a stage (the demo seed, district setup).
 */
export async function claimFiscalYearHomes(
  db: Db,
  budgetYear: { id: number; fiscal_year: string },
  fiscalYears: readonly number[],
  field = 'fiscalYears',
): Promise<void> {
  for (const fy of fiscalYears) {
    await refuseSecondHome(db, budgetYear, fy, field);
  }
  if (fiscalYears.length) {
    await db('fiscal_year_homes')
      .insert(fiscalYears.map((fy) => ({ fiscal_year: fy, budget_year_id: budgetYear.id })))
      .onConflict('fiscal_year')
      .ignore();
    // Another transaction may have claimed one in between: its home wins and this write is refused.
    for (const fy of fiscalYears) {
      await refuseSecondHome(db, budgetYear, fy, field);
    }
  }
}

/** Gives up `budgetYearId`'s claim on the fiscal year (an undone roll forward that claimed it). */
export async function releaseFiscalYearHome(db: Db, budgetYearId: number, fiscalYear: number): Promise<void> {
  await db('fiscal_year_homes').where({ budget_year_id: budgetYearId, fiscal_year: fiscalYear }).del();
}

/**
 * Runs `rewrite` (which deletes a budget year's lines of some fiscal years and writes them again,
 * as Generate Projections does) and keeps the budget year the home of each year it was before: the
 * release trigger gives a home up when its last line goes, which a delete-then-write passes through.
 */
export async function keepingHomes<T>(db: Db, budgetYearId: number, rewrite: () => Promise<T>): Promise<T> {
  const held: { fiscal_year: number }[] = await db('fiscal_year_homes')
    .where({ budget_year_id: budgetYearId })
    .select('fiscal_year');
  const result = await rewrite();
  if (held.length) {
    await db('fiscal_year_homes')
      .insert(held.map((h) => ({ fiscal_year: h.fiscal_year, budget_year_id: budgetYearId })))
      .onConflict('fiscal_year')
      .ignore();
  }
  return result;
}
