import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { notFound } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { insertAudit } from '@server/db/audit';
import { requireUnclosedFiscalYear } from '@server/domains/stages';
import * as q from './queries/nss';
import { centsText, moneyFromText, toCents } from '@shared/money';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  FIGURES,
  MUNICIPAL_LINES,
  sourceKey,
  type StateFigures,
  type StateFiguresInput,
} from '@shared/schemas/nss';
import { deseCodes } from './dese-codes';
import { parseFiguresCsv } from './nss-csv';

/**
 * The state figures of each fiscal year: what DESE publishes for the district
 * (foundation enrollment and budget, required local contribution, Chapter 70 aid, required NSS, the
 * prior year's carry-forward) and the town's spending on the schools' behalf by End-of-Year-Report
 * line, each with its source note. Anyone signed in reads them (they feed the dashboard's meter);
 * only an ADMIN writes them, by form, by API or from a CSV, each year audited with before and after.
 * The API and `budget-cli nss figures` both run these.
 */

export const ENTITY = 'nss-state-figures';

/** The name of an End-of-Year-Report line: ours for the usual municipal lines, else the chart's. */
export function eoyrLabel(code: string): string {
  return (
    MUNICIPAL_LINES.find((l) => l.code === code)?.label ?? deseCodes().get(code)?.name ?? `EOYR line ${code}`
  );
}

