import type { Db } from '@server/db/index';
import { centsOf } from '@shared/money';
import { fromCents } from '@shared/schemas/common';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import type { ScenarioPositionChange } from '@shared/schemas/scenario-positions';
import { reconciliation } from '@server/domains/line-items';
import { milli, scenarioRoster as roster } from '@server/domains/positions';
import * as q from './queries/scenario-positions';
import type { CutScenarioRow } from './queries/cut-scenarios';

/**
 * What a cut scenario's changes by position save and cost (./scenario-positions.ts is the
 * service): always the roster's figures now, by the one cost rule (server/sql/position-cost.ts),
 * so an edit to a position since it was cut shows in the scenario. The summary against the town
 * goal takes the net off the lines' total (./cut-scenarios-calc.ts).
 */

/** The roster a scenario cuts, and whether its year's salary lines follow positions. */
export async function rosterOf(db: Db, row: CutScenarioRow) {
  const { follows, roster: r } = await reconciliation.positionsRoster(
    db,
    row.budget_year_id,
    row.fiscal_year,
  );
  const message = follows
    ? null
    : `${fiscalYearLabel(row.fiscal_year)}'s salary lines come from its own payroll, not from positions: cut its personnel lines by percent, or cut positions in a scenario of ${fiscalYearLabel(row.fiscal_year + 1)}, the year the ${fiscalYearLabel(row.fiscal_year)} roster's cost is budgeted in.`;
  return { available: follows, message, roster: r };
}

/** The scenario's changes with what each saves or costs now, and their totals in cents. */
export async function changesWithCosts(db: Db, row: CutScenarioRow, extra: readonly q.ChangeRow[] = []) {
  const rows = [...(await q.changesOf(db, row.id)), ...extra];
  // An add is priced on the schedule of the year its roster's cost is budgeted in: this one.
  const rosterFiscalYear = row.fiscal_year - 1;
  const cuts = rows.filter((r) => r.kind === 'cut' && r.position_id !== null);
  const costed = await roster.costedPositions(
    db,
    cuts.map((r) => r.position_id!),
  );
  const adds = rows.filter((r) => r.kind === 'add');
  const prices = await roster.vacancyPrices(
    db,
    adds.map((r) => ({
      key: r.id,
      fiscalYear: rosterFiscalYear,
      workGroupId: r.work_group_id,
      vacancyStep: r.vacancy_step,
      vacancyLane: r.vacancy_lane,
      fte: r.fte,
    })),
  );
  let savings = 0n;
  // What the changes take off each function code and fund (fund null: the general fund).
  const byCode = new Map<string, { code: string | null; fund: number | null; cents: bigint }>();
  const take = (code: string | null, fund: number | null, cents: bigint) => {
    const key = `${code ?? ''}|${fund ?? ''}`;
    const was = byCode.get(key);
    byCode.set(key, { code, fund, cents: (was?.cents ?? 0n) + cents });
  };
  let addedCost = 0n;
  let cutFte = 0;
  let addedFte = 0;
  const changes: ScenarioPositionChange[] = rows.map((r) => {
    const base = {
      id: r.id,
      kind: r.kind,
      positionId: r.position_id,
      title: r.title,
      building: r.building_id === null ? null : { id: r.building_id, name: r.building_name ?? '' },
      category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '' },
      workGroup: r.work_group_name,
      deseCode: r.dese_code,
      fte: Number(r.fte),
      reason: r.reason,
      why: r.pick_why,
      createdAt: new Date(r.created_at).toISOString(),
    };
    if (r.kind === 'add') {
      const price = prices.get(r.id);
      const cost = price?.cost == null ? null : centsOf(price.cost);
      addedCost += cost ?? 0n;
      addedFte += milli(r.fte);
      // A new position has no fund shares: the general fund's whole.
      take(r.line_code ?? r.dese_code, null, -(cost ?? 0n));
      return {
        ...base,
        status: 'new',
        holders: [],
        amount: cost === null ? null : fromCents(cost),
        generalAmount: cost === null ? null : fromCents(cost),
        unpricedReason: price?.reason ?? null,
        stale: null,
        warning: null,
      };
    }
    const p = r.position_id === null ? undefined : costed.get(r.position_id);
    const stale = !p
      ? 'The position was deleted since: this cut saves nothing'
      : p.status === 'closed' || p.status === 'frozen'
        ? `The position is ${p.status} now: this cut saves nothing more`
        : null;
    const cost = stale || p?.budgeted_cost == null ? null : centsOf(p.budgeted_cost);
    let general = 0n;
    if (!stale) {
      savings += cost ?? 0n;
      cutFte += milli(p!.fte);
      if (cost !== null) {
        for (const f of p!.fund_parts) {
          take(p!.code, f.fund, centsOf(f.cost));
          general += f.fund === null ? centsOf(f.cost) : 0n;
        }
      }
    }
    return {
      ...base,
      fte: p ? Number(p.fte) : Number(r.fte),
      status: p?.status ?? 'deleted',
      holders: p?.holders ?? [],
      amount: stale ? 0 : cost === null ? null : fromCents(cost),
      generalAmount: stale ? 0 : cost === null ? null : fromCents(general),
      unpricedReason: stale ? null : (p?.unpriced_reason ?? null),
      stale,
      // The $0 warning it was picked with, while it holds: a holder given a salary since saves something.
      warning: cost === 0n ? r.pick_warning : null,
    };
  });
  return { changes, savings, addedCost, cutFte, addedFte, byCode: [...byCode.values()] };
}

