import type { Db } from '@server/db/index';
import { listStages, type StageRow } from './queries/budget-stages';
import { LOCKING_STAGES, STAGE_LABELS, stageCaption, type StageState } from '@shared/schemas/budget-stages';

/**
 * Where a fiscal year stands, from its stage events: the last advance's stage and date, reopened
 * when a reopen came after it; closed when its latest close or unclose is a close; locked when
 * closed, or from the committee's vote on unless reopened (the SQL functions budget_year_locked
 * and budget_year_closed read the same events the same way).
 */
export function stateOf(events: readonly Pick<StageRow, 'event' | 'stage' | 'stage_date'>[]): StageState {
  const latest = (kinds: readonly string[]) => [...events].reverse().find((e) => kinds.includes(e.event));
  const last = latest(['advance', 'reopen']);
  const lastAdvance = latest(['advance']);
  const stage = lastAdvance?.stage ?? 'DRAFT';
  const reopened = last?.event === 'reopen';
  const closed = latest(['close', 'unclose'])?.event === 'close';
  const locked = closed || (!reopened && LOCKING_STAGES.includes(stage));
  return { stage, date: lastAdvance?.stage_date ?? null, reopened, closed, locked };
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
