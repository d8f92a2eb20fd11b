import { z } from 'zod';
import { AppError } from '@server/errors';
import type { AnalysisLine, PersonnelGroup } from './queries/ai-analysis-inputs';
import { centsOf, centsText, formatDecimalMoney, fromCents, toCents } from '@shared/money';
import {
  SUGGESTION_LISTS,
  type DroppedSuggestion,
  type Suggestion,
  type SuggestionList,
} from '@shared/schemas/ai-analysis';

/**
 * The check between the model's answer and the screen: an answer is data from outside, so nothing
 * in it is believed. The whole answer must have the tool's shape (else it is refused); each
 * suggestion must name lines and groups that exist, save no more than they cost, and use none that
 * an earlier suggestion used; what fails is dropped with a reason the finance office can read.
 * Every figure shown is recomputed here in integer cents from the database's amounts.
 */

const listsShape = z.object({
  note: z.string().max(10_000).optional(),
  likelyNeeded: z.array(z.unknown()).max(200),
  moderateNeed: z.array(z.unknown()).max(200),
  deepCuts: z.array(z.unknown()).max(200),
});

const itemShape = z.object({
  description: z.string().trim().min(1).max(2000),
  savings: z.union([z.number(), z.string()]),
  impact: z.string().max(4000).optional(),
  lineIds: z.array(z.number()).max(1000).optional(),
  positionGroups: z
    .array(z.object({ position: z.string().max(500), workGroup: z.string().max(500).nullable().optional() }))
    .max(200)
    .optional(),
});

export const badAnswer = (detail: string) =>
  new AppError(
    502,
    'AI_BAD_ANSWER',
    `Claude’s answer was not in the form the workbench needs (${detail}). Nothing was saved. Please try again.`,
  );

/** $1,234.56, exactly. */
export const dollars = (cents: bigint): string => formatDecimalMoney(centsText(cents));

const groupKey = (position: string, workGroup: string | null | undefined) =>
  `${position.trim().toLowerCase()}\u0000${(workGroup ?? '').trim().toLowerCase()}`;

export interface CheckedAnswer {
  note: string;
  lists: Record<SuggestionList, Suggestion[]>;
  totals: Record<SuggestionList | 'all', number>;
  dropped: DroppedSuggestion[];
  /** How many were dropped because they named lines or groups that do not exist. */
  invented: number;
}

export function checkAnswer(
  input: unknown,
  lines: AnalysisLine[],
  groups: PersonnelGroup[],
  fiscalYearLabel: string,
): CheckedAnswer {
  const top = listsShape.safeParse(input);
  if (!top.success) {
    const issue = top.error.issues[0];
    throw badAnswer(`${issue.path.join('.') || 'answer'}: ${issue.message}`);
  }
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const groupByKey = new Map(groups.map((g) => [groupKey(g.position, g.workGroup), g]));
  const usedLines = new Map<number, string>();
  const usedGroups = new Map<string, string>();
  const lists = { likelyNeeded: [], moderateNeed: [], deepCuts: [] } as Record<SuggestionList, Suggestion[]>;
  const totals = { likelyNeeded: 0n, moderateNeed: 0n, deepCuts: 0n };
  const dropped: DroppedSuggestion[] = [];
  let invented = 0;

  for (const list of SUGGESTION_LISTS) {
    for (const raw of top.data[list]) {
      const item = itemShape.safeParse(raw);
      const description = item.success
        ? item.data.description
        : String((raw as { description?: unknown })?.description ?? '');
      const drop = (reason: string) => dropped.push({ list, description: description.slice(0, 500), reason });
      if (!item.success) {
        drop('It is not in the expected form (a description, savings in dollars and the lines it names)');
        continue;
      }
      const s = item.data;
      const lineIds = s.lineIds ?? [];
      const named = (s.positionGroups ?? []).map((g) => ({
        position: g.position,
        workGroup: g.workGroup ?? null,
      }));
      if (!lineIds.length && !named.length) {
        drop('It names no budget line or position group, so it cannot be checked');
        continue;
      }
      const unknownLine = lineIds.find((id) => !lineById.has(id));
      const unknownGroup = named.find((g) => !groupByKey.has(groupKey(g.position, g.workGroup)));
      if (unknownLine !== undefined || unknownGroup) {
        invented += 1;
        drop(
          unknownLine !== undefined
            ? `Line ${unknownLine} is not a proposed line of ${fiscalYearLabel}`
            : `No ‘${unknownGroup!.position}’ positions${unknownGroup!.workGroup ? ` in ${unknownGroup!.workGroup}` : ''} in the ${fiscalYearLabel} personnel budget`,
        );
        continue;
      }
      const keys = named.map((g) => groupKey(g.position, g.workGroup));
      const twice =
        lineIds.find((id, i) => lineIds.indexOf(id) !== i) ?? keys.find((k, i) => keys.indexOf(k) !== i);
      if (twice !== undefined) {
        drop(
          typeof twice === 'number' ? `It counts line ${twice} twice` : 'It counts a position group twice',
        );
        continue;
      }
      const earlierLine = lineIds.find((id) => usedLines.has(id));
      const earlierGroup = keys.find((k) => usedGroups.has(k));
      if (earlierLine !== undefined || earlierGroup !== undefined) {
        const by = earlierLine !== undefined ? usedLines.get(earlierLine)! : usedGroups.get(earlierGroup!)!;
        drop(
          `${earlierLine !== undefined ? `Line ${earlierLine}` : 'A position group it names'} is already counted in an earlier suggestion (‘${by.slice(0, 80)}’)`,
        );
        continue;
      }
      const savings = toCents(typeof s.savings === 'string' ? s.savings.trim() : s.savings);
      if (savings === null || savings <= 0n) {
        drop('Its savings are not a dollar amount above $0');
        continue;
      }
      const lineItems = lineIds.map((id) => lineById.get(id)!);
      const groupItems = keys.map((k) => groupByKey.get(k)!);
      const basis = [...lineItems.map((l) => l.amount), ...groupItems.map((g) => g.total)].reduce(
        (sum, t) => sum + (toCents(t) ?? 0n),
        0n,
      );
      if (savings > basis) {
        drop(
          `Its savings of ${dollars(savings)} are more than the ${dollars(basis)} its lines and positions cost`,
        );
        continue;
      }
      lineIds.forEach((id) => usedLines.set(id, s.description));
      keys.forEach((k) => usedGroups.set(k, s.description));
      totals[list] += savings;
      lists[list].push({
        key: `${list}:${lists[list].length}`,
        list,
        description: s.description,
        savings: fromCents(savings),
        impact: s.impact?.trim() ?? '',
        lineIds,
        positionGroups: groupItems.map((g) => ({ position: g.position, workGroup: g.workGroup })),
        basisAmount: fromCents(basis),
        lines: lineItems.map((l) => ({
          id: l.id,
          description: l.description,
          amount: fromCents(centsOf(l.amount)),
        })),
        groups: groupItems.map((g) => ({ ...g, total: fromCents(centsOf(g.total)) })),
        scenarioReady: lineIds.length > 0 && groupItems.length === 0,
      });
    }
  }
  const all = totals.likelyNeeded + totals.moderateNeed + totals.deepCuts;
  return {
    note: top.data.note?.trim() ?? '',
    lists,
    totals: {
      likelyNeeded: fromCents(totals.likelyNeeded),
      moderateNeed: fromCents(totals.moderateNeed),
      deepCuts: fromCents(totals.deepCuts),
      all: fromCents(all),
    },
    dropped,
    invented,
  };
}
