import {
  createProposedBody,
  updateProposedBody,
  type CreateProposedBody,
  type UpdateProposedBody,
} from '@server/schemas/line-items';
import type { ProposedLineItem } from '@web/api/line-items';

export interface ProposedFormValues {
  accountDescription: string;
  amount: string;
  name: string;
  accountLine: string;
  deseCode: string;
  deseCategories: string;
  /** 'none' = District Wide. */
  buildingId: string;
  /** 'none' = no category. */
  categoryId: string;
  notes: string;
}

export type ProposedFormErrors = Partial<Record<keyof ProposedFormValues, string>>;

const NONE = 'none';
const TEXT_FIELDS = [
  'accountDescription',
  'name',
  'accountLine',
  'deseCode',
  'deseCategories',
  'notes',
] as const;

export const EMPTY_PROPOSED: ProposedFormValues = {
  accountDescription: '',
  amount: '',
  name: '',
  accountLine: '',
  deseCode: '',
  deseCategories: '',
  buildingId: NONE,
  categoryId: NONE,
  notes: '',
};

export function toProposedValues(line: ProposedLineItem): ProposedFormValues {
  return {
    accountDescription: line.accountDescription ?? '',
    amount: line.amount === null ? '' : String(line.amount),
    name: line.name ?? '',
    accountLine: line.accountLine ?? '',
    deseCode: line.deseCode ?? '',
    deseCategories: line.deseCategories ?? '',
    buildingId: line.buildingId === null ? NONE : String(line.buildingId),
    categoryId: line.categoryId === null ? NONE : String(line.categoryId),
    notes: line.notes ?? '',
  };
}

interface ProposedFields {
  amount: number | undefined;
  buildingId: number | null;
  categoryId: number | null;
  accountDescription?: string | null;
  [field: string]: unknown;
}

function fields(values: ProposedFormValues): ProposedFields {
  const amountText = values.amount.replace(/[$,\s]/g, '');
  const out: ProposedFields = {
    amount: amountText === '' ? undefined : Number(amountText),
    buildingId: values.buildingId === NONE ? null : Number(values.buildingId),
    categoryId: values.categoryId === NONE ? null : Number(values.categoryId),
  };
  for (const f of TEXT_FIELDS) {
    out[f] = values[f].trim() === '' ? null : values[f].trim();
  }
  return out;
}

function collect(issues: readonly { path: PropertyKey[]; message: string }[]): ProposedFormErrors {
  const errors: ProposedFormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof ProposedFormValues;
    if (field && !errors[field]) {
      errors[field] = issue.message.startsWith('Invalid input') ? 'This value is not valid' : issue.message;
    }
  }
  return errors;
}

/** A new proposed line for the budget year and fiscal year on screen, checked with the API's schema. */
export function buildProposedCreate(
  values: ProposedFormValues,
  budgetYearId: number,
  fiscalYear: number,
): { body: CreateProposedBody | null; errors: ProposedFormErrors } {
  const candidate = { ...fields(values), isOperating: false, budgetYearId, fiscalYear };
  if (candidate.amount === undefined) {
    const parsed = createProposedBody.safeParse({ ...candidate, amount: 0 });
    const errors = parsed.success ? {} : collect(parsed.error.issues);
    return { body: null, errors: { ...errors, amount: 'Amount is required' } };
  }
  const parsed = createProposedBody.safeParse(candidate);
  return parsed.success
    ? { body: parsed.data, errors: {} }
    : { body: null, errors: collect(parsed.error.issues) };
}

/** The PUT body for an edited line (the full editable set, as the SPEC's call sends it). */
export function buildProposedUpdate(values: ProposedFormValues): {
  body: UpdateProposedBody | null;
  errors: ProposedFormErrors;
} {
  const candidate = fields(values);
  if (candidate.amount === undefined) {
    return { body: null, errors: { amount: 'Amount is required' } };
  }
  if (candidate.accountDescription === null) {
    return { body: null, errors: { accountDescription: 'Account description is required' } };
  }
  const parsed = updateProposedBody.safeParse(candidate);
  return parsed.success
    ? { body: parsed.data, errors: {} }
    : { body: null, errors: collect(parsed.error.issues) };
}
