import type { Contract, ContractBody, ContractStatus } from '@web/api/cola';
import {
  DEFAULT_CONTRACT_END_YEAR as DEFAULT_END_YEAR,
  DEFAULT_CONTRACT_START_YEAR as DEFAULT_START_YEAR,
  END_BEFORE_START_MESSAGE,
  MAX_CONTRACT_YEARS,
  NO_COLA_ROWS_MESSAGE,
  TOO_MANY_YEARS_MESSAGE,
  colaPercentMessage,
  contractBody,
  isColaPercent,
} from '@shared/schemas/contracts';
import { MAX_FISCAL_YEAR, MIN_FISCAL_YEAR } from '@shared/schemas/fiscal-year';

export const STATUS_LABELS: Record<ContractStatus, string> = {
  NEGOTIATING: 'Negotiating',
  SETTLED: 'Settled',
  EXPIRED: 'Expired',
};

/** One fiscal year's COLA row as typed. */
export interface RateDraft {
  colaPercentage: string;
  notes: string;
}

/**
 * The form's values as text. `rates` is keyed by fiscal year and keeps every year ever typed, so a
 * row comes back with its value when the years are narrowed and widened again (rows are
 * kept when the years change).
 */
export interface ContractDraft {
  name: string;
  workGroupId: string;
  startYear: string;
  endYear: string;
  status: ContractStatus;
  settlementDate: string;
  notes: string;
  rates: Record<number, RateDraft>;
  /** The id of the settled contract this one supersedes, as text; NO_SUPERSEDES for none. */
  supersedesContractId: string;
}

/** The Supersedes choice meaning 'none' (a Radix select item cannot have an empty value). */
export const NO_SUPERSEDES = 'none';

/** The draft of a contract being edited, or of a new one. */
export function draftFrom(contract: Contract | null): ContractDraft {
  if (!contract) {
    return {
      name: '',
      workGroupId: '',
      startYear: String(DEFAULT_START_YEAR),
      endYear: String(DEFAULT_END_YEAR),
      status: 'NEGOTIATING',
      settlementDate: '',
      notes: '',
      rates: {},
      supersedesContractId: NO_SUPERSEDES,
    };
  }
  const rates: Record<number, RateDraft> = {};
  for (const s of contract.colaSettings) {
    rates[s.fiscalYear] = { colaPercentage: String(s.colaPercentage), notes: s.notes ?? '' };
  }
  return {
    name: contract.name,
    workGroupId: String(contract.workGroupId),
    startYear: String(contract.startYear),
    endYear: String(contract.endYear),
    status: contract.status,
    settlementDate: contract.settlementDate ?? '',
    notes: contract.notes ?? '',
    rates,
    supersedesContractId:
      contract.supersedesContractId === null ? NO_SUPERSEDES : String(contract.supersedesContractId),
  };
}

function year(text: string): number | null {
  if (!/^\d{4}$/.test(text.trim())) {
    return null;
  }
  const n = Number(text);
  return n >= MIN_FISCAL_YEAR && n <= MAX_FISCAL_YEAR ? n : null;
}

/**
 * What is wrong with two whole years as a span, in the shared schema's words (the end before the
 * start, or too many years), or null; said on the end year while it is so, before any save. Years
 * not yet typed in full are no span yet, and not an error.
 */
export function yearsError(draft: Pick<ContractDraft, 'startYear' | 'endYear'>): string | null {
  const start = year(draft.startYear);
  const end = year(draft.endYear);
  if (start === null || end === null) {
    return null;
  }
  if (end < start) {
    return END_BEFORE_START_MESSAGE;
  }
  return end - start + 1 > MAX_CONTRACT_YEARS ? TOO_MANY_YEARS_MESSAGE : null;
}

/** Where the COLA rows would be while there are none: why, and that what was typed in them is kept. */
export const noRowsHint = (spanError: string | null) =>
  spanError
    ? 'Correct the years to list the COLA fields again: the percentages typed in them are kept.'
    : 'Set the start and end years to list one COLA field per fiscal year.';

/**
 * The fiscal years from start to end: one COLA row each; none while the years do not make a span
 * (the rates typed stay in the draft, keyed by year, and fill the rows again once they do).
 */
