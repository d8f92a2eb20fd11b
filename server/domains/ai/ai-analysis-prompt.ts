import { z } from 'zod';
import type { AnalysisLine, CategoryRest, PersonnelGroup } from './queries/ai-analysis-inputs';
import { AI_PRIORITIES, SUGGESTION_LISTS } from '@shared/schemas/ai-analysis';

/**
 * What the model is asked and how it must answer. It answers only through one tool whose input is
 * the shape below (tool_choice forces it), so its answer is data to check, never prose to parse.
 * The request carries lines and aggregated personnel groups only: no names, no employee ids, no
 * individual salaries (the queries never read them).
 */

export const TOOL_NAME = 'record_budget_cut_suggestions';

const suggestion = z.object({
  description: z.string().describe('What to cut, in a sentence a school committee understands'),
  savings: z.number().describe('Dollars saved per year, at most what the named lines and groups cost'),
  impact: z.string().describe('Effect on students, staff and the three priorities'),
  lineIds: z.array(z.number().int()).describe('Ids of the proposed budget lines this cut draws on'),
  positionGroups: z
    .array(z.object({ position: z.string(), workGroup: z.string().nullable() }))
    .describe('Personnel groups this cut draws on, named exactly as given'),
});

/** The tool's input as the model must send it (also its JSON schema). */
export const modelAnswerSchema = z.object({
  note: z.string().describe('Two or three sentences on the approach and what the lists add up to'),
  likelyNeeded: z.array(suggestion).describe('Cuts likely needed to reach the target, least harm first'),
  moderateNeed: z.array(suggestion).describe('Further cuts if the first list falls short'),
  deepCuts: z.array(suggestion).describe('Deep cuts with serious impact, only as a last resort'),
});

export const TOOL = {
  name: TOOL_NAME,
  description: 'Record the budget cut suggestions, grouped into three lists.',
  input_schema: z.toJSONSchema(modelAnswerSchema, { target: 'draft-7' }) as {
    type: 'object';
    [k: string]: unknown;
  },
};

export interface PromptInput {
  fiscalYearLabel: string;
  targetAmount: string;
  priorities: readonly string[];
  lines: AnalysisLine[];
  rest: CategoryRest[];
  groups: PersonnelGroup[];
  withheld: number;
  /** The net school spending constraint (ai-analysis-nss.ts); none without the year's state figures. */
  nss?: string[];
  /** What grants and other funds pay, left out of the data. */
  otherFunds?: { lines: number; total: string; people: number };
}

export function systemPrompt(): string {
  return [
    'You are a budget analyst for a Massachusetts public school district.',
    'You propose cuts to reach a reduction target, grounded only in the budget data you are given.',
    'Rules:',
    '- Every suggestion names the proposed line ids (lineIds) and/or personnel groups (positionGroups, position and workGroup exactly as given) it draws on. Never invent ids or groups.',
    '- A suggestion’s savings are dollars per year and never more than the amounts of the lines and groups it names.',
    '- Use each line and each personnel group in at most one suggestion across all three lists.',
    `- Put suggestions in three lists: ${SUGGESTION_LISTS.join(', ')}; within each, least harm to the priorities first.`,
    '- Lines that are not itemised (totalled per category) cannot be named.',
    '- When a net school spending constraint is given, keep the cuts to spending that counts within it: a suggestion that takes the district below 100% is flagged to the school committee.',
    `- Answer only by calling the ${TOOL_NAME} tool.`,
  ].join('\n');
}

/** The data as compact JSON rows (header first): ample for the model, small on the wire. */
export function userPrompt(p: PromptInput): string {
  const priorities = p.priorities.length ? p.priorities : AI_PRIORITIES;
  return [
    `Fiscal year: ${p.fiscalYearLabel}.`,
    `Reduction target: $${p.targetAmount}.`,
    `Priorities (protect these): ${priorities.join('; ')}.`,
    fundsSentence(p.otherFunds),
    '',
    'Proposed budget lines [id, description, category, building, amount]:',
    JSON.stringify(p.lines.map((l) => [l.id, l.description, l.category, l.building, Number(l.amount)])),
    ...(p.rest.length
      ? [
          'Smaller proposed lines, not itemised, totalled per category [category, lines, total]:',
          JSON.stringify(p.rest.map((r) => [r.category, r.count, Number(r.total)])),
        ]
      : []),
    '',
    'Personnel budget by position and work group [position, workGroup, employees, total salaries]:',
    JSON.stringify(p.groups.map((g) => [g.position, g.workGroup, g.count, Number(g.total)])),
    ...(p.withheld ? [`(${p.withheld} employee(s) left out so that no individual salary is shown.)`] : []),
    ...(p.nss ?? []),
  ].join('\n');
}

/** Which fund the data is, and what it leaves out: a grant's line cut would not reach the target. */
function fundsSentence(other: PromptInput['otherFunds']): string {
  const base =
    "The lines and personnel below are the general fund's only: the target is what the budget is over the town's goal, which pays the general fund alone.";
  if (!other || (other.lines === 0 && other.people === 0)) {
    return base;
  }
  return `${base} Left out: ${other.lines} proposed line(s) totalling $${other.total} and ${other.people} employee(s) paid by grants and other funds, whose cuts would save those funds, not the town.`;
}
