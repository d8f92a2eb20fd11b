import { cellText, isBlankRow, type Cell } from './cells';
import { parseDate } from './dates';
import { extractDeseCode } from './dese';
import { parseMoney, type Parsed } from './money';
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

function salary(
  ctx: TransformContext,
  cells: readonly Cell[],
  field: string,
  warnings: string[],
): string | null {
  const parsed = readField(ctx, cells, field, parseMoney, warnings);
  if (parsed.problem) {
    return null;
  }
  if (parsed.value !== null && parsed.value.startsWith('-')) {
    warnings.push(`${ctx.labels[field]} ${parsed.value} is negative and was not stored`);
    return null;
  }
  return parsed.value;
}

/**
 * One payroll row as an employee line. Skipped: blank rows (silently), rows with no name, salary or
 * position, total rows and repeated headers. Imported with needsReview and a warning: anything that
 * could not be read (the value is left empty rather than guessed), a missing salary, an unknown
 * building, and a position with no name (as 'Vacant': rosters list open positions that way).
 */
export function transformEmployee(ctx: TransformContext, n: number, cells: readonly Cell[]): RowOutcome {
  if (isBlankRow(cells)) {
    return { kind: 'blank' };
  }
  const warnings: string[] = [];
  const lastCell = cellText(fieldCell(ctx, cells, 'lastName'));
  const firstCell = textField(ctx, cells, 'firstName', warnings);
  if (isTotalLabel(lastCell) || (firstCell && isTotalLabel(firstCell))) {
    return { kind: 'skip', reason: 'total or subtotal row' };
  }
  if (isRepeatedHeader(ctx, cells)) {
    return { kind: 'skip', reason: 'repeated header row' };
  }
  let first = firstCell;
  let last = textField(ctx, cells, 'lastName', warnings);
  // A full name in the Last Name column is split when no first name came with it.
  if (last && !first && (last.includes(',') || last.includes(' '))) {
    ({ first, last } = splitName(last));
  } else if (last && last.endsWith(',')) {
    last = last.slice(0, -1).trim() || null;
  }
  const currentSalary = salary(ctx, cells, 'currentSalary', warnings);
  const position = textField(ctx, cells, 'position', warnings);
  if (!last && !first) {
    // A budgeted position with nobody in it still costs money: keep it, marked for review.
    if (currentSalary === null && !position) {
      return { kind: 'skip', reason: 'no employee name' };
    }
    last = 'Vacant';
    warnings.unshift('No employee name: imported as a vacant position');
  }
  const name = [first, last].filter(Boolean).join(' ');

  if (currentSalary === null && !warnings.some((w) => w.startsWith(ctx.labels.currentSalary))) {
    warnings.push('No current salary');
  }
  const nextYearSalary = ctx.mapping.has('nextYearSalary')
    ? salary(ctx, cells, 'nextYearSalary', warnings)
    : null;

  let fte: string | null = '1.00';
  if (ctx.mapping.has('currentFTE')) {
    const parsed = readField(ctx, cells, 'currentFTE', parseFte, warnings);
    if (parsed.problem) {
      fte = null;
    } else if (parsed.value !== null) {
      fte = parsed.value;
      if (parsed.note) {
        warnings.push(parsed.note);
      }
    }
  }

  const location = textField(ctx, cells, 'locationCode', warnings);
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
  const values = {
    is_operating: 't',
    first_name: first,
    last_name: last,
    position,
    current_salary: currentSalary,
    next_year_salary: nextYearSalary,
    next_year_salary_manual: nextYearSalary !== null ? 't' : 'f',
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
  };
  return lineOutcome(ctx, n, cells, { values, location, warnings, name, fiscalYear });
}
