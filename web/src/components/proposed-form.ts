import type { ProposedLineItem } from '@web/api/line-items';
import { formatAmount, plainAmount } from '@web/lib/format';

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
  /** 'true' = a one-time line (this year only: roll forward leaves it out). Form values are text. */
  oneTime: string;
  /** 'none' = the general fund (the server stores a line on it as naming no fund). */
  fundId: string;
}

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
  oneTime: 'false',
  fundId: NONE,
};

export function toProposedValues(line: ProposedLineItem): ProposedFormValues {
  return {
    accountDescription: line.accountDescription ?? '',
    // Grouped and to the cent ('279,200.00'), as the grid shows it; proposedInput reads it back.
    amount: formatAmount(line.amount),
    name: line.name ?? '',
    accountLine: line.accountLine ?? '',
    deseCode: line.deseCode ?? '',
    deseCategories: line.deseCategories ?? '',
    buildingId: line.buildingId === null ? NONE : String(line.buildingId),
    categoryId: line.categoryId === null ? NONE : String(line.categoryId),
    notes: line.notes ?? '',
    oneTime: line.oneTime ? 'true' : 'false',
    fundId: line.fundId === null ? NONE : String(line.fundId),
  };
}

/**
 * The editable fields as the API's schemas (createProposedBody, updateProposedBody) read them:
 * text as typed (the schema trims it and stores blank as null), the amount read from its text
 * (blank is null, which the schema refuses: 'Amount is required'), 'none' as null (District Wide,
 * no category, the general fund), the one-time box as a boolean.
 */
export function proposedInput(values: ProposedFormValues) {
  const amount = plainAmount(values.amount);
  const out: Record<string, unknown> = {
    amount: amount === '' ? null : Number(amount),
    buildingId: values.buildingId === NONE ? null : Number(values.buildingId),
    categoryId: values.categoryId === NONE ? null : Number(values.categoryId),
    oneTime: values.oneTime === 'true',
    fundId: values.fundId === NONE ? null : Number(values.fundId),
  };
  for (const f of TEXT_FIELDS) {
    out[f] = values[f];
  }
  return out;
}
