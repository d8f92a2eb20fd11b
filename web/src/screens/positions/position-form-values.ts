import { fundSharesInput } from '@shared/schemas/position-funds';
import type { CreatePositionInput, PositionDetail, PositionPatch } from '@web/api/positions';
import {
  formatFte,
  fundShareSum,
  fundShareSumProblem,
  shareThousandths,
} from '@web/screens/positions/position-rules';

/**
 * The position form's values as the text boxes and pickers hold them, and the request bodies made
 * from them. The shared schemas (createPositionBody, updatePositionBody) check the bodies, in the
 * form and again on the server; their messages go under the field they name.
 */
/** One fund's share as the form holds it: a fund id ('' until one is chosen) and its FTE. */
export interface FundShareRow {
  fundId: string;
  fte: string;
}

export interface PositionFormValues {
  title: string;
  /** A building id, or '' for District Wide. */
  buildingId: string;
  deseCode: string;
  categoryId: string;
  /** A work group id, or '' for none. */
  workGroupId: string;
  fte: string;
  /** A new position's status: vacant, posted or frozen ('filled' comes from its holders). */
  status: string;
  /** The position's own vacancy step and lane; '' for the work group's setting. */
  vacancyStep: string;
  vacancyLane: string;
  /** The rate of the roster it was imported from (decimal text); '' for none, or once cleared. */
  vacancyRate: string;
  notes: string;
  /** The funds that pay it, split by FTE; none: the general fund pays the whole position. */
  fundShares: FundShareRow[];
  reason: string;
}

export const EMPTY_POSITION: PositionFormValues = {
  title: '',
  buildingId: '',
  deseCode: '',
  categoryId: '',
  workGroupId: '',
  fte: '1.000',
  status: 'vacant',
  vacancyStep: '',
  vacancyLane: '',
  vacancyRate: '',
  notes: '',
  fundShares: [],
  reason: '',
};

export function positionValues(p: PositionDetail): PositionFormValues {
  return {
    title: p.title,
    buildingId: p.buildingId === null ? '' : String(p.buildingId),
    deseCode: p.deseCode ?? '',
    categoryId: p.categoryId === null ? '' : String(p.categoryId),
    workGroupId: p.workGroupId === null ? '' : String(p.workGroupId),
    fte: formatFte(p.fte),
    status: p.status,
    vacancyStep: p.vacancyStep === null ? '' : String(p.vacancyStep),
    vacancyLane: p.vacancyLane ?? '',
    vacancyRate: p.vacancyRate ?? '',
    notes: p.notes ?? '',
    fundShares: shareRows(p),
    reason: '',
  };
}

/** The shares as read: none when the general fund pays the whole (the server's one general row). */
function shareRows(p: Pick<PositionDetail, 'fundShares'>): FundShareRow[] {
  const [only, ...more] = p.fundShares;
  if (!only || (more.length === 0 && only.fundKind === 'general')) {
    return [];
  }
  return p.fundShares.map((s) => ({ fundId: String(s.fundId), fte: formatFte(s.fte) }));
}

/** A number typed in a box: undefined when empty (the schema says it is required), else Number(). */
function numberOf(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

const idOrNull = (text: string) => (text === '' ? null : Number(text));
const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The fields every position has, as the create and update bodies take them. */
function fields(v: PositionFormValues) {
  return {
    title: v.title,
    buildingId: idOrNull(v.buildingId),
    deseCode: textOrNull(v.deseCode),
    categoryId: v.categoryId === '' ? undefined : Number(v.categoryId),
    workGroupId: idOrNull(v.workGroupId),
    fte: numberOf(v.fte),
    vacancyStep: v.vacancyStep === '' ? null : numberOf(v.vacancyStep),
    vacancyLane: textOrNull(v.vacancyLane),
    notes: textOrNull(v.notes),
  };
}

/**
 * The rows as the body names them. A fund not chosen or an FTE not typed is sent as missing, for
 * the schema to refuse under its row (hence the cast: the body is checked, not trusted).
 */
function sharesInput(rows: readonly FundShareRow[]) {
  return rows.map((r) => ({
    fundId: r.fundId === '' ? undefined : Number(r.fundId),
    fte: numberOf(r.fte),
  })) as NonNullable<CreatePositionInput['fundShares']>;
}

/** Whether two sets of rows name the same funds with the same FTE, whatever their order. */
function sameShares(a: readonly FundShareRow[], b: readonly FundShareRow[]): boolean {
  const key = (rows: readonly FundShareRow[]) =>
    rows
      .map((r) => `${r.fundId}:${shareThousandths(r.fte) ?? r.fte}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

/**
 * What is wrong with the shares before the server is asked, by path as the server names it
 * ('fundShares', 'fundShares.1.fundId'): each row's fund and FTE (the shared schema), then the
 * sum against the FTE (position-rules.ts's mirror of the server's rule). None when not split.
 */
export function fundShareIssues(v: PositionFormValues): { path: string; message: string }[] {
  if (v.fundShares.length === 0) {
    return [];
  }
  const unchosen = v.fundShares.flatMap((r, i) =>
    r.fundId === '' ? [{ path: `fundShares.${i}.fundId`, message: 'Choose a fund' }] : [],
  );
  const parsed = fundSharesInput.safeParse(sharesInput(v.fundShares));
  const issues = (parsed.error?.issues ?? []).map((i) => ({
    path: ['fundShares', ...i.path].join('.'),
    message: i.message,
  }));
  const sum = fundShareSum(v.fte, v.fundShares);
  const problem = sum ? fundShareSumProblem(sum) : null;
  return [...unchosen, ...issues, ...(problem ? [{ path: 'fundShares', message: problem }] : [])];
}

/** POST /positions's body for the year shown. */
export function createInput(
  v: PositionFormValues,
  scope: { budgetYearId: number; fiscalYear: number },
): Partial<CreatePositionInput> {
  return {
    ...scope,
    ...fields(v),
    status: v.status as CreatePositionInput['status'],
    // Not split: left out, and the general fund pays the whole.
    ...(v.fundShares.length ? { fundShares: sharesInput(v.fundShares) } : {}),
    reason: textOrNull(v.reason),
  };
}

/**
 * PATCH /positions/:id's body: only what changed from the position as read (an unchanged field is
 * not rewritten), with the version read and the reason; a roster's rate cleared goes as null. Shares go only when they changed; back to
 * the general fund's whole (`generalFundId`) they go as that one fund with the whole FTE, which
 * clears the split.
 */
export function updateInput(
  v: PositionFormValues,
  before: PositionFormValues,
  version: number,
  generalFundId?: number,
) {
  const now = fields(v);
  const was = fields(before);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if (now[key] !== was[key]) {
      patch[key] = now[key];
    }
  }
  // A rate is never typed, only cleared (the roster's, from its import).
  if (before.vacancyRate !== '' && v.vacancyRate === '') {
    patch.vacancyRate = null;
  }
  if (!sameShares(v.fundShares, before.fundShares)) {
    patch.fundShares = v.fundShares.length
      ? sharesInput(v.fundShares)
      : [{ fundId: generalFundId, fte: now.fte }];
  }
  return { version, ...(patch as PositionPatch), reason: textOrNull(v.reason) };
}
