import type { AccountPattern } from '@server/lib/account-pattern';
import { centsText, toCents } from '@shared/money';
import {
  LEDGER_AMOUNT_FIELDS,
  MAX_PERIOD,
  MIN_PERIOD,
  type LedgerAmountField,
} from '@shared/schemas/ledger-import';
import { cellText, isBlankRow, normalizeLabel, type Cell } from './cells';
import { parseMoney } from './money';
import { parseFiscalYearCell } from './values';
import { fiscalYearLabel } from '@shared/budget-math';

/**
 * One row of a ledger (actuals) file, read: a ledger row (in the figures, or set aside with the
 * reason), a row that is not a ledger row (a heading, a repeated header, the file's own total), or
 * a blank row. Rows that make the whole file wrong (a period outside 1-13, another fiscal year)
 * carry `fatal`: the import refuses them all at once, listing the rows.
 */

export interface LedgerTransformContext {
  /** Column index per mapped field. */
  fields: Map<string, number>;
  /** Normalized header text of the account column, to spot a header repeated in the data. */
  accountHeader: string;
  pattern: AccountPattern;
  fiscalYear: number;
  /** Building by its code, as written and without leading zeros (LOC segments such as '03'). */
  buildings: Map<string, { id: number; name: string }>;
  isDeseCode(code: string): boolean;
}

export interface LedgerAmount {
  /** The file's own value, exactly (null: blank cell). */
  file: string | null;
  /** What is stored, 2 decimals. */
  stored: string;
}

export type LedgerOutcome =
  | { kind: 'blank' }
  | { kind: 'skip'; reason: string; text: string; total: boolean }
  | {
      kind: 'row';
      account: string;
      description: string | null;
      /** The FUND segment as written, or null (no FUND in the pattern, or the row is set aside). */
      fundCode: string | null;
      functionCode: string | null;
      objectCode: string | null;
      locationCode: string | null;
      building: { id: number; name: string } | null;
      amounts: Record<LedgerAmountField, LedgerAmount>;
      warnings: string[];
      setAside: string | null;
      period: number | null;
      fatal: string | null;
    };

const TOTAL = /\btotals?\b/i;
const LABELS: Record<LedgerAmountField, string> = {
  originalBudget: 'Original Appropriation',
  transfers: 'Transfers',
  revisedBudget: 'Revised Budget',
  expended: 'Expended',
  encumbered: 'Encumbrances',
};

export const buildingKey = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/^0+(?=.)/, '');

const cellOf = (ctx: LedgerTransformContext, cells: readonly Cell[], field: string): Cell => {
  const i = ctx.fields.get(field);
  return i === undefined ? null : (cells[i] ?? null);
};

function readAmounts(
  ctx: LedgerTransformContext,
  cells: readonly Cell[],
  warnings: string[],
  problems: string[],
) {
  const amounts = {} as Record<LedgerAmountField, LedgerAmount>;
  for (const field of LEDGER_AMOUNT_FIELDS) {
    const cell = cellOf(ctx, cells, field);
    const parsed = parseMoney(cell);
    if (parsed.problem) {
      problems.push(`${LABELS[field]} '${cellText(cell)}' ${parsed.problem}`);
      amounts[field] = { file: null, stored: '0.00' };
      continue;
    }
    if (parsed.exact) {
      warnings.push(
        `${LABELS[field]} '${parsed.exact}' has more than 2 decimals; rounded to ${parsed.value}`,
      );
    }
    amounts[field] = { file: parsed.exact ?? parsed.value, stored: parsed.value ?? '0.00' };
  }
  return amounts;
}

