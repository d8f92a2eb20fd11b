import { FUND_KINDS, NSS_COUNTS_BY_KIND, isGrantKind, type FundKind } from '@shared/schemas/funds';
import type { Fund } from '@web/api/funds';
import { formatAmount, plainAmount } from '@web/lib/format';

/** The editor's values: text as typed, so the schema (not the browser) says what is wrong. */
export interface FundValues {
  name: string;
  code: string;
  kind: FundKind;
  countsTowardNss: boolean;
  awardAmount: string;
  periodStart: string;
  periodEnd: string;
  note: string;
  showToResidents: boolean;
}

/** A new fund starts as an 'Other' fund: the general fund exists from the first start and stays one. */
const NEW_KIND: FundKind = 'other';

export function fundValues(fund: Fund | null): FundValues {
  const kind = fund?.kind ?? NEW_KIND;
  return {
    name: fund?.name ?? '',
    code: fund?.code ?? '',
    kind,
    countsTowardNss: fund?.countsTowardNss ?? NSS_COUNTS_BY_KIND[kind],
    // Grouped and to the cent ('640,000.50', not '640000.5'), as the list shows it; amountOf reads it back.
    awardAmount: formatAmount(fund?.awardAmount),
    periodStart: fund?.periodStart ?? '',
    periodEnd: fund?.periodEnd ?? '',
    note: fund?.note ?? '',
    showToResidents: fund?.showToResidents ?? true,
  };
}

/** Dollars as people type them ('$250,000.50'); text that is no number goes as NaN for the schema to refuse. */
function amountOf(text: string): number | null {
  const plain = plainAmount(text);
  return plain === '' ? null : Number(plain);
}

/**
 * The request body to check and send. A fund that is not a grant sends no award or period, so a
 * kind changed away from a grant clears what the grant had rather than being refused for it.
 */
export function fundInput(v: FundValues) {
  const grant = isGrantKind(v.kind);
  return {
    name: v.name,
    code: v.code,
    kind: v.kind,
    countsTowardNss: v.countsTowardNss,
    awardAmount: grant ? amountOf(v.awardAmount) : null,
    periodStart: grant && v.periodStart ? v.periodStart : null,
    periodEnd: grant && v.periodEnd ? v.periodEnd : null,
    note: v.note.trim() || null,
    showToResidents: v.showToResidents,
  };
}

/**
 * The values after the kind changes: the NSS box follows the new kind's default until someone
 * has set it for this fund (as the server does with a kind changed without a word on NSS).
 */
export function withKind(v: FundValues, kind: FundKind, nssSetForFund: boolean): FundValues {
  return { ...v, kind, countsTowardNss: nssSetForFund ? v.countsTowardNss : NSS_COUNTS_BY_KIND[kind] };
}

/**
 * The kinds a fund may be given: the general fund keeps its kind, and no other fund may take it
 * (one general fund, which a line without a fund goes to).
 */
export function kindChoices(fund: Fund | null): FundKind[] {
  return fund?.kind === 'general' ? ['general'] : FUND_KINDS.filter((k) => k !== 'general');
}