/** A year's row and municipal lines (with what the rules in force make of each) -> DTO. */
export async function presentFigures(db: Db, row: q.StateFiguresRow): Promise<StateFigures> {
  const rulesYear = await q.rulesYearFor(db, row.fiscal_year);
  const municipal = await q.municipalWithRules(db, row.fiscal_year, rulesYear);
  const src = (column: string) =>
    (row as unknown as Record<string, string | null>)[`${column}_source`] ?? null;
  return {
    fiscalYear: row.fiscal_year,
    foundationEnrollment: Number(row.foundation_enrollment),
    foundationBudget: moneyFromText(row.foundation_budget),
    requiredLocalContribution: moneyFromText(row.required_local_contribution),
    chapter70Aid: moneyFromText(row.chapter70_aid),
    requiredNss: moneyFromText(row.required_nss),
    carryForward: moneyFromText(row.carry_forward),
    foundationEnrollmentSource: src('foundation_enrollment'),
    foundationBudgetSource: src('foundation_budget'),
    requiredLocalContributionSource: src('required_local_contribution'),
    chapter70AidSource: src('chapter70_aid'),
    requiredNssSource: src('required_nss'),
    carryForwardSource: src('carry_forward'),
    municipal: municipal.map((m) => ({
      eoyrCode: m.eoyr_code,
      label: eoyrLabel(m.eoyr_code),
      amount: moneyFromText(m.amount),
      source: m.source,
      counts: m.counts === true,
      rule: m.note ?? `No rule for line ${m.eoyr_code} in ${fiscalYearLabel(row.fiscal_year)}: not counted`,
    })),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

/** Every year's state figures, oldest first, and the usual municipal lines for the form. */
export async function listStateFigures(app: AppContext, actor: Actor) {
  authorize(actor, 'dashboard.read');
  const rows = await q.listStateFigures(app.db);
  const figures: StateFigures[] = [];
  for (const row of rows) {
    figures.push(await presentFigures(app.db, row));
  }
  return { figures, municipalLines: MUNICIPAL_LINES };
}

/** The columns of a write, as exact decimal text (cents -> text, never a float). */
function writeOf(fiscalYear: number, input: StateFiguresInput, actor: Actor): q.FiguresWrite {
  const dollars = (v: number) => centsText(toCents(v)!);
  return {
    fiscal_year: fiscalYear,
    values: {
      foundation_enrollment: String(input.foundationEnrollment),
      foundation_budget: dollars(input.foundationBudget),
      required_local_contribution: dollars(input.requiredLocalContribution),
      chapter70_aid: dollars(input.chapter70Aid),
      required_nss: dollars(input.requiredNss),
      carry_forward: dollars(input.carryForward ?? 0),
    },
    sources: Object.fromEntries(FIGURES.map((f) => [f.column, input[sourceKey(f.key)]?.trim() || null])),
    municipal: (input.municipal ?? []).map((m) => ({
      eoyr_code: m.eoyrCode,
      amount: dollars(m.amount),
      source: m.source?.trim() || null,
    })),
    updated_by: actor.id,
  };
}

/** Saves one year inside `trx`, audited; the figures as saved and whether the year is new. */
async function saveYear(trx: Db, actor: Actor, fiscalYear: number, input: StateFiguresInput) {
  // A closed year's figures are its history: a form and an import alike are refused (409).
  await requireUnclosedFiscalYear(trx, fiscalYear);
  const before = await q.findStateFigures(trx, fiscalYear, true);
  const beforeDto = before ? await presentFigures(trx, before) : null;
  const created = await q.saveStateFigures(trx, writeOf(fiscalYear, input, actor));
  const figures = await presentFigures(trx, (await q.findStateFigures(trx, fiscalYear))!);
  const strip = (f: StateFigures | null) => (f ? { ...f, updatedAt: undefined, updatedBy: undefined } : null);
  await insertAudit(trx, actor, {
    action: created ? 'create' : 'update',
    entity: ENTITY,
    entityId: fiscalYear,
    before: strip(beforeDto),
    after: strip(figures),
  });
  return { figures, created };
}

/** PUT /nss/state-figures/:fiscalYear: the year's figures and municipal lines, replacing what was there. */
export async function saveStateFigures(
  app: AppContext,
  actor: Actor,
  fiscalYear: number,
  input: StateFiguresInput,
) {
  authorize(actor, 'stateFigures.write');
  return app.db.transaction((trx) => saveYear(trx, actor, fiscalYear, input));
}

/** DELETE /nss/state-figures/:fiscalYear (audited with what was there). */
export async function deleteStateFigures(app: AppContext, actor: Actor, fiscalYear: number) {
  authorize(actor, 'stateFigures.write');
  return app.db.transaction(async (trx) => {
    const before = await q.findStateFigures(trx, fiscalYear, true);
    if (!before) {
      throw notFound(`State figures for ${fiscalYearLabel(fiscalYear)}`);
    }
    await requireUnclosedFiscalYear(trx, fiscalYear);
    const beforeDto = await presentFigures(trx, before);
    await q.deleteStateFigures(trx, fiscalYear);
    await insertAudit(trx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: fiscalYear,
      before: beforeDto,
    });
    return { message: `Deleted the ${fiscalYearLabel(fiscalYear)} state figures` };
  });
}

/**
 * POST /nss/state-figures/import: every year of a CSV (nss-csv.ts), all or nothing. A file with a
 * problem anywhere is refused before anything is written; a dry run checks and rolls back.
 */
export async function importStateFigures(
  app: AppContext,
  actor: Actor,
  input: { csv: string; dryRun?: boolean },
) {
  authorize(actor, 'stateFigures.write');
  const years = parseFiguresCsv(input.csv);
  const DRY = Symbol('dry run');
  let result: { years: { fiscalYear: number; created: boolean }[]; figures: StateFigures[] } | null = null;
  try {
    await app.db.transaction(async (trx) => {
      const saved = [];
      for (const y of years) {
        saved.push({ fiscalYear: y.fiscalYear, ...(await saveYear(trx, actor, y.fiscalYear, y.input)) });
      }
      result = {
        years: saved.map((s) => ({ fiscalYear: s.fiscalYear, created: s.created })),
        figures: saved.map((s) => s.figures),
      };
      if (input.dryRun) {
        throw DRY;
      }
    });
  } catch (err) {
    if (err !== DRY) {
      throw err;
    }
  }
  return { dryRun: Boolean(input.dryRun), ...result! };
}

/** The inclusion rules and carry-forward limit in force in a fiscal year (GET /nss/rules). */
export async function rulesInForce(app: AppContext, actor: Actor, fiscalYear: number) {
  authorize(actor, 'dashboard.read');
  const rulesYear = await q.rulesYearFor(app.db, fiscalYear);
  const rules = rulesYear === null ? [] : await q.listRules(app.db, rulesYear);
  const params = await q.parametersFor(app.db, fiscalYear);
  return {
    fiscalYear,
    rulesYear,
    rules: rules.map((r) => ({
      fund: r.fund,
      codeFrom: r.code_from,
      codeTo: r.code_to,
      counts: r.counts,
      note: r.note,
      source: r.source,
    })),
    carryForwardLimitPercent: params ? Number(params.carry_forward_limit_percent) : null,
    carryForwardSource: params?.source ?? null,
  };
}
