import { z } from 'zod';
import { BUDGET_STAGES } from './budget-stages';
import { idTextWith, moneyOut } from './common';
import { fiscalYearInput } from './fiscal-year';
import { fundsEcho, fundsQuery } from './fund-choice';
import { MINUS, signedText } from '@shared/signed-words';

/**
 * What changed between two budget stages, and why (GFOA's award criteria ask for
 * what changed between the proposed and the adopted budget): totals, by budget category, by DESE
 * function, by building and line by line, each changed line with its reason.
 */

/** The working figures of the year as they are now, on either side of a comparison. */
export const CURRENT = 'current';
export const CURRENT_LABEL = "Today's working figures";

const sideInput = (what: 'from' | 'to') =>
  z.union([z.literal(CURRENT), idTextWith(`${what} must be a stage id or '${CURRENT}'`)], {
    error: `${what} must be a stage id or '${CURRENT}'`,
  });

/** The two sides must differ; the service refuses the same stage twice with this message. */
export const SAME_STAGE_MESSAGE = 'Choose two different stages';

export const COMPARE_LINE_LISTS = ['changed', 'all', 'none'] as const;
export type CompareLineList = (typeof COMPARE_LINE_LISTS)[number];

/** Why a role without line-level access is refused lines=changed or all. */
export const LINES_STAFF_ONLY =
  "Line-by-line changes carry employees' salaries: only ADMIN and FINANCE may list them (ask with lines=none)";

export const compareQuery = z.strictObject({
  budgetYearId: idTextWith('budgetYearId must be a positive whole number'),
  fiscalYear: fiscalYearInput,
  from: sideInput('from'),
  to: sideInput('to'),
  /**
   * changed: the lines added, removed or changed; all: every line, unchanged ones too; none: the
   * totals and breakdowns only. Lines carry employees' salaries, so only ADMIN and FINANCE may ask
   * for them: their default is changed, everyone else's none.
   */
  lines: z.enum(COMPARE_LINE_LISTS, { error: 'lines must be changed, all or none' }).optional(),
  /**
   * all (the default): every fund's lines; general: the general fund's alone, each side by the fund
   * its lines had then (a stage's as frozen, today's as they are).
   */
  funds: fundsQuery,
});
export type CompareQuery = z.infer<typeof compareQuery>;
export type CompareSide = number | typeof CURRENT;

/** One side of the comparison: a stage's snapshot, or today's working figures (stageId null). */
export const compareSideSchema = z.object({
  stageId: z.number().int().nullable(),
  stage: z.enum(BUDGET_STAGES).nullable(),
  /** "School Committee Adopted, Mar 12, 2027", or "Today's working figures". */
  label: z.string(),
  /** The date of the vote or meeting (YYYY-MM-DD); null for today's figures. */
  date: z.string().nullable(),
  /** When the stage was recorded (ISO time); for today's figures, when the comparison was read. */
  recordedAt: z.string(),
});
export type CompareSideInfo = z.infer<typeof compareSideSchema>;

/** A money figure on both sides: to − from, and that as a percent of from (null when from is 0). */
export const moneyChangeSchema = z.object({
  from: moneyOut,
  to: moneyOut,
  difference: moneyOut,
  percent: z.number().nullable(),
});
export type MoneyChange = z.infer<typeof moneyChangeSchema>;

/**
 * A change's percent as the comparison prints it (the screen and budget-cli), signed as every change
 * is (signedText): '+1.25%', '−0.38%'; a change too small to show at two decimals says so with its sign ('+<0.01%'), never '0.00%' beside
 * a difference of $1,824.50; '' when there is no percent (from is 0).
 */
export function changePercentText(m: Pick<MoneyChange, 'percent' | 'difference'>): string {
  if (m.percent === null) {
    return '';
  }
  const text = signedText(m.percent, (size) => `${size.toFixed(2)}%`);
  if (text === '0.00%' && m.difference !== 0) {
    return `${m.difference > 0 ? '+' : MINUS}<0.01%`;
  }
  return text;
}

export const countChangeSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  difference: z.number().int(),
});

export const compareTotalsSchema = z.object({
  /** The proposed budget: the sum of the proposed lines' amounts, and how many lines. */
  proposed: moneyChangeSchema,
  proposedCount: countChangeSchema,
  /** The employee lines: how many, their current salaries and their next-year salaries. */
  employeeCount: countChangeSchema,
  /** null when a side has 1 to 4 employees and the reader may not see individual pay. */
  salaries: moneyChangeSchema.nullable(),
  nextYearSalaries: moneyChangeSchema.nullable(),
});

