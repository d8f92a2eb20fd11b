import type { Db } from '@server/db/index';
import { closureOf, listStages, type StageRow } from './queries/budget-stages';
import { LOCKING_STAGES, STAGE_LABELS, stageCaption, type StageState } from '@shared/schemas/budget-stages';

/** Whether a year is closed, as the database's one rule says (budget_year_closed). */
export interface Closure {
  closed: boolean;
  /** The fiscal year whose appropriation closed it (two after it), null when open or closed by hand. */
  closedBy: number | null;
}

/**
 * Where a fiscal year stands, from its stage events: the last advance's stage and date, reopened
 * when a reopen came after it; locked when closed, or from the committee's vote on unless
 * reopened (the SQL function budget_year_locked reads the same events the same way). Whether it is
 * closed is the database's rule (closureOf): by a close, or by the appropriation two years later.
 */
export function stateOf(
  events: readonly Pick<StageRow, 'event' | 'stage' | 'stage_date'>[],
  closure: Closure,
): StageState {
  const latest = (kinds: readonly string[]) => [...events].reverse().find((e) => kinds.includes(e.event));
  const last = latest(['advance', 'reopen']);
  const lastAdvance = latest(['advance']);
  const stage = lastAdvance?.stage ?? 'DRAFT';
  const reopened = last?.event === 'reopen';
  const { closed, closedBy } = closure;
  const locked = closed || (!reopened && LOCKING_STAGES.includes(stage));
  return { stage, date: lastAdvance?.stage_date ?? null, reopened, closed, closedBy, locked };
}

export async function stageStateOf(db: Db, budgetYearId: number, fiscalYear: number): Promise<StageState> {
  const [events, closure] = await Promise.all([
    listStages(db, budgetYearId, fiscalYear),
    closureOf(db, budgetYearId, fiscalYear),
  ]);
  return stateOf(events, closure);
}

/** The stage's label ('School Committee Adopted'), or null for a year still in Draft. */
export async function stageLabelFor(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
): Promise<string | null> {
  const state = await stageStateOf(db, budgetYearId, fiscalYear);
  return state.stage === 'DRAFT' ? null : STAGE_LABELS[state.stage];
}

/** 'School Committee Adopted, voted Mar 12, 2027', for the dashboard's and grids' stage line. */
export async function stageCaptionFor(db: Db, budgetYearId: number, fiscalYear: number): Promise<string> {
  return stageCaption(await stageStateOf(db, budgetYearId, fiscalYear));
}
