import type { Db } from '@server/db/index';
import { AppError, badRequest } from '@server/errors';
import { listRowsOfBudgetYears as listBudgetYears } from '@server/domains/budgets';
import * as q from './queries/public-dashboard';
import * as figures from './queries/public-dashboard-figures';
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
import { budgetYearFor } from './public-dashboard-figures';

/**
 * Which budget year each published fiscal year comes from, and what Publish asks the admin to
 * confirm. A fiscal year can be held by two budget years (FY26's FY2027 Revised
 * and FY27's FY2027 Draft): the admin chooses; without a choice, the one residents read now keeps
 * the year while it still holds it, so importing into another budget year never switches the page.
 */

/** A fiscal year's budget years to choose from, as the preview lists them. */
export interface SourceOption {
  budgetYearId: number;
  /** The budget year's label ('FY26'). */
  budgetYearLabel: string;
  stage: BudgetStage;
  /** 'Revised, revised May 4, 2027' or 'Draft'. */
  stageCaption: string;
}

export async function sourceOptions(db: Db, fiscalYear: number): Promise<SourceOption[]> {
  const options: SourceOption[] = [];
  for (const c of await figures.budgetYearsHolding(db, fiscalYear)) {
    const state = await stageStateOf(db, c.id, fiscalYear);
    options.push({
      budgetYearId: c.id,
      budgetYearLabel: c.label,
      stage: state.stage,
      stageCaption: residentStageCaption(state),
    });
  }
  return options;
}

/**
 * The budget year each of `years` is published from: the admin's choice (refused with 400 when
 * it names a year not being published or a budget year that holds no lines for it), else the
 * budget year of the year's published snapshot while it still holds the year, else budgetYearFor.
 */
export async function chooseSources(
  db: Db,
  configId: number,
  years: readonly number[],
  choices: readonly BudgetYearChoice[] = [],
): Promise<Map<number, number | null>> {
  const field = (message: string) => badRequest(message, [{ path: 'budgetYears', message }]);
  for (const c of choices) {
    if (!years.includes(c.fiscalYear)) {
      throw field(M.notPublishedYear(c.fiscalYear));
    }
  }
  const published = new Map(
    (await q.listSnapshots(db, configId)).map((s) => [s.fiscal_year, s.budget_year_id]),
  );
  const chosen = new Map<number, number | null>();
  for (const year of years) {
    const held = (await figures.budgetYearsHolding(db, year)).map((c) => c.id);
    const choice = choices.find((c) => c.fiscalYear === year)?.budgetYearId;
    if (choice !== undefined && !held.includes(choice)) {
      throw field(M.notHeldById(year, choice));
    }
    const current = published.get(year);
    chosen.set(
      year,
      choice ?? (current != null && held.includes(current) ? current : await budgetYearFor(db, year)),
    );
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
