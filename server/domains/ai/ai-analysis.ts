import type { AppContext } from '@server/context';
import { AppError, badRequest, notFound } from '@server/errors';
import { decryptSecret } from '@server/lib/secrets';
import { authorize, type Actor } from '@server/policies/index';
import { otherFunds, personnelGroups, proposedLines } from './queries/ai-analysis-inputs';
import * as q from './queries/ai-analyses';
import { insertAudit } from '@server/db/audit';
import { findUserById } from '@server/domains/admin';
import { centsOf, fromCents } from '@shared/money';
import {
  AI_PRIORITIES,
  API_KEY_PLACE as PROFILE,
  type AnalysisResult,
  type BudgetCutsInput,
} from '@shared/schemas/ai-analysis';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { checkAnswer } from './ai-analysis-check';
import { flagSuggestions, nssConstraint } from './ai-analysis-nss';
import { systemPrompt, userPrompt } from './ai-analysis-prompt';
import { requireBudgetYear } from '@server/domains/budgets';
import { callTool } from './ai-claude';

/**
 * AI budget-cut analysis: the budget year's proposed lines and its personnel budget by
 * position and work group, the general fund's (the target is measured against the town's goal), go to Claude with the signed-in user's own key; the answer is checked
 * (ai-analysis-check.ts) and only then saved and shown. A failure at any step saves nothing and
 * answers with what the user can do about it. The API and the CLI (`ai cuts --as`) both run this.
 */

export const ENTITY = 'ai-analysis';
/** Itemised lines per request; the rest are totalled per category (see proposedLines). */
export const MAX_ITEMISED_LINES = 1500;

/** The user's key, decrypted for this call only. */
async function apiKeyOf(app: AppContext, actor: Actor): Promise<string> {
  if (actor.kind !== 'user') {
    throw badRequest(
      'An analysis uses a person’s own Claude API key: run it as a user (budget-cli … --as EMAIL).',
    );
  }
  const row = await findUserById(app.db, actor.id);
  if (!row?.claude_api_key_enc) {
    throw new AppError(
      400,
      'AI_KEY_MISSING',
      `No Claude API key is stored for your account. Add yours at ${PROFILE}, then run the analysis again.`,
    );
  }
  try {
    return decryptSecret(row.claude_api_key_enc, app.config.secretsKey);
  } catch {
    throw new AppError(
      400,
      'AI_KEY_UNREADABLE',
      `Your stored Claude API key can no longer be read (the server’s secrets key changed). Enter it again at ${PROFILE}.`,
    );
  }
}

