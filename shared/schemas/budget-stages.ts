// Over 300 lines: the stages' one home (order, labels, the lock rule, captions) with the stages API's schemas, which server, web and CLI all read.
import { z } from 'zod';
import { idTextWith, isRealDate, moneyOut } from './common';
import { fiscalYearInput, fiscalYearLabel } from './fiscal-year';
import { americanDate, longDate } from '@shared/day-words';

export { longDate };

/**
 * Budget stages: a fiscal year of a budget year moves Draft → Superintendent's
 * Recommended → School Committee Adopted → Town Appropriated → Revised (transfers after the
 * appropriation). Each move freezes a snapshot; from the committee's vote on the year's lines are
 * locked until an administrator reopens it. Massachusetts: the superintendent recommends, the
 * committee holds its hearing and votes (c.71 §38N), the town appropriates the total (c.71 §34).
 */
export const BUDGET_STAGES = [
  'DRAFT',
  'SUPERINTENDENT_RECOMMENDED',
  'SCHOOL_COMMITTEE_ADOPTED',
  'TOWN_APPROPRIATED',
  'REVISED',
] as const;
export type BudgetStage = (typeof BUDGET_STAGES)[number];

export const STAGE_LABELS: Record<BudgetStage, string> = {
  DRAFT: 'Draft',
  SUPERINTENDENT_RECOMMENDED: "Superintendent's Recommended",
  SCHOOL_COMMITTEE_ADOPTED: 'School Committee Adopted',
  TOWN_APPROPRIATED: 'Town Appropriated',
  REVISED: 'Revised',
};

/** What the date of each stage records ('voted Mar 12, 2027'). */
const STAGE_VERBS: Record<BudgetStage, string> = {
  DRAFT: 'recorded',
  SUPERINTENDENT_RECOMMENDED: 'recommended',
  SCHOOL_COMMITTEE_ADOPTED: 'voted',
  TOWN_APPROPRIATED: 'appropriated',
  REVISED: 'revised',
};

/**
 * Stages from the committee's vote on lock the year's lines. The one list the server and the web
 * read; the database's budget_year_locked and its write trigger spell it in SQL, and
 * server/domains/stages/budget-stages-locking.test.ts holds the two equal.
 */
export const LOCKING_STAGES: readonly BudgetStage[] = [
  'SCHOOL_COMMITTEE_ADOPTED',
  'TOWN_APPROPRIATED',
  'REVISED',
];

export const MAX_REASON = 2000;

/**
 * Why a write into a locked year is refused (the service's check and the database trigger's
 * alike). A closed year is past history: nothing of it changes, every report still reads it.
 * Years are written as every screen writes them ('FY26', fiscalYearLabel): the web shows these
 * words beside its own.
 */
export function lockedYearMessage(
  fiscalYear: number,
  stage: BudgetStage,
  closed = false,
  closedBy: number | null = null,
): string {
  if (closed) {
    const why = closedBy ? `: ${fiscalYearLabel(closedBy)} is appropriated, two years on` : '';
    return `${fiscalYearLabel(fiscalYear)} is closed (${STAGE_LABELS[stage]}${why}): it is read-only history, and nothing in it can change until an administrator reopens it with a reason (Budget Stages, 'Reopen the closed year')`;
  }
  return `${fiscalYearLabel(fiscalYear)} is ${STAGE_LABELS[stage]}: its lines cannot change until an administrator reopens it with a reason`;
}

/**
 * Closing a year (past years are read-only history). Appropriation is Town
 * Appropriated; one stage past it is Revised (the year's transfers); two stages past it is the
 * year's close, when its books are done. The stage list has nothing after Revised, so the close is
 * an administrator's explicit act (a 'close' event, undone by an 'unclose' with a reason): only
 * the business manager knows when the last transfer is in. It may close a year at any stage (a
 * past year a district imports as history never went through the stages).
 */
export const CLOSED_LABEL = 'Closed';

/** Where a year stands: its stage, whether reopened after a vote, and whether its lines may change. */
export interface StageState {
  stage: BudgetStage;
  /** The date of the stage's vote or meeting (YYYY-MM-DD), null for a Draft never recorded. */
  date: string | null;
  reopened: boolean;
  /** Closed as past history: locked whatever its stage, until an administrator reopens the closed year. */
  closed: boolean;
  /**
   * The fiscal year whose appropriation closed it: a year closes by itself once the year two after
   * it is Town Appropriated (migration 20261127000650). null when open or closed by an administrator.
   */
  closedBy: number | null;
  locked: boolean;
}