/** One row of a breakdown: the proposed amounts and the employees' salaries in it, on both sides. */
export const breakdownRowSchema = z.object({
  /** Category or building id, or DESE code; null for lines with none (No category, District Wide). */
  key: z.union([z.number().int(), z.string()]).nullable(),
  name: z.string(),
  /**
   * null when withheld with the row's salaries: its proposed lines hold the salary lines of the same
   * people, so a row whose salaries are withheld withholds its proposed amounts too.
   */
  proposed: moneyChangeSchema.nullable(),
  /**
   * null when withheld from a reader who may not see individual pay: the row sums 1 to 4 people's
   * salaries on a side, or would give such a row back from the total.
   */
  salaries: moneyChangeSchema.nullable(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const LINE_CHANGES = ['added', 'removed', 'changed', 'unchanged'] as const;

/**
 * One changed field of one line (a line with several changes has several rows, each with the
 * line's reason); an added or removed line has one row, its amount or salary. Money fields carry
 * numbers and a difference; other fields (names, category, building, FTE, status) text.
 */
export const lineChangeSchema = z.object({
  lineId: z.number().int(),
  kind: z.enum(['proposed', 'employee']),
  change: z.enum(LINE_CHANGES),
  description: z.string(),
  categoryName: z.string().nullable(),
  buildingName: z.string().nullable(),
  deseCode: z.string().nullable(),
  field: z.string(),
  fieldLabel: z.string(),
  valueType: z.enum(['money', 'text']),
  from: z.union([moneyOut, z.string()]).nullable(),
  to: z.union([moneyOut, z.string()]).nullable(),
  difference: moneyOut.nullable(),
  /**
   * Why: the scenario adoption's reason (or 'Adopted scenario "X"'), else the latest reason given
   * when the line was edited between the two stages; null when none was given.
   */
  reason: z.string().nullable(),
});
export type LineChange = z.infer<typeof lineChangeSchema>;

/**
 * One change of a position between the two sides (no pay): one row per change, the holders'
 * leaving or joining written with it folded in (a cut position closed by an adopted scenario is
 * one 'closed' row, its holder's leaving counted in holdersLeft, not a 'vacated' row of its own).
 */
export const positionChangeListedSchema = z.object({
  positionId: z.number().int(),
  title: z.string(),
  building: z.string().nullable(),
  /** created, closed, filled, vacated, moved, fte_changed, status_changed, updated, deleted. */
  action: z.string(),
  fte: z.number().nullable(),
  /** The position's status now. */
  status: z.string().nullable(),
  reason: z.string().nullable(),
  /** Who made the change, as the position's history names them: the user's name, else its label. */
  by: z.string().nullable(),
  /** How many holders left the position in this change (folded in); 0 when none. */
  holdersLeft: z.number().int(),
  /** How many holders joined (or came back to) the position in this change (folded in); 0 when none. */
  holdersJoined: z.number().int(),
  at: z.string(),
});
export type PositionChangeListed = z.infer<typeof positionChangeListedSchema>;

/**
 * A position change as the comparison lists it: a position closed by an adopted scenario's cut
 * also says why the cut took it and, when cutting it saved $0 then, the warning, as the scenario
 * kept them ('hired 2019-08-26 (least senior)'; 'saves nothing: its holder has no salary'; their
 * words are shared/picked-words.ts pickedWords). Null for every other change and for a cut saved
 * before the reasons were kept.
 */
export const positionChangeComparedSchema = positionChangeListedSchema.extend({
  pickWhy: z.string().nullable(),
  pickWarning: z.string().nullable(),
});
export type PositionChangeCompared = z.infer<typeof positionChangeComparedSchema>;

export const compareResponse = z.object({
  budgetYearId: z.number().int(),
  /** The budget year's label, e.g. 'FY27'. */
  budgetYear: z.string(),
  fiscalYear: z.number().int(),
  from: compareSideSchema,
  to: compareSideSchema,
  totals: compareTotalsSchema,
  byCategory: z.array(breakdownRowSchema),
  byFunction: z.array(breakdownRowSchema),
  byBuilding: z.array(breakdownRowSchema),
  /** How many lines were added, removed, changed and left unchanged. */
  lineCounts: z.object({
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
  }),
  /** Which lines `lines` lists (the query's, or the role's default), so an unasked list is not read as none changed. */
  linesListed: z.enum(COMPARE_LINE_LISTS),
  lines: z.array(lineChangeSchema),
  /**
   * The positions changed between the two sides, with their reasons: the roster whose cost the year
   * budgets (the year before's, when its salary lines follow positions; else its own). At most 500,
   * newest first; positionChangeCount says how many there were.
   */
  positionChanges: z.array(positionChangeComparedSchema),
  positionChangeCount: z.number().int(),
  /** The roster's fiscal year those changes are of. */
  positionRosterFiscalYear: z.number().int(),
  /** Whose lines every figure and line above is of: all funds, or the general fund alone. */
  ...fundsEcho,
});
export type StageComparison = z.infer<typeof compareResponse>;