export async function analyzeBudgetCuts(
  app: AppContext,
  actor: Actor,
  input: BudgetCutsInput,
  options: {
    signal?: AbortSignal;
    /** Runs the call to Claude outside the database's queue (the API's; the CLI has none). */
    outsideDb?: <T>(work: () => Promise<T>) => Promise<T>;
    /** Called once every check has passed, just before Claude is asked (the CLI says so then). */
    onAsk?: () => void;
  } = {},
) {
  authorize(actor, 'ai.analyze');
  const started = Date.now();
  const year = await requireBudgetYear(app.db, input.budgetYearId, 'budgetYearId');
  const fiscalYear = input.fiscalYear ?? year.current_fiscal_year;
  const label = fiscalYearLabel(fiscalYear);
  const apiKey = await apiKeyOf(app, actor);
  const scope = { budgetYearId: year.id, fiscalYear, versionId: null };
  const { lines, rest } = await proposedLines(app.db, scope, MAX_ITEMISED_LINES);
  const { groups, withheld } = await personnelGroups(app.db, year.id, fiscalYear);
  const leftOut = await otherFunds(app.db, scope);
  if (!lines.length && !groups.length) {
    throw badRequest(`${year.fiscal_year} has no proposed lines or personnel for ${label} to analyse.`);
  }
  // None named (absent or empty): all three, as the request to Claude then says.
  const priorities = input.priorities?.length ? input.priorities : [...AI_PRIORITIES];
  const logFields = { userId: actor.id, budgetYearId: year.id, fiscalYear, model: app.config.anthropicModel };
  // Required net school spending is a constraint the suggestions must respect.
  const nss = await nssConstraint(app.db, scope, lines);

  let answer;
  let checked;
  try {
    const outside = options.outsideDb ?? ((work) => work());
    options.onAsk?.();
    answer = await outside(() =>
      callTool(app, {
        apiKey,
        system: systemPrompt(),
        user: userPrompt({
          fiscalYearLabel: label,
          targetAmount: input.targetAmount,
          priorities,
          lines,
          rest,
          groups,
          withheld,
          otherFunds: leftOut,
          nss: nss.prompt,
        }),
        signal: options.signal,
      }),
    );
    checked = checkAnswer(answer.input, lines, groups, label);
    const kept =
      checked.lists.likelyNeeded.length + checked.lists.moderateNeed.length + checked.lists.deepCuts.length;
    if (!kept && checked.dropped.length) {
      throw new AppError(
        502,
        'AI_UNGROUNDED',
        checked.invented === checked.dropped.length
          ? `Claude’s suggestions named budget lines or positions that are not in ${label}, so none can be trusted. Nothing was saved. Please try again.`
          : `None of Claude’s suggestions passed the checks against the ${label} budget. Nothing was saved. Please try again.`,
        checked.dropped,
      );
    }
  } catch (err) {
    const e = err as AppError & { upstreamStatus?: number | null; tries?: number };
    // The server's own line: what failed and where, never the key (nor the prompt's data).
    app.log.warn('ai-analysis failed', {
      ...logFields,
      code: e.code ?? 'UNKNOWN',
      status: e.status,
      upstreamStatus: e.upstreamStatus ?? null,
      tries: e.tries ?? null,
      ms: Date.now() - started,
    });
    throw err;
  }

  const sum = (values: (string | number)[]) => fromCents(values.reduce((s, v) => s + centsOf(v), 0n));
  const proposedTotal = sum([...lines.map((l) => l.amount), ...rest.map((r) => r.total)]);
  const personnelTotal = sum(groups.map((g) => g.total));
  const result: AnalysisResult = {
    // The proposed lines already hold the salaries the position groups describe: each dollar once.
    totalAnalyzed: proposedTotal,
    proposedTotal,
    personnelTotal,
    lineCount: lines.length + rest.reduce((s, r) => s + r.count, 0),
    groupCount: groups.length,
    note: checked.note,
    ...checked.lists,
    totals: checked.totals,
    dropped: checked.dropped,
    nss: flagSuggestions(checked.lists, nss, lines, groups),
    otherFunds: { lines: leftOut.lines, total: fromCents(centsOf(leftOut.total)), people: leftOut.people },
  };
  const id = await app.db.transaction(async (trx) => {
    const newId = await q.insertAnalysis(trx, {
      budget_year_id: year.id,
      fiscal_year: fiscalYear,
      target_amount: input.targetAmount,
      priorities,
      model: answer.model,
      input_tokens: answer.inputTokens,
      output_tokens: answer.outputTokens,
      result,
      created_by: actor.id,
    });
    await insertAudit(trx, actor, {
      action: 'analyze',
      entity: ENTITY,
      entityId: newId,
      after: {
        budgetYearId: year.id,
        fiscalYear,
        targetAmount: input.targetAmount,
        model: answer.model,
        inputTokens: answer.inputTokens,
        outputTokens: answer.outputTokens,
        suggestions:
          checked.lists.likelyNeeded.length +
          checked.lists.moderateNeed.length +
          checked.lists.deepCuts.length,
        dropped: checked.dropped.length,
        totalSavings: checked.totals.all,
      },
    });
    return newId;
  });
  app.log.info('ai-analysis', {
    ...logFields,
    id,
    model: answer.model,
    inputTokens: answer.inputTokens,
    outputTokens: answer.outputTokens,
    dropped: checked.dropped.length,
    ms: Date.now() - started,
  });
  return { analysis: (await q.findAnalysis(app.db, id))! };
}

export async function listAnalyses(
  app: AppContext,
  actor: Actor,
  input: { budgetYearId?: number; limit?: number },
) {
  authorize(actor, 'ai.analyze');
  return { analyses: await q.listAnalyses(app.db, input.budgetYearId, input.limit ?? 20) };
}

/** A saved analysis, reopened without calling the model. */
export async function getAnalysis(app: AppContext, actor: Actor, id: number) {
  authorize(actor, 'ai.analyze');
  const analysis = await q.findAnalysis(app.db, id);
  if (!analysis) {
    throw notFound('Analysis');
  }
  return { analysis };
}
