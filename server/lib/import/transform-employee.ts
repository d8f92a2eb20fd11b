import { badRequest } from '@server/errors';
import { cellText, isBlankRow, type Cell } from './cells';
import { parseDate } from './dates';
import { extractDeseCode } from './dese';
import type { Parsed } from './money';
import {
  exactAmount,
  fieldCell,
  isDistrictWide,
  moneyField,
  isRepeatedHeader,
  isTotalLabel,
  placeOf,
  problemText,
  rowFiscalYear,
  textField,
  type RowMoney,
  type RowOutcome,
  type TransformContext,
} from './transform';
import { fundOf, leftOutRow, lineOutcome } from './transform-line';
import { parseFte, parseStatus, splitName } from './values';

/** A field's cell parsed, with a warning (quoting the cell) when it cannot be read. */
function readField<P extends Parsed<string>>(
  ctx: TransformContext,
  cells: readonly Cell[],
  field: string,
  parse: (cell: Cell) => P,
  warnings: string[],
): P {
  const cell = fieldCell(ctx, cells, field);
  const parsed = parse(cell);
  if (parsed.problem) {
    warnings.push(problemText(ctx, field, cell, parsed.problem));
  }
  return parsed;
}

/** The warning of a row with a salary or title and no name: an open position. */
export const VACANCY_WARNING =
  'No employee name: an open position, imported as a vacant position at its salary';

/** Reason given in the reconciliation for an open position's salary (its position holds it). */
export const VACANCY_STORED =
  'an open position: budgeted as a vacant position at this salary, not an employee line';

/** Reason given in the reconciliation for a negative salary (the database holds none). */
export const NEGATIVE_SALARY = 'negative pay (a reversal) is not a salary: the line stores none';

/**
 * A salary: rounded to the cent with a warning; a negative amount (payroll exports list pay
 * reversals that way) is not stored, with a warning, and the reconciliation lists it.
 */
function salary(ctx: TransformContext, cells: readonly Cell[], field: string, warnings: string[]): RowMoney {
  const money = moneyField(ctx, cells, field, warnings);
  if (money.stored !== null && money.stored.startsWith('-')) {
    warnings.push(`${ctx.labels[field]} ${money.stored} is negative and was not stored`);
    return { file: money.file, stored: null, reason: NEGATIVE_SALARY };
  }
  return money;
}

/**
 * A next-year salary the file gives is kept as a manual value; lines without one get the automatic
 * rule after the COPY (applyAutomaticNextYearSalary, in the import's transaction). A Next Year
 * Salary Source column (the app's own export writes one) saying Auto keeps the value as automatic:
 * the rule recomputes it where it applies, so an exported file imports back unchanged.
 */
function nextYearSalary(ctx: TransformContext, cells: readonly Cell[], warnings: string[]) {
  if (!ctx.mapping.has('nextYearSalary')) {
    return { value: null, manual: false };
  }
  const value = salary(ctx, cells, 'nextYearSalary', warnings).stored;
  const sourceCell = fieldCell(ctx, cells, 'nextYearSalarySource');
  const source = cellText(sourceCell).toLowerCase();
  if (source && source !== 'auto' && source !== 'automatic' && source !== 'manual') {
    warnings.push(
      problemText(ctx, 'nextYearSalarySource', sourceCell, 'is neither Auto nor Manual; Manual used'),
    );
  }
  return { value, manual: value !== null && source !== 'auto' && source !== 'automatic' };
}

/**
 * The location code kept as text and the text the building is matched from: a mapped Building
 * column when the row has one (the location then stays a code only), else the location. A file
 * with a Building column and no location keeps the building's text as its location, as before.
 */
function locationAndBuilding(ctx: TransformContext, cells: readonly Cell[], warnings: string[]) {
  const location = textField(ctx, cells, 'locationCode', warnings);
  const building = textField(ctx, cells, 'building', warnings);
  if (!ctx.mapping.has('locationCode') && building && !isDistrictWide(building)) {
    return { location: building, building };
  }
  return { location, building: building ?? location };
}

/**
 * One payroll row as an employee line. Skipped: blank rows (silently), rows with no name, salary or
 * position, total rows and repeated headers. Imported with needsReview and a warning: anything that
 * could not be read (the value is left empty rather than guessed), a missing salary, an unknown
 * building. A row with no name (rosters list open positions that way) is an open position: its line,
 * named 'Vacant' and marked as one (metadata.vacancy), becomes a vacant position at its salary.
 */