/**
 * What a scenario's changes by position take off each function code and fund, in cents (an add a
 * negative amount, on the general fund: fund null): the scenario's NSS meter moves by these, so a
 * cut position's grant share leaves spending that never counted and its general-fund share leaves
 * counted spending (server/domains/massachusetts/nss-meter.ts).
 */
export async function positionsNetByCode(db: Db, row: CutScenarioRow) {
  return (await changesWithCosts(db, row)).byCode;
}

/**
 * Savings less added cost, in cents: what the changes take off the scenario's total, and off the
 * general fund's (an added position is the general fund's: it has no fund shares yet).
 */
export async function positionsNet(
  db: Db,
  row: CutScenarioRow,
): Promise<{ net: bigint; generalNet: bigint; count: number }> {
  const c = await changesWithCosts(db, row);
  return {
    net: c.savings - c.addedCost,
    // The general fund's entries of byCode: its part of each cut, less every add (all on it).
    generalNet: c.byCode.filter((b) => b.fund === null).reduce((n, b) => n + b.cents, 0n),
    count: c.changes.length,
  };
}

/**
 * What the changes take off each category's total, in cents (an add, a negative amount), with the
 * category's name: the comparison by category moves by these, so its categories add up to the
 * scenario's total.
 */
export async function positionsNetByCategory(
  db: Db,
  row: CutScenarioRow,
): Promise<Map<number | null, { name: string | null; cents: bigint }>> {
  const byCategory = new Map<number | null, { name: string | null; cents: bigint }>();
  for (const c of (await changesWithCosts(db, row)).changes) {
    const amount = c.amount === null ? 0n : centsOf(c.amount);
    const key = c.category?.id ?? null;
    const was = byCategory.get(key)?.cents ?? 0n;
    byCategory.set(key, {
      name: c.category?.name ?? null,
      cents: was + (c.kind === 'add' ? -amount : amount),
    });
  }
  return byCategory;
}

/** A scenario's stored changes (for the adoption that applies them). */
export const changeRowsOf = (db: Db, scenarioId: number) => q.changesOf(db, scenarioId);

/** Empties a scenario's changes once adopted: left there, they would count twice. */
export const clearChanges = (db: Db, scenarioId: number) => q.deleteAllChanges(db, scenarioId);

/** Puts changes back on a scenario (an adoption undone), as they were. */
export async function restoreChanges(db: Db, rows: readonly q.NewChange[]): Promise<void> {
  await q.insertChanges(db, rows);
}
export type { ChangeRow, NewChange } from './queries/scenario-positions';
