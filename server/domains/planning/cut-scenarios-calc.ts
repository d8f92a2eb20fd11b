import type { AppContext } from '@server/context';
import type { Db } from '@server/db/index';
import { notFound, validationFailed } from '@server/errors';
import { scenarioStatus } from '@shared/budget-math';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/cut-scenarios';
import { adoptionsSince, requireUnclosedYear } from '@server/domains/stages';
import { findTownGoalByYear, findVersion } from '@server/domains/budgets';
import { fromCents, toCents } from '@shared/schemas/common';
import type {
  AdoptedSince,
  CalculateInput,
  CutScenario,
  ScenarioSummary,
} from '@shared/schemas/cut-scenarios';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { decodeBaseline, type BaselineRows } from '@shared/schemas/scenario-line-rows';
import { cachedScenarioLines } from './cut-scenario-lines-cache';
import { requireBudgetYear } from '@server/domains/budgets';
import { positionsNet, positionsNetByCategory } from './scenario-positions-cost';
import { reconciliation } from '@server/domains/line-items';

/**
 * The Scenario Builder's figures, always computed here (the screen previews while dragging but
 * settles on these): the lines a scenario cuts, its summary against the town goal, the check of a
 * set of percents (lines in scope, floors), and the comparison of scenarios by category.
 */

const cents = (text: string) => toCents(text) ?? 0n;

/** The budget year, fiscal year (default: its current one) and version whose lines are cut. */
export async function resolveScope(
  db: Db,
  input: { budgetYearId: number; fiscalYear?: number; versionId?: number | null },
): Promise<q.LineScope> {
  const year = await requireBudgetYear(db, input.budgetYearId);
  const versionId = input.versionId ?? null;
  if (versionId !== null) {
    const version = await findVersion(db, versionId);
    if (!version) {
      throw validationFailed([{ path: 'version', message: `Budget version ${versionId} does not exist` }]);
    }
    if (version.budget_year_id !== null && version.budget_year_id !== year.id) {
      throw validationFailed([
        { path: 'version', message: `Version ‘${version.label}’ belongs to another budget year` },
      ]);
    }
  }
  return { budgetYearId: year.id, fiscalYear: input.fiscalYear ?? year.current_fiscal_year, versionId };
}

/** Totals of the lines under the adjustments, against the fiscal year's town goal (0 without one). */
export async function summaryOf(
  db: Db,
  scope: q.LineScope,
  adj: q.Adjustments,
  scenarioId?: number,
): Promise<ScenarioSummary> {
  const id = scenarioId ?? ('scenarioId' in adj ? adj.scenarioId : undefined);
  return summaryFrom(db, scope, await q.summarize(db, scope, adj), id);
}

/**
 * The summary of the lines' totals, less what the scenario's cuts by position save net of its adds
 * (./scenario-positions-cost.ts): the figure the town goal is met with.
 */
async function summaryFrom(
  db: Db,
  scope: q.LineScope,
  row: q.SummaryRow,
  scenarioId?: number,
): Promise<ScenarioSummary> {
  const scenario = scenarioId === undefined ? undefined : await q.findScenario(db, scenarioId);
  const positions = scenario ? await positionsNet(db, scenario) : { net: 0n, generalNet: 0n, count: 0 };
  const goal = (await findTownGoalByYear(db, scope.fiscalYear))?.dollar_goal ?? null;
  const goalCents = goal === null ? null : cents(String(goal));
  const original = cents(row.original);
  const adjusted = cents(row.adjusted) - positions.net;
  // The goal is compared with the general fund's part (GOAL_FUNDS): a grant's line cut saves the
  // grant, not the town.
  const goalTotal = cents(row.goal_adjusted) - positions.generalNet;
  const status = scenarioStatus(goalTotal, goalCents, row.line_count);
  return {
    budgetYearId: scope.budgetYearId,
    fiscalYear: scope.fiscalYear,
    versionId: scope.versionId,
    lineCount: row.line_count,
    originalTotal: fromCents(original),
    townGoal: fromCents(goalCents ?? 0n),
    hasTownGoal: goal !== null,
    totalCuts: fromCents(original - adjusted),
    adjustedTotal: fromCents(adjusted),
    // A year with no town goal: no gap against $0 and nothing to meet (scenarioStatus).
    gap: status.gapCents === null ? null : fromCents(status.gapCents),
    meetsGoal: status.meetsGoal,
    itemsModified: row.modified,
    positionsNet: fromCents(positions.net),
    positionsGeneralNet: fromCents(positions.generalNet),
    goalTotal: fromCents(goalTotal),
    positionChanges: positions.count,
  };
}

