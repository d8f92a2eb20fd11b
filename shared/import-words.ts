import { fiscalYearLabel } from '@shared/budget-math';
import { formatMoney, formatNumber } from '@shared/money';
import type { ImportResult, ImportType } from '@shared/schemas/import';

/**
 * 'FY26 already has 504 employees ($35,312,345): these 200 rows are added to them, not in their
 * place.', or null when the year holds none. An import replaces only projected lines, so a year's
 * stored lines stay and the file's join them: the count of rows alone read as a replacement (QA's
 * 200-row payroll took FY26 from 504 employees to 704). The wizard's preview and the CLI say it.
 */
export function addedToYearText(
  result: Pick<ImportResult, 'alreadyStored' | 'fiscalYears' | 'imported'>,
  importType: ImportType,
): string | null {
  const held = result.alreadyStored;
  // Rows a Fiscal Year column sends to other years only are not added to this one.
  if (!held.count || !result.fiscalYears.includes(held.fiscalYear)) {
    return null;
  }
  const fy = fiscalYearLabel(held.fiscalYear);
  const noun = importType === 'operating' ? 'employee' : 'budget line';
  const rows =
    result.fiscalYears.length === 1
      ? `these ${formatNumber(result.imported)} row${result.imported === 1 ? ' is' : 's are'}`
      : `this file's ${fy} rows are`;
  return (
    `${fy} already has ${formatNumber(held.count)} ${noun}${held.count === 1 ? '' : 's'} ` +
    `(${formatMoney(held.total)}): ${rows} added to them, not in their place.`
  );
}

/**
 * 'Next-year salaries: 6,845 computed by the automatic rule, 0 kept from the file. Of the 25,530
 * rows, the rule flags 24,417 for review: ...', or null when the rule saw no row. The rule's flags
 * are a share of all the rows, not a third group beside the two: a row computed at 0% COLA is both
 * computed and flagged, and '6,845 by the automatic rule ... 24,417 flagged' read as more rows
 * than the file had. The wizard's preview and result and the CLI's summary say it.
 */
export function nextYearSalariesText(
  result: Pick<ImportResult, 'imported' | 'nextYearSalaries'>,
): string | null {
  const n = result.nextYearSalaries;
  if (!n.automatic && !n.manual && !n.flagged) {
    return null;
  }
  const flagged = n.flagged
    ? ` Of the ${formatNumber(result.imported)} rows, the rule flags ${formatNumber(n.flagged)} for review: no work group, so none computed, or computed at 0% COLA.`
    : '';
  return (
    `Next-year salaries: ${formatNumber(n.automatic)} computed by the automatic rule, ` +
    `${formatNumber(n.manual)} kept from the file.${flagged}`
  );
}
