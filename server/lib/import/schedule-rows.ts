import { badRequest } from '@server/errors';
import { cellText, isBlankRow, normalizeLabel, type Cell, type SourceRow } from './cells';
import { cents, type ReadRow } from './schedule-checks';
import { parseMoney } from './money';
import { parseFiscalYearCell } from './values';

/**
 * A salary schedule's header and rows, cell by cell (./schedule-parse.ts reads the file and checks
 * the schedule's shape): which column is the year, the COLA, the step and each lane, and each row's
 * values, with a problem naming the row and column for every cell that is not what it should be.
 */

/** Limits far beyond any bargained schedule; a file past them is not a schedule. */
export const MAX_LANES = 40;
const MAX_PROBLEMS = 20;

/** A schedule file refused: every problem found (at most MAX_PROBLEMS), nothing written. */
export function refuse(problems: string[]): never {
  const shown = problems.slice(0, MAX_PROBLEMS);
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw badRequest(
    `The salary schedule was not imported: ${shown[0]}${more}`,
    shown.map((message) => ({ path: 'file', message })),
  );
}

const HEADER_ROLES: [role: 'year' | 'cola' | 'step', test: RegExp][] = [
  ['year', /^(fiscal year|fy|year|fiscalyear)$/],
  ['cola', /^cola( %| percent| pct)?$|^%$/],
  ['step', /^step( #| no| number)?$/],
];

interface Columns {
  year: number;
  cola: number | null;
  step: number;
  /** Each lane's name and column index, in file order. */
  lanes: { name: string; index: number }[];
}

export function headerColumns(header: SourceRow): Columns {
  const found: Partial<Record<'year' | 'cola' | 'step', number>> = {};
  const lanes: { name: string; index: number }[] = [];
  const problems: string[] = [];
  // The limit first, on a count: a header of 40,000 lane columns checked each against the lanes
  // before it (quadratic) held the server for 42 s before this limit refused it.
  const filled = header.cells.reduce<number>((n, cell) => n + (cellText(cell) ? 1 : 0), 0);
  if (filled > MAX_LANES + HEADER_ROLES.length) {
    refuse([
      `Row ${header.n}: ${filled.toLocaleString('en-US')} columns; a schedule has fiscal_year, cola and step and at most ${MAX_LANES} lanes`,
    ]);
  }
  const seen = new Set<string>();
  header.cells.forEach((cell, index) => {
    const text = cellText(cell);
    if (!text) {
      return;
    }
    const role = HEADER_ROLES.find(([, test]) => test.test(normalizeLabel(text)))?.[0];
    if (role && found[role] === undefined) {
      found[role] = index;
    } else if (role) {
      problems.push(`Row ${header.n}: the column '${text}' appears twice`);
    } else if (seen.has(text.toLowerCase())) {
      problems.push(`Row ${header.n}: the lane '${text}' appears twice`);
    } else {
      seen.add(text.toLowerCase());
      lanes.push({ name: text, index });
    }
  });
  if (found.year === undefined) {
    problems.push(`Row ${header.n}: no fiscal_year column (the first columns are fiscal_year, cola, step)`);
  }
  if (found.step === undefined) {
    problems.push(`Row ${header.n}: no step column (the first columns are fiscal_year, cola, step)`);
  }
  if (!lanes.length) {
    problems.push(`Row ${header.n}: no lane columns after fiscal_year, cola and step`);
  }
  if (lanes.length > MAX_LANES) {
    problems.push(`Row ${header.n}: ${lanes.length} lanes, more than the ${MAX_LANES} a schedule may have`);
  }
  if (problems.length) {
    refuse(problems);
  }
  return { year: found.year!, cola: found.cola ?? null, step: found.step!, lanes };
}

/** '2.5%', '2.5' or an Excel percent (0.025) as decimal text with 3 places, or a problem. */
function parseCola(cell: Cell): { value: string | null; problem?: string } {
  let text = cellText(cell).replace(/\s+/g, '');
  if (!text) {
    return { value: null };
  }
  // A cell Excel formats as a percent holds the fraction: 2.5% is 0.025.
  const fraction = typeof cell === 'number' && cell > 0 && cell < 1;
  text = text.replace(/%$/, '');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (!m[1] && !m[2])) {
    return { value: null, problem: `'${cellText(cell)}' is not a percent` };
  }
  let digits = `${m[1] || '0'}${m[2] ?? ''}`;
  let places = (m[2] ?? '').length;
  if (fraction) {
    places -= 2;
    if (places < 0) {
      digits += '0'.repeat(-places);
      places = 0;
    }
  }
  const trimmed = digits.slice(0, digits.length - places) || '0';
  const decimals = digits.slice(digits.length - places).replace(/0+$/, '');
  if (decimals.length > 3) {
    return { value: null, problem: `'${cellText(cell)}' has more than 3 decimals` };
  }
  const whole = BigInt(trimmed);
  if (whole > 100n || (whole === 100n && decimals !== '')) {
    return { value: null, problem: `'${cellText(cell)}' is more than 100%` };
  }
  return { value: `${whole}.${decimals.padEnd(3, '0')}` };
}

function parseStep(cell: Cell): number | null {
  const m = /^(?:step\s*)?(\d{1,3})(?:\.0+)?$/i.exec(cellText(cell));
  const n = m ? Number(m[1]) : 0;
  return n >= 1 ? n : null;
}

export function readRows(rows: SourceRow[], columns: Columns, problems: string[]): ReadRow[] {
  const out: ReadRow[] = [];
  for (const row of rows) {
    if (isBlankRow(row.cells)) {
      continue;
    }
    const at = (i: number) => row.cells[i] ?? null;
    const fy = parseFiscalYearCell(at(columns.year));
    const step = parseStep(at(columns.step));
    const cola = columns.cola === null ? { value: null } : parseCola(at(columns.cola));
    const where = `Row ${row.n}`;
    if (fy.value === null) {
      problems.push(
        `${where}, column fiscal_year: ${fy.problem ? `'${cellText(at(columns.year))}' is not a fiscal year (FY25 or 2025)` : 'missing'}`,
      );
    }
    if (step === null) {
      const text = cellText(at(columns.step));
      problems.push(
        `${where}, column step: ${text ? `'${text}' is not a step number (1, 2, 3, ...)` : 'missing'}`,
      );
    }
    if (cola.problem) {
      problems.push(`${where}, column cola: ${cola.problem}`);
    }
    const amounts = columns.lanes.map(({ name, index }) => {
      const cell = at(index);
      const money = parseMoney(cell);
      const column = `${where}, column '${name}'`;
      if (money.value === null && !money.problem) {
        problems.push(`${column}: the amount is missing`);
      } else if (money.value === null) {
        problems.push(`${column}: '${cellText(cell)}' ${money.problem}`);
      } else if (money.exact) {
        problems.push(`${column}: '${cellText(cell)}' has more than 2 decimals`);
      } else if (cents(money.value) <= 0n) {
        problems.push(`${column}: ${money.value} must be more than 0`);
      } else {
        return money.value;
      }
      return '';
    });
    const widest = Math.max(
      ...columns.lanes.map((l) => l.index),
      columns.year,
      columns.step,
      columns.cola ?? 0,
    );
    if (row.cells.slice(widest + 1).some((c) => cellText(c) !== '')) {
      problems.push(`${where}: a value past the last lane column, under no header`);
    }
    if (fy.value !== null && step !== null) {
      out.push({ n: row.n, fiscalYear: fy.value, step, cola: cola.value, amounts });
    }
  }
  return out;
}
