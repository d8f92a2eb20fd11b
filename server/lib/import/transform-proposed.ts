import { cellText, isBlankRow, type Cell } from './cells';
import { extractDeseCode, headingDeseCode } from './dese';
import { parseMoney } from './money';
import {
  fieldCell,
  isRepeatedHeader,
  isTotalLabel,
  problemText,
  rowFiscalYear,
  textField,
  type RowOutcome,
  type TransformContext,
} from './transform';
import { lineOutcome } from './transform-line';

const HEADING = /^\s*\d{4}\s*[-\u2013\u2014:]\s*[A-Za-z]/;

/**
 * Reads a budget export's rows as proposed lines. Budget workbooks group lines under heading rows
 * ('2305 - H.S. Teachers - General Education'): a row with no amount and no description (or a
 * description that is itself such a heading) is a heading, skipped, and its DESE code and text are
 * given to the lines below it that have no code of their own. Total rows are skipped.
 */
export function proposedTransformer(ctx: TransformContext) {
  let heading: { code: string; text: string } | null = null;

  return function transformProposed(n: number, cells: readonly Cell[]): RowOutcome {
    if (isBlankRow(cells)) {
      return { kind: 'blank' };
    }
    const warnings: string[] = [];
    const descCell = cellText(fieldCell(ctx, cells, 'accountDescription'));
    if (
      isTotalLabel(descCell) ||
      cells.some((c) => typeof c === 'string' && /^(GRAND\s+)?TOTAL\b/.test(c.trim()))
    ) {
      return { kind: 'skip', reason: 'total or subtotal row' };
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
    if (!description) {
      description = name ?? accountLine;
      if (!description) {
        return { kind: 'skip', reason: 'no account description' };
      }
      warnings.push('No account description; the line name or account number is used');
    }
    if (amount.value === null && !amount.problem) {
      return { kind: 'skip', reason: 'no amount' };
    }
    if (amount.problem) {
      warnings.push(problemText(ctx, 'amount', amountCell, amount.problem));
    }
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
    const fiscalYear = rowFiscalYear(ctx, cells, warnings);
    const values = {
      is_operating: 'f',
      next_year_salary_manual: 'f',
      current_fte: null,
      employee_status: null,
      account_description: description,
      name,
      account_line: accountLine,
      dese_categories: deseCategories,
      amount: amount.value,
      dese_code: deseCode,
      category_id: categoryId === null ? null : String(categoryId),
    };
    return lineOutcome(ctx, n, cells, { values, location, warnings, name: description, fiscalYear });
  };
}