/**
 * The one order of stages: the stage an advance from `state` enters, or why none can. A locked
 * year moves on (the vote, then the appropriation) but records changes only after a reopen: a year
 * reopened after the committee's vote is adopted again, one reopened after the appropriation is
 * Revised.
 */
export function nextStage(state: StageState): { stage: BudgetStage } | { error: string } {
  const { stage, reopened } = state;
  if (state.closed) {
    return {
      error: `the year is closed: it is read-only history until an administrator reopens the closed year with a reason`,
    };
  }
  switch (stage) {
    case 'DRAFT':
      return { stage: 'SUPERINTENDENT_RECOMMENDED' };
    case 'SUPERINTENDENT_RECOMMENDED':
      return { stage: 'SCHOOL_COMMITTEE_ADOPTED' };
    case 'SCHOOL_COMMITTEE_ADOPTED':
      return { stage: reopened ? 'SCHOOL_COMMITTEE_ADOPTED' : 'TOWN_APPROPRIATED' };
    default:
      return reopened
        ? { stage: 'REVISED' }
        : {
            error: `${STAGE_LABELS[stage]} is the last stage until changes are made: reopen the year with a reason, make the transfers, then record them as Revised`,
          };
  }
}

/**
 * The day a stage may be dated from: that of the meeting or vote it follows (a committee does not
 * vote before the recommendation it votes on). A Draft's date is only the day its snapshot was
 * recorded (by an adoption or a roll forward, often after the meeting a clerk enters later), so
 * the stage after it may be dated any day. Null when any day will do.
 */
export function earliestStageDate(state: Pick<StageState, 'stage' | 'date'>): string | null {
  return state.stage === 'DRAFT' || !state.date ? null : state.date.slice(0, 10);
}

/** How a day ('2027-03-12') is written: the resident page's americanDate, or the staff's longDate. */
export type DayWriter = (iso: string) => string;

/** The refusal of `date` for the stage after `state` (earliestStageDate), or null. ISO dates compare as text. */
export function stageDateRefusal(
  state: Pick<StageState, 'stage' | 'date'>,
  stage: BudgetStage,
  date: string,
): string | null {
  const after = earliestStageDate(state);
  return after && date < after
    ? `${STAGE_LABELS[stage]} cannot be dated before ${STAGE_LABELS[state.stage]} (${longDate(after)}), the stage it follows`
    : null;
}

/** 'School Committee Adopted, voted Mar 12, 2027' (and ', reopened for changes'). */
export function stageCaption(state: StageState): string {
  const label = STAGE_LABELS[state.stage];
  const when = state.date ? `, ${STAGE_VERBS[state.stage]} ${longDate(state.date)}` : '';
  const by = state.closedBy ? ` since ${fiscalYearLabel(state.closedBy)}'s appropriation` : '';
  const closed = state.closed ? `, closed${by}: read-only history` : '';
  return `${label}${when}${state.reopened ? ', reopened for changes' : ''}${closed}`;
}

/**
 * Residents' words for where a year stands: 'School Committee Adopted, voted
 * March 12, 2026', the date written the American way the public page writes every date.
 */
export function residentStageCaption(
  state: Pick<StageState, 'stage' | 'date'>,
  day: DayWriter = americanDate,
): string {
  const label = STAGE_LABELS[state.stage];
  return state.date ? `${label}, ${STAGE_VERBS[state.stage]} ${day(state.date)}` : label;
}

const reasonText = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(MAX_REASON, `${what} must be at most ${MAX_REASON} characters`);

