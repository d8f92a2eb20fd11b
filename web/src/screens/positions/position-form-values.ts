import type { CreatePositionInput, PositionDetail, PositionPatch } from '@web/api/positions';
import { formatFte } from '@web/screens/positions/position-rules';

/**
 * The position form's values as the text boxes and pickers hold them, and the request bodies made
 * from them. The shared schemas (createPositionBody, updatePositionBody) check the bodies, in the
 * form and again on the server; their messages go under the field they name.
 */
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
  notes: string;
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
  notes: '',
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
    notes: p.notes ?? '',
    reason: '',
  };
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

/** POST /positions's body for the year shown. */
export function createInput(
  v: PositionFormValues,
  scope: { budgetYearId: number; fiscalYear: number },
): Partial<CreatePositionInput> {
  return {
    ...scope,
    ...fields(v),
    status: v.status as CreatePositionInput['status'],
    reason: textOrNull(v.reason),
  };
}

/**
 * PATCH /positions/:id's body: only what changed from the position as read (an unchanged field is
 * not rewritten), with the version read and the reason.
 */
export function updateInput(v: PositionFormValues, before: PositionFormValues, version: number) {
  const now = fields(v);
  const was = fields(before);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(now) as (keyof typeof now)[]) {
    if (now[key] !== was[key]) {
      patch[key] = now[key];
    }
  }
  return { version, ...(patch as PositionPatch), reason: textOrNull(v.reason) };
}