/** 400 naming every id that is not a line of the scenario's year, and every percent below a floor. */
export async function checkAdjustments(
  db: Db,
  scope: q.LineScope,
  map: Record<string, number>,
): Promise<void> {
  const { unknown, belowFloor, personnelCut } = await q.checkAdjustments(db, scope, map);
  // A salary line that follows the positions is their cost: a percent off it would be set back by
  // the next change to the roster, so the roster is cut instead (./scenario-positions.ts).
  const followed = personnelCut.length
    ? await reconciliation.positionsRoster(db, scope.budgetYearId, scope.fiscalYear)
    : null;
  const issues = [
    ...(followed?.follows ? personnelCut : []).slice(0, 20).map((id) => ({
      path: `adjustments.${id}`,
      message: `Line ${id} is a salary line set from the ${fiscalYearLabel(followed!.roster.fiscalYear)} positions' cost: cut positions instead (Cut positions), not a percent of the line`,
    })),
    ...unknown.slice(0, 20).map((id) => ({
      path: `adjustments.${id}`,
      message: `Line ${id} is not a proposed line of this budget year’s ${fiscalYearLabel(scope.fiscalYear)}`,
    })),
    ...belowFloor.slice(0, 20).map((b) => ({
      path: `adjustments.${b.id}`,
      message: `Line ${b.id} cannot keep less than its floor of ${Number(b.floor)}% (asked ${Number(b.percent)}%)`,
    })),
  ];
  if (issues.length) {
    throw validationFailed(issues);
  }
}

/** Row -> DTO, with its summary (computed unless the caller has it already). */
export async function present(
  db: Db,
  row: q.CutScenarioRow,
  summary?: ScenarioSummary,
): Promise<CutScenario> {
  const scope = { budgetYearId: row.budget_year_id, fiscalYear: row.fiscal_year, versionId: row.version_id };
  return {
    id: row.id,
    budgetYearId: row.budget_year_id,
    fiscalYear: row.fiscal_year,
    versionId: row.version_id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    summary: summary ?? (await summaryOf(db, scope, { scenarioId: row.id })),
    adoptedSince: await adoptedSinceOf(db, row),
  };
}

/** The adoptions made in the scenario's year after it was. */
export async function adoptedSinceOf(db: Db, row: q.CutScenarioRow): Promise<AdoptedSince[]> {
  return (await adoptionsSince(db, row)).map((a) => ({
    adoptionId: Number(a.id),
    scenarioName: a.scenario_name,
    adoptedAt: new Date(a.adopted_at).toISOString(),
    cutsApplied: Number(a.applied),
  }));
}

export async function requireScenario(db: Db, id: number, lock = false): Promise<q.CutScenarioRow> {
  const row = await q.findScenario(db, id, lock);
  if (!row) {
    throw notFound('Cut scenario');
  }
  if (lock) {
    // Taken for a change: a closed year's scenarios are history like its lines.
    await requireUnclosedYear(db, row.budget_year_id, row.fiscal_year);
  }
  return row;
}

export const scopeOf = (row: q.CutScenarioRow): q.LineScope => ({
  budgetYearId: row.budget_year_id,
  fiscalYear: row.fiscal_year,
  versionId: row.version_id,
});

/**
 * GET /scenarios/baseline: the lines with the scenario's cuts (none without one) and the summary,
 * as the JSON text of the compact body (schemas/scenario-line-rows.ts): the lines' part is
 * PostgreSQL's text as it is (or as it was, while nothing it is built from changed), never parsed here.
 */
