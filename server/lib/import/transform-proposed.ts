import { cellText, isBlankRow, type Cell } from './cells';
import { extractDeseCode, headingDeseCode } from './dese';
import { parseMoney } from './money';
import {
  exactAmount,
  fieldCell,
  moneyField,
  isRepeatedHeader,
  placeOf,
  isTotalLabel,
  problemText,
  rowFiscalYear,
  textField,
  type RowOutcome,
  type TransformContext,
} from './transform';
import { fundOf, leftOutRow, lineOutcome } from './transform-line';

const HEADING = /^\s*\d{4}\s*[-\u2013\u2014:]\s*[A-Za-z]/;
const GRAND_TOTAL_CELL = /^(GRAND\s+)?TOTAL\b/;
const LETTER = /[A-Za-z]/;
const PERCENT = /^-?[\d,]*\.?\d+\s*%$/;

/** A row whose every cell is a number, an amount or a percent: a total row printed without a label. */
function onlyNumbers(cells: readonly Cell[]): boolean {
  return cells.every((c) => {
    const text = cellText(c);
    return !text || PERCENT.test(text) || parseMoney(c).value !== null;
  });
}

/**
 * A description for a line that has an amount but none of its own: the row's words, with the
 * code written just before them ('5400 Supplies': an object-code heading carrying an amount).
 */
function describeFromRow(cells: readonly Cell[]): string {
  const texts = cells.map((c) => cellText(c));
  const parts: string[] = [];
  texts.forEach((text, i) => {
    if (!LETTER.test(text)) {
      return;
    }
    const before = texts.slice(0, i).filter(Boolean).pop();
    if (!parts.length && before && /^\d{3,6}$/.test(before)) {
      parts.push(before);
    }
    parts.push(text);
  });
  return parts.join(' ').slice(0, 500);
}

/**
 * Reads a budget export's rows as proposed lines. Budget workbooks group lines under heading rows
 * ('2305 - H.S. Teachers - General Education'): a row with no amount and no description (or a
 * description that is itself such a heading) is a heading, skipped, and its DESE code and text are
 * given to the lines below it that have no code of their own. Total rows are skipped (their
 * amounts go to the reconciliation, which compares them with the import), and so is a row with
 * only numbers in it (a total printed without a label). A row with an amount but no description
 * is imported, described by its own cells and marked for review, never dropped.
 */
export function proposedTransformer(ctx: TransformContext) {
  let heading: { code: string; text: string } | null = null;

  return function transformProposed(n: number, cells: readonly Cell[]): RowOutcome {
    if (isBlankRow(cells)) {
      return { kind: 'blank' };
    }
    const warnings: string[] = [];
    const descCell = cellText(fieldCell(ctx, cells, 'accountDescription'));
    const totalLabel = isTotalLabel(descCell)
      ? descCell
      : cells.map((c) => (typeof c === 'string' ? c.trim() : '')).find((t) => GRAND_TOTAL_CELL.test(t));
    if (totalLabel) {
      return {
        kind: 'skip',
        reason: 'total or subtotal row',
        amount: exactAmount(fieldCell(ctx, cells, 'amount')),
        totalLabel,
      };
    }
    if (isRepeatedHeader(ctx, cells)) {
      return { kind: 'skip', reason: 'repeated header row' };
    }
    const amountCell = fieldCell(ctx, cells, 'amount');
    const amount = parseMoney(amountCell);
    if (amount.value === null && !amount.problem && (!descCell || HEADING.test(descCell))) {
      const code = headingDeseCode(cells);
      const text = cells.map((c) => cellText(c)).find((t) => HEADING.test(t)) ?? null;
      heading = code && text ? { code, text } : null;
      return { kind: 'skip', reason: 'heading row (no amount)' };
    }
    let description = textField(ctx, cells, 'accountDescription', warnings);
    const accountLine = textField(ctx, cells, 'accountLine', warnings);
    const name = textField(ctx, cells, 'name', warnings);
    const fallback = name ?? accountLine;
    if (!description && fallback) {
      description = fallback;
      warnings.push('No account description; the line name or account number is used');
    } else if (!description) {
      // A row that carries money is never skipped silently: a total printed without a label is
      // listed with the file's totals; any other amount comes in, described by its own cells.
      if (amount.value === null || amount.value === '0.00') {
        return { kind: 'skip', reason: 'no account description', amount: exactAmount(amountCell) };
      }
      if (onlyNumbers(cells)) {
        return {
          kind: 'skip',
          reason: 'total row without a label (only numbers)',
          amount: exactAmount(amountCell),
          totalLabel: '(no label)',
        };
      }
      description = describeFromRow(cells);
      warnings.push(`No account description: '${description}' was made from the row's other cells`);
    }
    if (amount.value === null && !amount.problem) {
      return { kind: 'skip', reason: 'no amount' };
    }
    const money = moneyField(ctx, cells, 'amount', warnings);
    const deseCell = fieldCell(ctx, cells, 'deseCode');
    let deseCode = extractDeseCode(deseCell) ?? (accountLine ? extractDeseCode(accountLine) : null);
    if (!deseCode && cellText(deseCell)) {
      warnings.push(problemText(ctx, 'deseCode', deseCell, 'holds no DESE function code'));
    }
    let deseCategories = textField(ctx, cells, 'deseCategories', warnings);
    if (!deseCode && heading) {
      deseCode = heading.code;
      deseCategories ??= heading.text;
    }
    // The DESE code decides the category; a Budget Category column is used when it does not.
    const categoryText = textField(ctx, cells, 'category', warnings);
    let categoryId = deseCode ? ctx.categories.byDeseCode(deseCode) : null;
    if (categoryId === null && categoryText) {
      categoryId = ctx.categories.byName(categoryText);
      if (categoryId === null) {
        warnings.push(`Budget category '${categoryText}' matches no category`);
      }
    }
    const location = textField(ctx, cells, 'locationCode', warnings);
    const place = placeOf(ctx, location);
    const left = leftOutRow(ctx, cells, place, 'amount');
    if (left) {
      return left;
    }
    const fiscalYear = rowFiscalYear(ctx, cells, warnings);
    const fund = ctx.funds ? fundOf(ctx, ctx.funds, cells, accountLine, fiscalYear, warnings) : null;
    const fundId = fund?.fundId ?? null;
    const values = {
      is_operating: 'f',
      next_year_salary_manual: 'f',
      current_fte: null,
      employee_status: null,
      account_description: description,
      name,
      account_line: accountLine,
      dese_categories: deseCategories,
      amount: money.stored,
      dese_code: deseCode,
      category_id: categoryId === null ? null : String(categoryId),
      fund_id: fundId === null ? null : String(fundId),
    };
    return lineOutcome(ctx, n, cells, {
      values,
      place,
      warnings,
      name: description,
      fiscalYear,
      money,
      fundNamed: fund?.generalNamed,
    });
  };
}
