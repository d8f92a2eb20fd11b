import type { Db } from '@server/db/index';
import { listStages, type StageRow } from './queries/budget-stages';
import { LOCKING_STAGES, STAGE_LABELS, stageCaption, type StageState } from '@shared/schemas/budget-stages';

/**
 * Where a fiscal year stands, from its stage events: the last advance's stage and date, reopened
 * when a reopen came after it; locked from the committee's vote on unless reopened (the SQL
 * function budget_year_locked reads the same events the same way).
 */
export function stateOf(events: readonly Pick<StageRow, 'event' | 'stage' | 'stage_date'>[]): StageState {
  const last = events.at(-1);
  const lastAdvance = [...events].reverse().find((e) => e.event === 'advance');
  const stage = lastAdvance?.stage ?? 'DRAFT';
  const reopened = last?.event === 'reopen';
  const locked = !reopened && LOCKING_STAGES.includes(stage);
  return { stage, date: lastAdvance?.stage_date ?? null, reopened, locked };
}

export async function stageStateOf(db: Db, budgetYearId: number, fiscalYear: number): Promise<StageState> {
  return stateOf(await listStages(db, budgetYearId, fiscalYear));
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

/** 'School Committee Adopted, voted 12 March 2027', for the dashboard's and grids' stage line. */
export async function stageCaptionFor(db: Db, budgetYearId: number, fiscalYear: number): Promise<string> {
  return stageCaption(await stageStateOf(db, budgetYearId, fiscalYear));
}
