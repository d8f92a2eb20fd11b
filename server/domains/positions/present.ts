import type {
  Position,
  PositionDetail,
  PositionHistoryEntry,
  PositionHolder,
} from '@shared/schemas/positions';
import { deseCodes } from '@server/domains/massachusetts';
import { decimalText } from '@shared/money';
import type { HistoryRow, HolderRow, PositionRow } from './queries/positions';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: number | string | null) => (v === null ? null : Number(v));

/** A position row (with its cost columns) as the API sends it. */
export function presentPosition(row: PositionRow): Position {
  const fte = Number(row.fte);
  const filled = Number(row.filled_fte);
  return {
    id: row.id,
    budgetYearId: row.budget_year_id,
    fiscalYear: row.fiscal_year,
    costFiscalYear: row.fiscal_year + 1,
    title: row.title,
    buildingId: row.building_id,
    buildingName: row.building_name,
    deseCode: row.dese_code,
    functionName: row.dese_code ? (deseCodes().get(row.dese_code)?.name ?? null) : null,
    categoryId: row.category_id,
    categoryName: row.category_name,
    workGroupId: row.work_group_id,
    workGroupName: row.work_group_name,
    fte,
    status: row.status,
    vacancyStep: row.vacancy_step,
    vacancyLane: row.vacancy_lane,
    budgetedStep: row.budgeted_step,
    budgetedLane: row.budgeted_lane,
    placementSource: row.placement_source,
    notes: row.notes,
    filledFte: filled,
    // Thousandths as integers, so 1 - 0.9 is 0.1 and not 0.09999999999999998.
    unfilledFte: Math.max(Math.round(fte * 1000) - Math.round(filled * 1000), 0) / 1000,
    holderCount: Number(row.holder_count),
    holders: (row.holders ?? []).map((h) => ({ ...h, fteShare: Number(h.fteShare) })),
    overFilled: Math.round(filled * 1000) > Math.round(fte * 1000),
    budgetedCost: num(row.budgeted_cost),
    unpricedReason: row.unpriced_reason,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdByName: row.created_by_name,
    updatedByName: row.updated_by_name,
  };
}

export function presentHolder(row: HolderRow): PositionHolder {
  return {
    lineItemId: row.line_item_id,
    employeeName: row.employee_name,
    // The payroll carries no employee number apart from the line.
    employeeId: null,
    fteShare: Number(row.fte_share),
    employeeFte: num(row.employee_fte),
    employeeTotalShare: Number(row.employee_total_share ?? 0),
    nextYearSalary: num(row.next_year_salary),
    budgetedCost: Number(row.budgeted_cost),
  };
}

/**
 * Who made a position history entry, as every history view names them: the user's name while
 * their account exists, else the label written with the entry ('budget-cli', 'seed-demo', or the
 * email of an account since deleted).
 */
export function historyActorName(row: Pick<HistoryRow, 'user_name' | 'actor_label'>): string | null {
  return row.user_name ?? row.actor_label;
}

export function presentHistory(row: HistoryRow): PositionHistoryEntry {
  return {
    id: Number(row.id),
    positionId: row.position_id,
    action: row.action as PositionHistoryEntry['action'],
    reason: row.reason,
    before: row.before,
    after: row.after,
    actorName: historyActorName(row),
    createdAt: iso(row.created_at),
  };
}

export function presentDetail(
  row: PositionRow,
  holders: HolderRow[],
  history: HistoryRow[],
): Omit<PositionDetail, 'fundShares'> {
  return {
    ...presentPosition(row),
    vacancyRate: row.vacancy_rate === null ? null : decimalText(Number(row.vacancy_rate)),
    holderDetails: holders.map(presentHolder),
    history: history.map(presentHistory),
  };
}