/** The file's own arithmetic checked: original + transfers = revised; revised − expended − encumbered = available. */
function checkArithmetic(
  ctx: LedgerTransformContext,
  cells: readonly Cell[],
  a: Record<LedgerAmountField, LedgerAmount>,
  warnings: string[],
) {
  const c = (f: LedgerAmountField) => toCents(a[f].stored) ?? 0n;
  if (ctx.fields.has('originalBudget') && ctx.fields.has('transfers')) {
    const sum = c('originalBudget') + c('transfers');
    if (sum !== c('revisedBudget')) {
      warnings.push(
        `Original ${a.originalBudget.stored} + transfers ${a.transfers.stored} = ${centsText(sum)}, but the revised budget is ${a.revisedBudget.stored}`,
      );
    }
  }
  const availableCell = cellOf(ctx, cells, 'available');
  const available = parseMoney(availableCell).value;
  if (available !== null) {
    const computed = c('revisedBudget') - c('expended') - c('encumbered');
    if (toCents(available) !== computed) {
      warnings.push(
        `Available ${available} in the file, but revised − expended − encumbered is ${centsText(computed)}`,
      );
    }
  }
}

/** Reads one data row of a ledger file. */
export function transformLedgerRow(ctx: LedgerTransformContext, cells: readonly Cell[]): LedgerOutcome {
  if (isBlankRow(cells)) {
    return { kind: 'blank' };
  }
  const text = cells
    .map((c) => cellText(c))
    .filter(Boolean)
    .join(' · ');
  const account = cellText(cellOf(ctx, cells, 'account'));
  if (account && normalizeLabel(account) === ctx.accountHeader) {
    return { kind: 'skip', reason: 'repeated header row', text, total: false };
  }
  const warnings: string[] = [];
  const problems: string[] = [];
  const amounts = readAmounts(ctx, cells, warnings, problems);
  const hasMoney = LEDGER_AMOUNT_FIELDS.some((f) => amounts[f].file !== null);
  const parsed = ctx.pattern.parse(account);
  if (!parsed.ok && TOTAL.test(text) && !/\d+[-.]\d+[-.]\d+/.test(account)) {
    return { kind: 'skip', reason: 'total row (compared, not added)', text, total: true };
  }
  if (!account && !hasMoney) {
    return { kind: 'skip', reason: 'heading: no account and no amounts', text, total: false };
  }
  const description = cellText(cellOf(ctx, cells, 'description')) || null;
  let fatal: string | null = null;
  let period: number | null = null;
  const periodText = cellText(cellOf(ctx, cells, 'period'));
  if (periodText) {
    period = /^\d+(\.0+)?$/.test(periodText) ? Number(periodText.split('.')[0]) : NaN;
    if (!(period >= MIN_PERIOD && period <= MAX_PERIOD)) {
      fatal = `period '${periodText}' is not 1 to 13 (13 = year-end closing)`;
      period = null;
    }
  }
  const fy = parseFiscalYearCell(cellOf(ctx, cells, 'fiscalYear'));
  if (fy.value !== null && fy.value !== ctx.fiscalYear) {
    fatal ??= `fiscal year ${fiscalYearLabel(fy.value)}, not ${fiscalYearLabel(ctx.fiscalYear)}`;
  } else if (fy.problem) {
    fatal ??= `fiscal year '${cellText(cellOf(ctx, cells, 'fiscalYear'))}' ${fy.problem}`;
  }
  const base = { kind: 'row' as const, account, description, amounts, warnings, period, fatal };
  if (!parsed.ok || problems.length) {
    return {
      ...base,
      fundCode: parsed.ok ? parsed.fundCode : null,
      functionCode: parsed.ok ? parsed.functionCode : null,
      objectCode: parsed.ok ? parsed.objectCode : null,
      locationCode: parsed.ok ? parsed.locationCode : null,
      building: null,
      setAside: parsed.ok ? problems.join('; ') : parsed.reason,
    };
  }
  checkArithmetic(ctx, cells, amounts, warnings);
  if (parsed.functionCode && !ctx.isDeseCode(parsed.functionCode)) {
    warnings.push(`${parsed.functionCode} is not a DESE function code`);
  }
  let building: { id: number; name: string } | null = null;
  if (parsed.locationCode) {
    building = ctx.buildings.get(buildingKey(parsed.locationCode)) ?? null;
    if (!building) {
      warnings.push(`location ${parsed.locationCode} is no building's code: District Wide`);
    }
  }
  return {
    ...base,
    fundCode: parsed.fundCode,
    functionCode: parsed.functionCode,
    objectCode: parsed.objectCode,
    locationCode: parsed.locationCode,
    building,
    setAside: null,
  };
}
