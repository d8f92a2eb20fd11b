import type { Db } from '@server/db/index';
import { centsOf, fromCents } from '@shared/money';
import type { AnalysisResult, AnalysisSummary, Suggestion } from '@shared/schemas/ai-analysis';

/**
 * Saved AI analyses (ai_analyses). The summary fields of the recent list (suggestion count, total
 * savings) are read out of the stored result in SQL, so the list never ships whole results.
 */

export interface AnalysisRow {
  budget_year_id: number;
  fiscal_year: number;
  target_amount: string;
  priorities: string[];
  model: string;
  input_tokens: number;
  output_tokens: number;
  result: AnalysisResult;
  created_by: number | null;
}

const SUMMARY = `a.id, a.budget_year_id AS "budgetYearId", y.fiscal_year AS "budgetYear",
  a.fiscal_year AS "fiscalYear", a.target_amount AS "targetAmount",
  a.priorities, a.model, a.input_tokens AS "inputTokens", a.output_tokens AS "outputTokens",
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  u.name AS "createdBy",
  (jsonb_array_length(a.result->'likelyNeeded') + jsonb_array_length(a.result->'moderateNeed')
    + jsonb_array_length(a.result->'deepCuts'))::int AS "suggestionCount",
  jsonb_array_length(a.result->'dropped')::int AS "droppedCount",
  (a.result->'totals'->>'all')::numeric AS "totalSavings"`;
const FROM = `ai_analyses a JOIN budget_years y ON y.id = a.budget_year_id LEFT JOIN users u ON u.id = a.created_by`;

export async function insertAnalysis(db: Db, row: AnalysisRow): Promise<number> {
  const [inserted] = await db('ai_analyses')
    .insert({ ...row, priorities: JSON.stringify(row.priorities), result: JSON.stringify(row.result) })
    .returning('id');
  return inserted.id;
}

/** Newest first; one budget year's, or every year's. */
export async function listAnalyses(
  db: Db,
  budgetYearId: number | undefined,
  limit: number,
): Promise<AnalysisSummary[]> {
  const { rows } = await db.raw(
    `SELECT ${SUMMARY} FROM ${FROM}
      WHERE (?::int IS NULL OR a.budget_year_id = ?::int)
      ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
    [budgetYearId ?? null, budgetYearId ?? null, limit],
  );
  return rows;
}

/**
 * Results saved before the API's money became one JSON number type hold their amounts as decimal
 * text ('1200000.00'); both read as the same exact amount.
 */
const amount = (v: number | string) => fromCents(centsOf(v));
const suggestion = (s: Suggestion): Suggestion => ({
  ...s,
  savings: amount(s.savings),
  basisAmount: amount(s.basisAmount),
  lines: s.lines.map((l) => ({ ...l, amount: amount(l.amount) })),
  groups: s.groups.map((g) => ({ ...g, total: amount(g.total) })),
});
function storedResult(r: AnalysisResult): AnalysisResult {
  return {
    ...r,
    // Saved before 24 Nov 2026 as proposed + personnel, which counted the salaries twice.
    totalAnalyzed: amount(r.proposedTotal),
    proposedTotal: amount(r.proposedTotal),
    personnelTotal: amount(r.personnelTotal),
    likelyNeeded: r.likelyNeeded.map(suggestion),
    moderateNeed: r.moderateNeed.map(suggestion),
    deepCuts: r.deepCuts.map(suggestion),
    totals: {
      likelyNeeded: amount(r.totals.likelyNeeded),
      moderateNeed: amount(r.totals.moderateNeed),
      deepCuts: amount(r.totals.deepCuts),
      all: amount(r.totals.all),
    },
  };
}

export async function findAnalysis(
  db: Db,
  id: number,
): Promise<(AnalysisSummary & { result: AnalysisResult }) | undefined> {
  const { rows } = await db.raw(`SELECT ${SUMMARY}, a.result FROM ${FROM} WHERE a.id = ?`, [id]);
  return rows[0] && { ...rows[0], result: storedResult(rows[0].result) };
}