const stageDate = z
  .string({ error: 'date must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date (YYYY-MM-DD)')
  .refine(isRealDate, 'date must be a real calendar date');

const idNumber = (what: string) => idTextWith(`${what} must be a positive whole number`);

export const stageYearQuery = z.strictObject({
  budgetYearId: idTextWith('budgetYearId must be a positive whole number'),
  fiscalYear: fiscalYearInput,
});

export const advanceStageBody = z.strictObject({
  budgetYearId: idNumber('budgetYearId'),
  fiscalYear: fiscalYearInput,
  /** The stage to enter: must be the next one (a guard against two admins moving the year at once). */
  stage: z.enum(BUDGET_STAGES, { error: `stage must be one of ${BUDGET_STAGES.join(', ')}` }),
  date: stageDate,
  note: reasonText('note').optional(),
});
export type AdvanceStageBody = z.infer<typeof advanceStageBody>;

export const reopenStageBody = z.strictObject({
  budgetYearId: idNumber('budgetYearId'),
  fiscalYear: fiscalYearInput,
  reason: reasonText('reason'),
});
export type ReopenStageBody = z.infer<typeof reopenStageBody>;

/** POST /budget-stages/close: the year becomes read-only history (a note is optional). */
export const closeYearBody = z.strictObject({
  budgetYearId: idNumber('budgetYearId'),
  fiscalYear: fiscalYearInput,
  note: reasonText('note').optional(),
});
export type CloseYearBody = z.infer<typeof closeYearBody>;

export const stageTotalsSchema = z.object({
  proposedTotal: moneyOut,
  proposedCount: z.number().int(),
  employeeCount: z.number().int(),
  salaryTotal: moneyOut,
  nextYearSalaryTotal: moneyOut,
});
export type StageTotals = z.infer<typeof stageTotalsSchema>;

export const stageEventSchema = z.object({
  id: z.number().int(),
  event: z.enum(['advance', 'reopen', 'close', 'unclose']),
  stage: z.enum(BUDGET_STAGES),
  stageLabel: z.string(),
  date: z.string(),
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Totals frozen with the snapshot (advance events only). */
  totals: stageTotalsSchema.nullable(),
  lineCount: z.number().int().nullable(),
});
export type StageEvent = z.infer<typeof stageEventSchema>;

export const stageStateSchema = z.object({
  stage: z.enum(BUDGET_STAGES),
  stageLabel: z.string(),
  date: z.string().nullable(),
  reopened: z.boolean(),
  closed: z.boolean(),
  /** The fiscal year whose appropriation closed this one (two years on); null when open or closed by hand. */
  closedBy: z.number().int().nullable(),
  locked: z.boolean(),
  caption: z.string(),
});

/** GET /budget-stages/closed-years: every closed fiscal year, with why its writes are refused. */
export const closedYearsResponse = z.object({
  closedYears: z.array(
    z.object({
      budgetYearId: z.number().int(),
      fiscalYear: z.number().int(),
      closedBy: z.number().int().nullable(),
      /** The 409's own words (lockedYearMessage). */
      message: z.string(),
    }),
  ),
});
export type ClosedYears = z.infer<typeof closedYearsResponse>;

export const stagesResponse = z.object({
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  current: stageStateSchema,
  /** The stage an advance would enter, or why none can. */
  next: z.object({
    stage: z.enum(BUDGET_STAGES).nullable(),
    label: z.string().nullable(),
    blocked: z.string().nullable(),
  }),
  events: z.array(stageEventSchema),
  /**
   * What residents last saw of this year (its stage label, null for Draft, and when it was
   * published), or null if it was never published: a later vote not yet published shows on the
   * dashboard.
   */
  published: z.object({ stageLabel: z.string().nullable(), publishedAt: z.string() }).nullable(),
});
export type StagesResponse = z.infer<typeof stagesResponse>;

export const snapshotLineSchema = z.object({
  lineId: z.number().int(),
  isOperating: z.boolean(),
  isProjected: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  position: z.string().nullable(),
  workGroup: z.string().nullable(),
  employeeStatus: z.string().nullable(),
  currentFTE: z.number().nullable(),
  currentSalary: moneyOut.nullable(),
  nextYearSalary: moneyOut.nullable(),
  name: z.string().nullable(),
  accountDescription: z.string().nullable(),
  accountLine: z.string().nullable(),
  amount: moneyOut.nullable(),
  deseCode: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
});
export type SnapshotLine = z.infer<typeof snapshotLineSchema>;

export const snapshotParams = z.strictObject({ id: idTextWith('Stage id must be a positive whole number') });
export const snapshotQuery = z.strictObject({
  kind: z
    .enum(['employee', 'proposed', 'all'], { error: 'kind must be employee, proposed or all' })
    .optional(),
});
export const snapshotResponse = z.object({
  stage: stageEventSchema,
  budgetYearId: z.number().int(),
  fiscalYear: z.number().int(),
  lines: z.array(snapshotLineSchema),
});
