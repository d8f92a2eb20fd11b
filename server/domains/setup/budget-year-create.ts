import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { insertAudit } from '@server/db/audit';
import { validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { claimFiscalYearHomes, createVersionIn } from '@server/domains/budgets';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { CreateBudgetYearInput, CreatedBudgetYear } from '@shared/schemas/setup';
import { insertBudgetYearRows } from './budget-year-rows';
import * as q from './queries/budget-year-rows';

/** The fiscal years a new budget year plans: its own unless a span is given (the schema checked it). */
export function spanOf(input: CreateBudgetYearInput): { first: number; last: number; current: number } {
  const first = input.firstFiscalYear ?? Math.min(input.label, input.lastFiscalYear ?? input.label);
  const last = input.lastFiscalYear ?? Math.max(input.label, first);
  return { first, last, current: input.currentFiscalYear ?? input.label };
}

/**
 * POST /budget-years and `budget-cli budget-year create`: a budget year with what makes it usable,
 * in one transaction: the year, its active operating and proposed budgets and its budget settings
 * (insertBudgetYearRows, the demo's own), and one Draft version per fiscal year it plans, so an
 * import has a version to go into; each fiscal year's home is claimed for it (claimFiscalYearHomes).
 * A label already used, or a fiscal year that is another budget year's home, is refused naming the
 * field, and nothing is written.
 */
export async function createBudgetYear(
  app: AppContext,
  actor: Actor,
  input: CreateBudgetYearInput,
): Promise<CreatedBudgetYear> {
  authorize(actor, 'budgets.manage');
  return app.db.transaction((trx) => createBudgetYearIn(trx, actor, input));
}

/** createBudgetYear in the caller's transaction (a roll forward that needs the next year's home). */
export async function createBudgetYearIn(
  trx: Db,
  actor: Actor,
  input: CreateBudgetYearInput,
): Promise<CreatedBudgetYear> {
  authorize(actor, 'budgets.manage');
  const label = fiscalYearLabel(input.label);
  const { first, last, current } = spanOf(input);
  // Serialises two admins creating at once: the second sees the first's year and is told.
  await trx.raw('LOCK TABLE budget_years IN SHARE ROW EXCLUSIVE MODE');
  if (await q.findBudgetYearByLabel(trx, label)) {
    throw validationFailed([{ path: 'label', message: `Budget year ${label} already exists` }]);
  }
  const rows = await insertBudgetYearRows(trx, {
    fiscalYear: input.label,
    currentFiscalYear: current,
    name: input.name,
    notes: input.notes ?? null,
  });
  // Each fiscal year's plan has one home: a year another budget year already holds is refused
  // (naming the field that asked for it), and the whole creation rolls back.
  const span = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  await claimFiscalYearHomes(
    trx,
    { id: rows.id, fiscal_year: label },
    span,
    input.firstFiscalYear === undefined ? 'label' : 'firstFiscalYear',
  );
  const versions: CreatedBudgetYear['versions'] = [];
  for (let fy = first; fy <= last; fy++) {
    const { version } = await createVersionIn(trx, actor, {
      fiscalYear: fy,
      label: `${fiscalYearLabel(fy)} Draft`,
      description: `Created with budget year ${label}`,
      budgetYearId: rows.id,
    });
    versions.push({ id: version.id, label: version.label, fiscalYear: version.fiscalYear });
  }
  const budgetYear = {
    id: rows.id,
    fiscalYear: label,
    name: input.name ?? `${label} Budget`,
    notes: input.notes ?? null,
    currentFiscalYear: current,
  };
  const scenarios = [
    { id: rows.operatingScenarioId, name: `${label} Operating Budget`, scenarioType: 'operating' },
    { id: rows.proposedScenarioId, name: `${label} Proposed Budget`, scenarioType: 'proposed' },
  ];
  const fiscalYears = versions.map((v) => v.fiscalYear);
  await insertAudit(trx, actor, {
    action: 'create',
    entity: 'budget-year',
    entityId: rows.id,
    after: { ...budgetYear, fiscalYears, scenarios },
  });
  return { budgetYear, fiscalYears, scenarios, versions };
}
