import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { insertAudit } from '@server/db/audit';
import { conflict, validationFailed } from '@server/errors';
import { authorize, type Actor } from '@server/policies/index';
import { holdingsPhrase, undeletableReason } from '@shared/schemas/budget-years';
import { fiscalYearLabel, fiscalYearsText, parseFiscalYear } from '@shared/schemas/fiscal-year';
import type { DeletedBudgetYear } from '@shared/schemas/budget-years';
import type { EditBudgetYearInput, EditedBudgetYear } from '@shared/schemas/setup';
import { claimFiscalYearHomes, releaseFiscalYearHome } from './fiscal-year-homes';
import { requireBudgetYear } from './fiscal-years';
import { createVersionIn } from './versions';
import * as h from './queries/budget-year-holdings';
import * as q from './queries/budget-years';

type SpanField = 'firstFiscalYear' | 'lastFiscalYear';
const refuse = (path: SpanField, message: string) => validationFailed([{ path, message }], message);

/**
 * The span the edit asks for, refused (400 naming the field) when it leaves out the budget year's
 * own fiscal year or its current one: the dashboard centres on the current year and the label
 * names the own one, so neither can stop being planned here. Each year's range (FY2020 to FY2034)
 * and first <= last were checked by the body's schema.
 */
function newSpan(
  row: { fiscal_year: string; current_fiscal_year: number },
  planned: readonly number[],
  input: EditBudgetYearInput,
): { first: number; last: number } {
  const first = input.firstFiscalYear ?? planned[0];
  const last = input.lastFiscalYear ?? planned[planned.length - 1];
  const field: SpanField = input.firstFiscalYear === undefined ? 'lastFiscalYear' : 'firstFiscalYear';
  const span = fiscalYearsText(first, last);
  if (first > last) {
    throw refuse(field, `The last fiscal year comes before the first (${fiscalYearLabel(first)})`);
  }
  const own = parseFiscalYear(row.fiscal_year);
  if (own !== null && (own < first || own > last)) {
    throw refuse(
      field,
      `Planning ${span} leaves out the budget year's own fiscal year, ${fiscalYearLabel(own)}`,
    );
  }
  const current = row.current_fiscal_year;
  if (current < first || current > last) {
    throw refuse(
      field,
      `Planning ${span} leaves out its current fiscal year, ${fiscalYearLabel(current)}: move the current year first`,
    );
  }
  return { first, last };
}

/**
 * PATCH /budget-years/:id and `budget-cli budget-year edit`: a new name, notes or span of fiscal
 * years, in one transaction. A year the span adds is claimed as this budget year's home (another
 * budget year's home is refused with the one second-home message) and gets its Draft version; a
 * year it drops must hold nothing here (lines, positions, stages, cuts... Holdings), and gives up
 * its home and its empty Draft version, so another budget year can plan it. Refusals change nothing.
 */
export async function editBudgetYear(
  app: AppContext,
  actor: Actor,
  id: number,
  input: EditBudgetYearInput,
): Promise<EditedBudgetYear> {
  authorize(actor, 'budgets.manage');
  return app.db.transaction(async (trx) => {
    // Serialises with a creation or another edit: the second sees the first's homes and is told.
    await trx.raw('LOCK TABLE budget_years IN SHARE ROW EXCLUSIVE MODE');
    const row = await requireBudgetYear(trx, id);
    const before = { ...q.presentBudgetYear(row), fiscalYears: await h.plannedFiscalYears(trx, id) };
    if (input.firstFiscalYear !== undefined || input.lastFiscalYear !== undefined) {
      await respan(trx, actor, row, before.fiscalYears, input);
    }
    if (input.name !== undefined || input.notes !== undefined) {
      await h.updateNameNotes(trx, id, { name: input.name, notes: input.notes });
    }
    const budgetYear = q.presentBudgetYear(await requireBudgetYear(trx, id));
    const fiscalYears = await h.plannedFiscalYears(trx, id);
    await insertAudit(trx, actor, {
      action: 'update',
      entity: 'budget-year',
      entityId: id,
      before,
      after: { ...budgetYear, fiscalYears },
    });
    return { budgetYear, fiscalYears };
  });
}

async function respan(
  trx: Db,
  actor: Actor,
  row: { id: number; fiscal_year: string; current_fiscal_year: number },
  planned: readonly number[],
  input: EditBudgetYearInput,
): Promise<void> {
  const { first, last } = newSpan(row, planned, input);
  const dropped = planned.filter((y) => y < first || y > last);
  for (const fy of dropped) {
    const held = holdingsPhrase(await h.countHoldings(trx, row.id, [fy]));
    if (held) {
      throw refuse(
        fy < first ? 'firstFiscalYear' : 'lastFiscalYear',
        `${fiscalYearLabel(fy)} holds ${held} in ${row.fiscal_year}: planning ${fiscalYearsText(first, last)} would drop it`,
      );
    }
  }
  const added: number[] = [];
  for (let fy = first; fy <= last; fy++) {
    if (!planned.includes(fy)) {
      added.push(fy);
    }
  }
  // The field named is the end of the span that reached the year another budget year plans.
  const field: SpanField =
    input.firstFiscalYear !== undefined && added.some((y) => y < planned[0])
      ? 'firstFiscalYear'
      : 'lastFiscalYear';
  await claimFiscalYearHomes(trx, { id: row.id, fiscal_year: row.fiscal_year }, added, field);
  for (const fy of added) {
    await createVersionIn(trx, actor, {
      fiscalYear: fy,
      label: `${fiscalYearLabel(fy)} Draft`,
      description: `Created with budget year ${row.fiscal_year}`,
      budgetYearId: row.id,
    });
  }
  if (dropped.length) {
    await h.deleteVersionsOf(trx, row.id, dropped);
    for (const fy of dropped) {
      await releaseFiscalYearHome(trx, row.id, fy);
    }
  }
}

/**
 * DELETE /budget-years/:id and `budget-cli budget-year delete`: a budget year that holds nothing
 * (Holdings: every table naming it), with what its creation made (its two empty active budgets,
 * its settings, its Draft versions and its homes), in one transaction; otherwise 409 saying what it
 * holds. The last budget year may go too: it holds nothing, and setup already serves a district
 * without one (the first start); refusing would leave a mistaken label (FY25 for FY26) for good.
 */
export async function deleteBudgetYear(
  app: AppContext,
  actor: Actor,
  id: number,
): Promise<DeletedBudgetYear> {
  authorize(actor, 'budgets.manage');
  return app.db.transaction(async (trx) => {
    await trx.raw('LOCK TABLE budget_years IN SHARE ROW EXCLUSIVE MODE');
    const row = await requireBudgetYear(trx, id);
    const reason = undeletableReason(row.fiscal_year, await h.countHoldings(trx, id));
    if (reason) {
      throw conflict(reason);
    }
    const before = { ...q.presentBudgetYear(row), fiscalYears: await h.plannedFiscalYears(trx, id) };
    await q.deleteBudgetYear(trx, id);
    await insertAudit(trx, actor, { action: 'delete', entity: 'budget-year', entityId: id, before });
    return { deleted: { id, fiscalYear: row.fiscal_year } };
  });
}

/** Why the budget year cannot be deleted, or null (setup's list shows it beside Delete). */
export async function deleteRefusal(
  db: Db,
  row: { id: number; fiscal_year: string },
): Promise<string | null> {
  return undeletableReason(row.fiscal_year, await h.countHoldings(db, row.id));
}