export async function baselineJson(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId: number; fiscalYear?: number; scenarioId?: number; versionId?: number },
): Promise<string> {
  authorize(actor, 'scenarios.read');
  let scenario: q.CutScenarioRow | null = null;
  let scope: q.LineScope;
  if (input.scenarioId !== undefined) {
    scenario = await requireScenario(app.db, input.scenarioId);
    if (scenario.budget_year_id !== input.budgetYearId) {
      throw validationFailed([
        { path: 'scenarioId', message: 'This scenario belongs to another budget year' },
      ]);
    }
    scope = scopeOf(scenario);
  } else {
    scope = await resolveScope(app.db, input);
  }
  const row = await cachedScenarioLines(app.db, scope, scenario?.id ?? null);
  const summary = await summaryFrom(app.db, scope, row, scenario?.id);
  const presented = scenario ? await present(app.db, scenario, summary) : null;
  return `{"lines":${row.lines},"categories":${row.categories},"buildings":${row.buildings},"summary":${JSON.stringify(summary)},"scenario":${JSON.stringify(presented)}}`;
}

/** The baseline with every line an object (the API's default form and the CLI). */
export async function baseline(app: AppContext, actor: Actor, input: Parameters<typeof baselineJson>[2]) {
  return decodeBaseline(JSON.parse(await baselineJson(app, actor, input)) as BaselineRows);
}

/** POST /scenarios/calculate: the summary of a set of percents, nothing stored. */
export async function calculate(app: AppContext, actor: Actor, input: CalculateInput) {
  authorize(actor, 'scenarios.read');
  const scope = await resolveScope(app.db, { ...input, versionId: input.version });
  await checkAdjustments(app.db, scope, input.adjustments);
  return { summary: await summaryOf(app.db, scope, { map: input.adjustments }, input.scenarioId) };
}

/** Two or three scenarios of one budget and fiscal year side by side, by category. */
export async function compare(app: AppContext, actor: Actor, ids: number[]) {
  authorize(actor, 'scenarios.read');
  const rows: q.CutScenarioRow[] = [];
  for (const id of [...new Set(ids)]) {
    rows.push(await requireScenario(app.db, id));
  }
  const scope = scopeOf(rows[0]);
  if (
    rows.some(
      (r) =>
        r.budget_year_id !== scope.budgetYearId ||
        r.fiscal_year !== scope.fiscalYear ||
        r.version_id !== scope.versionId,
    )
  ) {
    throw validationFailed([
      { path: 'ids', message: 'Compare scenarios of the same budget year, fiscal year and version' },
    ]);
  }
  const summaries = await Promise.all(rows.map((r) => summaryOf(app.db, scope, { scenarioId: r.id })));
  const categories = await q.byCategory(
    app.db,
    scope,
    rows.map((r) => r.id),
  );
  // Positions cut or added move their category by what they save or cost, as the summary's total;
  // a category only a position add is in gets a row of its own.
  const positionNets = await Promise.all(rows.map((r) => positionsNetByCategory(app.db, r)));
  for (const net of positionNets) {
    for (const [categoryId, { name, cents }] of net) {
      if (cents !== 0n && !categories.some((c) => c.category_id === categoryId)) {
        categories.push({
          category_id: categoryId,
          category: name || 'Uncategorized',
          original: '0',
          adjusted: {},
        });
      }
    }
  }
  return {
    fiscalYear: scope.fiscalYear,
    townGoal: summaries[0].townGoal,
    scenarios: rows.map((r, i) => ({
      id: r.id,
      name: r.name,
      adjustedTotal: summaries[i].adjustedTotal,
      totalCuts: summaries[i].totalCuts,
      goalTotal: summaries[i].goalTotal,
      gap: summaries[i].gap,
      meetsGoal: summaries[i].meetsGoal,
    })),
    categories: categories.map((c) => ({
      categoryId: c.category_id,
      category: c.category,
      original: fromCents(cents(c.original)),
      scenarios: rows.map((r, i) => {
        const adjusted =
          cents(c.adjusted?.[String(r.id)] ?? c.original) - (positionNets[i].get(c.category_id)?.cents ?? 0n);
        return {
          id: r.id,
          adjusted: fromCents(adjusted),
          difference: fromCents(adjusted - cents(c.original)),
        };
      }),
    })),
  };
}