export function transformEmployee(ctx: TransformContext, n: number, cells: readonly Cell[]): RowOutcome {
  if (isBlankRow(cells)) {
    return { kind: 'blank' };
  }
  const warnings: string[] = [];
  const lastCell = cellText(fieldCell(ctx, cells, 'lastName'));
  const firstCell = textField(ctx, cells, 'firstName', warnings);
  if (isTotalLabel(lastCell) || (firstCell && isTotalLabel(firstCell))) {
    return {
      kind: 'skip',
      reason: 'total or subtotal row',
      amount: exactAmount(fieldCell(ctx, cells, 'currentSalary')),
      totalLabel: isTotalLabel(lastCell) ? lastCell : firstCell!,
    };
  }
  if (isRepeatedHeader(ctx, cells)) {
    return { kind: 'skip', reason: 'repeated header row' };
  }
  // The building first: a row left out for it is read no further (its warnings kept for their place).
  const placeWarnings: string[] = [];
  const { location, building } = locationAndBuilding(ctx, cells, placeWarnings);
  const place = placeOf(ctx, building);
  const left = leftOutRow(ctx, cells, place, 'currentSalary');
  if (left) {
    return left;
  }
  let first = firstCell;
  let last = textField(ctx, cells, 'lastName', warnings);
  // A full name in the Last Name column is split when no first name came with it.
  if (last && !first && (last.includes(',') || last.includes(' '))) {
    ({ first, last } = splitName(last));
  } else if (last && last.endsWith(',')) {
    last = last.slice(0, -1).trim() || null;
  }
  const money = salary(ctx, cells, 'currentSalary', warnings);
  const currentSalary = money.stored;
  const position = textField(ctx, cells, 'position', warnings);
  // A budgeted position with nobody in it (rosters list open positions that way) still costs money:
  // it becomes a vacant position at its salary, not a person (positions/from-import.ts). Its line
  // carries it through the crosswalk and the building's match, and leaves before the import ends.
  const vacancy = !last && !first;
  if (vacancy) {
    if (currentSalary === null && !position) {
      return { kind: 'skip', reason: 'no employee name' };
    }
    last = 'Vacant';
    warnings.unshift(VACANCY_WARNING);
  }
  const name = [first, last].filter(Boolean).join(' ');

  if (currentSalary === null && !warnings.some((w) => w.startsWith(ctx.labels.currentSalary))) {
    warnings.push('No current salary');
  }
  const nextYear = nextYearSalary(ctx, cells, warnings);

  let fte: string | null = '1.00';
  if (ctx.mapping.has('currentFTE')) {
    const parsed = readField(ctx, cells, 'currentFTE', parseFte, warnings);
    if (parsed.outOfRange) {
      // An FTE of 0, negative or above 1.5 moves what a schedule pays: the import stops, nothing written.
      const message = `Row ${n}: ${problemText(ctx, 'currentFTE', fieldCell(ctx, cells, 'currentFTE'), parsed.problem!)} (an FTE must be above 0 and at most 1.5)`;
      throw badRequest(message, [{ path: 'currentFTE', message }]);
    }
    if (parsed.problem) {
      fte = null;
    } else if (parsed.value !== null) {
      fte = parsed.value;
      if (parsed.note) {
        warnings.push(parsed.note);
      }
    }
  }

  if (placeWarnings.length) {
    warnings.push(...placeWarnings);
  }
  const workGroup = textField(ctx, cells, 'workGroup', warnings);
  const deseCell = fieldCell(ctx, cells, 'deseCode');
  const deseCode = extractDeseCode(deseCell);
  if (!deseCode && cellText(deseCell)) {
    warnings.push(`${problemText(ctx, 'deseCode', deseCell, 'holds no DESE function code')}`);
  }
  const statusCell = fieldCell(ctx, cells, 'employeeStatus');
  const status = parseStatus(statusCell);
  if (status.problem) {
    warnings.push(`${problemText(ctx, 'employeeStatus', statusCell, status.problem)}; Active used`);
  }
  const fiscalYear = rowFiscalYear(ctx, cells, warnings);
  const workGroupId = workGroup ? ctx.workGroups.match(workGroup) : null;
  const categoryId = deseCode ? ctx.categories.byDeseCode(deseCode) : null;
  // A crosswalk rule may name the fund for the title: it pays when the file names none.
  const ruleFund = ctx.crosswalk?.fundFor(position) ?? null;
  const fund = ctx.funds
    ? fundOf(ctx, ctx.funds, cells, null, fiscalYear, warnings, ruleFund ? Number(ruleFund.value) : null)
    : { fundId: null, byRule: false };
  const fundId = fund.fundId;
  const values = {
    is_operating: 't',
    first_name: first,
    last_name: last,
    position,
    current_salary: currentSalary,
    next_year_salary: nextYear.value,
    next_year_salary_manual: nextYear.manual ? 't' : 'f',
    current_fte: fte,
    location_code: location,
    department: textField(ctx, cells, 'department', warnings),
    work_group_id: workGroupId === null ? null : String(workGroupId),
    work_group: workGroup,
    job_class: textField(ctx, cells, 'jobClass', warnings),
    hire_date: readField(ctx, cells, 'hireDate', parseDate, warnings).value,
    date_of_departure: readField(ctx, cells, 'dateOfDeparture', parseDate, warnings).value,
    employee_status: status.value ?? 'Active',
    dese_code: deseCode,
    category_id: categoryId === null ? null : String(categoryId),
    fund_id: fundId === null ? null : String(fundId),
  };
  const crosswalk =
    ctx.crosswalk?.fill(values, position, currentSalary, fund.byRule ? ruleFund : null) ?? null;
  const outcome = lineOutcome(ctx, n, cells, {
    values,
    place,
    warnings,
    name,
    fiscalYear,
    // A vacancy's salary is stored as its position's rate, in no line: the reconciliation says so.
    money:
      vacancy && money.file !== null
        ? { ...money, stored: '0.00', reason: VACANCY_STORED, held: true }
        : money,
    vacancy,
  });
  return outcome.kind === 'line' && crosswalk ? { ...outcome, crosswalk } : outcome;
}
