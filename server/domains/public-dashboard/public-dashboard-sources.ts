import type { Db } from '@server/db/index';
import { AppError, badRequest } from '@server/errors';
import { homeOfFiscalYear, listRowsOfBudgetYears as listBudgetYears } from '@server/domains/budgets';
import { secondHomeMessage } from '@shared/schemas/fiscal-year';
import * as q from './queries/public-dashboard';
import { toCents } from '@shared/schemas/common';
import {
  BUDGET_STAGES,
  STAGE_LABELS,
  residentStageCaption,
  type BudgetStage,
} from '@shared/schemas/budget-stages';
import {
  PUBLIC_DASHBOARD_MESSAGES as M,
  type BudgetYearChoice,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';
import { stageStateOf } from '@server/domains/stages';

/**
 * Which budget year each published fiscal year comes from, and what Publish asks the admin to
 * confirm. A fiscal year has one home budget year (homeOfFiscalYear, docs/ARCHITECTURE.md 'One home
 * for each fiscal year'): Publish reads each year there and names it, with the year's stage, in the
 * preview, the response and the CLI; there is no budget year to choose.
 */

/** Where a published year comes from, as the preview, the Publish response and the CLI name it. */
export interface SourceOption {
  budgetYearId: number;
  /** The budget year's label ('FY26'). */
  budgetYearLabel: string;
  stage: BudgetStage;
  /** The stage's date (YYYY-MM-DD), null for a Draft never recorded; the web writes it as its dates. */
  stageDate: string | null;
  /** 'Revised, revised May 4, 2027' or 'Draft'. */
  stageCaption: string;
}

/** The fiscal year's home with its stage, as one option (none when no budget year holds the year). */
export async function sourceOptions(db: Db, fiscalYear: number): Promise<SourceOption[]> {
  const home = await homeOfFiscalYear(db, fiscalYear);
  if (!home) {
    return [];
  }
  const state = await stageStateOf(db, home.id, fiscalYear);
  return [
    {
      budgetYearId: home.id,
      budgetYearLabel: home.label,
      stage: state.stage,
      stageDate: state.date ? state.date.slice(0, 10) : null,
      stageCaption: residentStageCaption(state),
    },
  ];
}

/**
 * The budget year each of `years` is published from: its home. A budget year named in `choices`
 * (the API's budgetYears, the CLI's --budget-year) must be that home: 400 naming it otherwise.
 */
export async function chooseSources(
  db: Db,
  _configId: number,
  years: readonly number[],
  choices: readonly BudgetYearChoice[] = [],
): Promise<Map<number, number | null>> {
  const field = (message: string) => badRequest(message, [{ path: 'budgetYears', message }]);
  for (const c of choices) {
    if (!years.includes(c.fiscalYear)) {
      throw field(M.notPublishedYear(c.fiscalYear));
    }
  }
  const chosen = new Map<number, number | null>();
  for (const year of years) {
    const home = await homeOfFiscalYear(db, year);
    const choice = choices.find((c) => c.fiscalYear === year)?.budgetYearId;
    if (choice !== undefined && choice !== home?.id) {
      const named = (await listBudgetYears(db)).find((b) => b.id === choice)?.fiscal_year;
      throw field(home ? secondHomeMessage(year, home.label, named) : M.notHeldById(year, choice));
    }
    chosen.set(year, home?.id ?? null);
  }
  return chosen;
}

const LABEL_STAGE = new Map(BUDGET_STAGES.map((s) => [STAGE_LABELS[s], s]));

/** The stage a snapshot was published in (snapshots from before the stage key carry only its label). */
function stageOf(data: PublicYearData): BudgetStage {
  return data.stage ?? (data.stageLabel ? (LABEL_STAGE.get(data.stageLabel) ?? 'DRAFT') : 'DRAFT');
}

/**
 * What Publish would do that the admin must confirm: put out a year whose budget is $0, or replace
 * a published year with one in an earlier stage (Revised by Draft). Empty when nothing needs it.
 */
export async function confirmationsNeeded(
  db: Db,
  configId: number,
  next: readonly Pick<q.SnapshotRow, 'fiscal_year' | 'budget_year_id' | 'data'>[],
): Promise<string[]> {
  const published = new Map((await q.listSnapshots(db, configId)).map((s) => [s.fiscal_year, s]));
  const labels = new Map((await listBudgetYears(db)).map((b) => [b.id, b.fiscal_year]));
  const labelOf = (id: number) => labels.get(id) ?? String(id);
  const named = (stage: BudgetStage, budgetYearId: number | null) =>
    `${STAGE_LABELS[stage]}${budgetYearId === null ? '' : ` (budget year ${labelOf(budgetYearId)})`}`;
  const needed: string[] = [];
  for (const s of next) {
    const data = s.data as PublicYearData | null;
    if (!data || s.budget_year_id === null) {
      continue;
    }
    if ((toCents(data.totalBudget) ?? 0n) === 0n) {
      needed.push(M.zeroBudget(s.fiscal_year, labelOf(s.budget_year_id)));
    }
    const was = published.get(s.fiscal_year);
    const wasData = (was?.data ?? null) as PublicYearData | null;
    if (was && wasData) {
      const [before, after] = [stageOf(wasData), stageOf(data)];
      if (BUDGET_STAGES.indexOf(after) < BUDGET_STAGES.indexOf(before)) {
        needed.push(
          M.earlierStage(s.fiscal_year, named(before, was.budget_year_id), named(after, s.budget_year_id)),
        );
      }
    }
  }
  return needed;
}

/** 409 listing what must be confirmed; the API's `confirm: true` (the CLI's --confirm) publishes anyway. */
export function confirmationRequired(needed: readonly string[]): AppError {
  return new AppError(
    409,
    'CONFIRMATION_REQUIRED',
    `${needed.join('. ')}. ${M.confirmToPublish}`,
    needed.map((message) => ({ path: 'confirm', message })),
  );
}
