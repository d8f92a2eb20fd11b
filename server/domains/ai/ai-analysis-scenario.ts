import type { AppContext } from '@server/context';
import { badRequest, notFound } from '@server/errors';
import { keptCents } from '@shared/budget-math';
import { authorize, type Actor } from '@server/policies/index';
import * as q from './queries/ai-analyses';
import { insertAudit } from '@server/db/audit';
import { floorsOf, listScenarios } from '@server/domains/planning';
import { centsOf, divideRounded, fromCents, fromUnits, unitsOf } from '@shared/money';
import {
  SUGGESTION_LISTS,
  type AnalysisScenario,
  type AnalysisScenarioInput,
  type Suggestion,
} from '@shared/schemas/ai-analysis';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { dollars } from './ai-analysis-check';
import { ENTITY } from './ai-analysis';
import { createCutScenario, saveAdjustments } from '@server/domains/planning';

/**
 * 'Try in Scenario Builder': the chosen suggestions of a saved analysis become a new cut scenario
 * through the Scenario Builder's own services (its checks of scope and floors, its audit entries),
 * all in one transaction. Each suggestion keeps the same percent of each of its lines, chosen so
 * that the cut comes as close as whole hundredths of a percent allow to the savings it proposed;
 * a floor holds a line above that percent. Suggestions that name personnel groups cannot be cut in
 * a scenario (it cuts proposed lines) and are listed as skipped with the reason.
 */

const cents = (amount: number | string) => centsOf(amount);

async function freeName(db: AppContext['db'], budgetYearId: number, fiscalYear: number, base: string) {
  const taken = new Set((await listScenarios(db, budgetYearId, fiscalYear)).map((s) => s.name.toLowerCase()));
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base} (${n})`;
    if (!taken.has(name.toLowerCase())) {
      return name;
    }
  }
}

export async function scenarioFromAnalysis(
  app: AppContext,
  actor: Actor,
  analysisId: number,
  input: AnalysisScenarioInput,
): Promise<AnalysisScenario> {
  authorize(actor, 'ai.analyze');
  authorize(actor, 'scenarios.write');
  const analysis = await q.findAnalysis(app.db, analysisId);
  if (!analysis) {
    throw notFound('Analysis');
  }
  const byKey = new Map<string, Suggestion>(
    SUGGESTION_LISTS.flatMap((list) => analysis.result[list].map((s) => [s.key, s] as const)),
  );
  const unknown = input.keys.filter((k) => !byKey.has(k));
  if (unknown.length) {
    throw badRequest(`This analysis has no suggestion ${unknown.join(', ')}`);
  }
  const scope = { budgetYearId: analysis.budgetYearId, fiscalYear: analysis.fiscalYear, versionId: null };
  const label = fiscalYearLabel(analysis.fiscalYear);

  return app.db.transaction(async (trx) => {
    const skipped: AnalysisScenario['skipped'] = [];
    const applied: string[] = [];
    const map: Record<string, number> = {};
    let requested = 0n;
    let cut = 0n;
    let held = 0;
    // What the floors kept from being cut: the cut each held line would have had, less its cut.
    let notCutByFloor = 0n;
    const cutLines = new Set<number>();
    for (const key of input.keys) {
      const s = byKey.get(key)!;
      const skip = (reason: string) => skipped.push({ key, description: s.description, reason });
      if (s.positionGroups.length) {
        skip(
          'It names personnel positions; the Scenario Builder cuts proposed lines only. Plan staffing changes in Employee Manager.',
        );
        continue;
      }
      const lines = await floorsOf(trx, scope, s.lineIds);
      const gone = s.lineIds.find((id) => !lines.has(id));
      if (gone !== undefined) {
        skip(`Line ${gone} is no longer a proposed line of ${label}`);
        continue;
      }
      const total = s.lineIds.reduce((sum, id) => sum + cents(lines.get(id)!.amount), 0n);
      const savings = cents(s.savings);
      if (total <= 0n) {
        skip('Its lines now add up to $0');
        continue;
      }
      // Percent kept in hundredths (7550 = 75.50%), the same for each line of the suggestion.
      const kept = savings >= total ? 0n : divideRounded((total - savings) * 10000n, total);
      for (const id of s.lineIds) {
        const line = lines.get(id)!;
        const floor = unitsOf(line.floor, 2) ?? 0n;
        const pct = floor > kept ? floor : kept;
        const amount = cents(line.amount);
        const lineCut = amount - keptCents(amount, pct);
        if (floor > kept) {
          held += 1;
          notCutByFloor += amount - keptCents(amount, kept) - lineCut;
        }
        map[String(id)] = fromUnits(pct, 2);
        cut += lineCut;
        if (lineCut > 0n) {
          cutLines.add(id);
        }
      }
      requested += savings;
      applied.push(key);
    }
    if (!applied.length) {
      throw badRequest(
        `None of the chosen suggestions can become a cut scenario: ${skipped.map((s) => s.reason).join('; ')}`,
        skipped,
      );
    }
    // The Scenario Builder's services, run inside this transaction (their own become savepoints).
    const inner = { ...app, db: trx };
    const name =
      input.name ??
      (await freeName(trx, scope.budgetYearId, scope.fiscalYear, `AI analysis ${analysisId} (${label})`));
    const { scenario } = await createCutScenario(inner, actor, {
      budgetYearId: scope.budgetYearId,
      fiscalYear: scope.fiscalYear,
      name,
      description: `From AI analysis ${analysisId}: ${applied.length} suggestion(s) saving ${dollars(requested)}.`,
    });
    await saveAdjustments(inner, actor, scenario.id, map);
    await insertAudit(trx, actor, {
      action: 'scenario',
      entity: ENTITY,
      entityId: analysisId,
      after: { scenarioId: scenario.id, applied, skipped: skipped.map((s) => s.key) },
    });
    return {
      scenarioId: scenario.id,
      name: scenario.name,
      budgetYearId: scope.budgetYearId,
      fiscalYear: scope.fiscalYear,
      applied,
      skipped,
      // Lines the scenario actually cuts (a line its floor holds whole is not one of them).
      linesCut: cutLines.size,
      heldByFloor: held,
      notCutByFloor: fromCents(notCutByFloor),
      requestedSavings: fromCents(requested),
      scenarioCut: fromCents(cut),
    };
  });
}