export function draftYears(draft: Pick<ContractDraft, 'startYear' | 'endYear'>): number[] {
  const start = year(draft.startYear);
  const end = year(draft.endYear);
  if (start === null || end === null || yearsError(draft)) {
    return [];
  }
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export type ContractErrors = Partial<Record<string, string>>;

/**
 * Checks the draft with the server's own schema (contractBody). Returns the
 * body to send, or the errors by field ('cola-2027' for a row, in the form's words) and the first of
 * them as the form's message; with no rows to show, why the years make no span, else the 'set the
 * start and end years' message.
 */
export function checkContract(draft: ContractDraft): {
  body: ContractBody | null;
  errors: ContractErrors;
  message: string | null;
} {
  const years = draftYears(draft);
  const errors: ContractErrors = {};
  // Every row in order with the shared rule first (its words, the first bad year first); a bad row
  // goes to the schema as 0 so its checks of everything else still run.
  const rows = years.map((fiscalYear) => {
    const rate = draft.rates[fiscalYear] ?? { colaPercentage: '', notes: '' };
    const typed = rate.colaPercentage.trim();
    const value = /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
    if (!isColaPercent(value)) {
      errors[`cola-${fiscalYear}`] = colaPercentMessage(fiscalYear);
    }
    return { fiscalYear, colaPercentage: isColaPercent(value) ? value : 0, notes: rate.notes.trim() || null };
  });
  const parsed = contractBody.safeParse({
    name: draft.name,
    workGroupId: draft.workGroupId ? Number(draft.workGroupId) : undefined,
    startYear: draft.startYear.trim(),
    endYear: draft.endYear.trim(),
    contractYears: years.length || undefined,
    status: draft.status,
    // Stored only when SETTLED; the field is hidden otherwise.
    settlementDate: draft.status === 'SETTLED' && draft.settlementDate ? draft.settlementDate : null,
    notes: draft.notes.trim() || null,
    // A negotiating offer supersedes nothing (the server says so too); the choice is kept while it is hidden.
    supersedesContractId:
      draft.status === 'NEGOTIATING' || draft.supersedesContractId === NO_SUPERSEDES
        ? null
        : Number(draft.supersedesContractId),
    yearlyIncreases: rows,
  });
  if (parsed.success && Object.keys(errors).length === 0) {
    return { body: parsed.data, errors: {}, message: null };
  }
  for (const issue of parsed.error?.issues ?? []) {
    errors[errorField(issue.path.map(String).join('.'), years)] ??= issue.message;
  }
  if (!draft.workGroupId) {
    errors.workGroupId = 'Choose the work group the contract covers';
  }
  const message =
    years.length === 0 ? (yearsError(draft) ?? NO_COLA_ROWS_MESSAGE) : (Object.values(errors)[0] ?? null);
  return { body: null, errors, message };
}

/** Where a server field error belongs: 'yearlyIncreases.1.colaPercentage' is the second row's. */
export function errorField(path: string, years: readonly number[]): string {
  const m = /^yearlyIncreases\.(\d+)/.exec(path);
  if (m) {
    const fy = years[Number(m[1])];
    return fy === undefined ? 'yearlyIncreases' : `cola-${fy}`;
  }
  return path.split('.')[0] ?? '';
}

/**
 * The contracts the one being drafted could supersede: the other settled contracts of its work
 * group that share one of its years and that no other contract has superseded already. The form
 * offers them under Supersedes; whether two may overlap is the server's rule, which refuses the
 * save (409) when a settled contract overlaps one it does not supersede.
 */
export function supersedeCandidates(
  contracts: readonly Contract[],
  draft: ContractDraft,
  editingId: number | null,
): Contract[] {
  const years = new Set(draftYears(draft));
  return contracts.filter(
    (c) =>
      c.id !== editingId &&
      String(c.workGroupId) === draft.workGroupId &&
      c.status === 'SETTLED' &&
      (c.supersededBy === null || c.supersededBy.id === editingId) &&
      c.colaSettings.some((r) => years.has(r.fiscalYear)),
  );
}
